// Takes the README's screenshot from the real production build: serves it with `vite preview`,
// opens a sample detector's details in Debian's Chromium and saves docs/screenshot.png.
// Usage: npm run build && node scripts/screenshot.mjs [dist folder] [port]
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = process.argv[2] ?? 'dist';
const port = Number(process.argv[3] ?? 4310);
const baseUrl = `http://127.0.0.1:${port}/`;
const output = fileURLToPath(new URL('../docs/screenshot.png', import.meta.url));

const server = spawn(
  fileURLToPath(new URL('../node_modules/.bin/vite', import.meta.url)),
  ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', distDir],
  { cwd: root, stdio: 'inherit' },
);

try {
  await waitForServer(baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1200, height: 1180 }, deviceScaleFactor: 1 });
  await page.goto(`${baseUrl}#/detectors/pallet-overhang?delta=0.05`);
  // The default interval (Buehler’s, never wider than the union bound) with the blog’s union bound beside it.
  await page.getByRole('checkbox', { name: /the blog’s union bound beside it/ }).check();
  await mkdir(new URL('../docs/', import.meta.url), { recursive: true });
  await page.screenshot({ path: output, fullPage: false });
  await browser.close();
  console.log(`saved ${output}`);
} finally {
  server.kill();
}

async function waitForServer(url) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the preview server did not answer at ${url}`);
}
