import { expect, type Page } from '@playwright/test';

/** Records every long task's duration (PerformanceObserver 'longtask') from the page's start. */
export async function observeLongTasks(page: Page) {
  await page.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * Navigates from inside the page (a task of its own, as a click would be): work that DevTools
 * evaluates directly is not reported as a long task.
 */
export async function goToHash(page: Page, hash: string) {
  await page.evaluate((target) => {
    setTimeout(() => {
      window.location.hash = target;
      (window as unknown as { navigatedTo: string }).navigatedTo = target;
    });
  }, hash);
  await page.waitForFunction((target) => (window as unknown as { navigatedTo: string }).navigatedTo === target, hash);
}

/** The observer sees a task it should: a 300 ms busy loop (so the checks below can fail). */
export async function expectObserverWorks(page: Page) {
  await page.evaluate(() => {
    setTimeout(() => {
      const started = performance.now();
      while (performance.now() - started < 300);
    });
  });
  await expect.poll(async () => Math.max(0, ...(await takeLongTasks(page)))).toBeGreaterThanOrEqual(250);
}

/** The long tasks' durations since the last call (and forgets them). */
export const takeLongTasks = (page: Page) =>
  page.evaluate(() => {
    const tasks = (window as unknown as { longTasks: number[] }).longTasks;
    return tasks.splice(0, tasks.length);
  });
