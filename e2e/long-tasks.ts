import { expect, type Page } from '@playwright/test';

/** Records every long task's duration and span (PerformanceObserver 'longtask') from the page's start. */
export async function observeLongTasks(page: Page) {
  await page.addInitScript(() => {
    const tasks: number[] = [];
    const spans: { start: number; end: number }[] = [];
    Object.assign(window, { longTasks: tasks, longTaskSpans: spans });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => {
        tasks.push(entry.duration);
        spans.push({ start: entry.startTime, end: entry.startTime + entry.duration });
      }),
    ).observe({ type: 'longtask', buffered: true });
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

/**
 * The observer sees a task it should: a 300 ms busy loop (so the checks below can fail). It waits
 * for that very task's entry, not any long one: an earlier long task (a page load on a busy machine)
 * must not let this task's entry arrive later and be counted in the next measurement. Then forgets
 * every task so far. (Entries' times may be coarsened: 1 ms of slack at each end.)
 */
export async function expectObserverWorks(page: Page) {
  await page.evaluate(() => {
    delete (window as unknown as { observerCheck?: unknown }).observerCheck;
    setTimeout(() => {
      const start = performance.now();
      while (performance.now() - start < 300);
      Object.assign(window, { observerCheck: { start, end: performance.now() } });
    });
  });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { observerCheck, longTaskSpans } = window as unknown as {
          observerCheck?: { start: number; end: number };
          longTaskSpans: { start: number; end: number }[];
        };
        return observerCheck !== undefined && longTaskSpans.some((span) => span.start <= observerCheck.start + 1 && span.end >= observerCheck.end - 1);
      }),
    )
    .toBe(true);
  await takeLongTasks(page);
}

/** The long tasks' durations since the last call (and forgets them). */
export const takeLongTasks = (page: Page) =>
  page.evaluate(() => {
    const tasks = (window as unknown as { longTasks: number[] }).longTasks;
    return tasks.splice(0, tasks.length);
  });
