import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

// Overridable so that several builds can be tested side by side on one machine.
const port = Number(process.env.TAILBOUND_E2E_PORT ?? 4173);
const distDir = process.env.TAILBOUND_DIST ?? 'dist';
export const PREVIEW_URL = `http://127.0.0.1:${port}/`;
export const SUBPATH_URL = `http://127.0.0.1:${port + 1}/nested/tailbound/`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  // Generous for a loaded machine (CI beside another job): a fresh context's first DuckDB file read
  // took over 10 s there. Only a failing assertion waits it out.
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Long-task budgets (no task over 200 ms) are measured after everything else, one test at a time:
  // two tests side by side on the 2-core machine stretch each other's tasks.
  projects: [
    { name: 'chromium', grepInvert: /@timing/ },
    { name: 'timing', grep: /@timing/, dependencies: ['chromium'], workers: 1 },
  ],
  use: {
    baseURL: PREVIEW_URL,
    browserName: 'chromium',
    // Recording a trace of every test costs ~13% of the suite's time (measured: 3 specs, 49 tests,
    // 112–115 s without, 128–132 s with); a failure still prints its error and a screenshot.
    // TAILBOUND_TRACE=retain-on-failure records them when a failure needs one.
    trace: (process.env.TAILBOUND_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // The offline service worker would answer every request from its cache: specs that do not test
    // offline (e2e/offline.spec.ts) keep it out, so route interception and fresh builds work as before.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${distDir}`,
      url: PREVIEW_URL,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `node scripts/serve-subpath.mjs ${port + 1} /nested/tailbound/ ${distDir}`,
      url: SUBPATH_URL,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
