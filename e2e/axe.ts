import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe on the current page in both colour schemes; a failure names each rule and how many nodes break it. */
export async function expectNoAxeViolations(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations, `${colorScheme}: ${violations.map((violation) => `${violation.id} (${violation.nodes.length})`).join(', ')}`).toEqual([]);
  }
}
