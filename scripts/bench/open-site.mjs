// What the browser benchmarks share: the built site served from a folder, and Debian's Chromium.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

/**
 * Serves `dist` at http://127.0.0.1:`port`/ (scripts/serve-subpath.mjs) and launches Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium) with `extraArgs`; resolves once the server listens.
 * close() shuts both.
 */
export async function openSite(root, dist, port, extraArgs = []) {
  const server = spawn(process.execPath, ['scripts/serve-subpath.mjs', String(port), '/', dist], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
  return {
    browser,
    close: async () => {
      await browser.close();
      server.kill();
    },
  };
}
