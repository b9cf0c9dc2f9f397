import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The browser every test runs in (scripts/chromium.mjs): its `--disable-features` switch replaces
 * Playwright's own, so it must keep every feature Playwright disables, and add the omnibox popup.
 */

/** Playwright's own `--disable-features` list, read from the installed playwright-core. */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(join(process.cwd(), 'node_modules/playwright-core/lib/coreBundle.js'), 'utf8');
  const list = bundle.match(/disabledFeatures = \[([\s\S]*?)\]/)?.[1];
  if (list === undefined) throw new Error('playwright-core no longer has a `disabledFeatures = [...]` list: read scripts/chromium.mjs again');
  return [...list.matchAll(/"(\w+)"/g)].map((match) => match[1]!);
}

test('Chromium keeps every feature Playwright disables, and opens no omnibox popup with a context', async ({ browser }) => {
  const expected = playwrightDisabledFeatures();
  expect(expected.length).toBeGreaterThan(5);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('chrome://version/?show-variations-cmd');
  const shown = await page.locator('body').innerText();
  const disabled = shown.match(/--disable-features="([^"]*)"/)?.[1]?.split(',') ?? [];
  expect(disabled).toEqual(expect.arrayContaining([...expected, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  // A full headless browser would otherwise preload chrome://omnibox-popup.top-chrome/ in a renderer of
  // its own for every new context (a `browser_ui` target).
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
  expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
  expect(targetInfos.some((target) => target.type === 'page')).toBe(true);
  await context.close();
});
