import type { Page } from '@playwright/test';

/** Opens every "Show the data" disclosure so that axe and the assertions see the tables too. */
export async function openDataTables(page: Page) {
  const closed = page.locator('details:not([open]) > summary');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** Records every aria-valuenow a progressbar takes, from the first script on, in window.__progressValues. */
export async function recordProgress(page: Page) {
  await page.addInitScript(() => {
    const values: Record<string, number[]> = {};
    (window as unknown as { __progressValues: typeof values }).__progressValues = values;
    const record = (element: Element) => {
      if (element.getAttribute('role') !== 'progressbar') return;
      const name = element.getAttribute('aria-label') ?? '';
      (values[name] ??= []).push(Number(element.getAttribute('aria-valuenow')));
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'attributes') record(mutation.target as Element);
        mutation.addedNodes.forEach((node) => {
          if (node instanceof Element) [node, ...node.querySelectorAll('[role="progressbar"]')].forEach(record);
        });
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

export async function progressValues(page: Page, name: string): Promise<number[]> {
  return page.evaluate((label) => (window as unknown as { __progressValues: Record<string, number[]> }).__progressValues[label] ?? [], name);
}
