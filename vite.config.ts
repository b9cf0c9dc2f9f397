/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The production page's Content-Security-Policy. Scripts only from our own origin (no inline
 * script); styles may be inline because recharts positions its tooltips with style attributes;
 * `connect-src https:` lets a user load a detectors file from a URL they explicitly confirmed;
 * `'wasm-unsafe-eval'` lets the evaluation engine (DuckDB-WASM, same origin) compile its WebAssembly,
 * and allows no JavaScript eval.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/** Only in the build: the dev server injects inline scripts for hot reload. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'tailbound-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * The service worker that makes the built site an offline app (Workbox through vite-plugin-pwa;
 * registered by src/app/service-worker.ts, in production builds only). It precaches every file of the
 * build but the DuckDB wasm — every route's chunks, CSS, workers, index.html and the sample detectors
 * — so that any view opens offline after one visit, from any subpath (every URL is relative to the
 * worker's own). The 34 MB wasm (7.7 MB gzip) would be downloaded by every visitor at install;
 * it is cached instead the first time a file is opened (cache first: its name carries its hash).
 * A new build waits until the reader chooses to reload (registerType 'prompt').
 */
function offlineServiceWorker() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: null,
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,json}'],
      // The DuckDB worker script (0.8 MB) is precached with everything else; nothing of ours is larger.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      // Hash routes: every navigation is to the folder or its index.html (with ?src= at most).
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/\/(index\.html)?$/],
      cleanupOutdatedCaches: true,
      // The first visit's page is controlled at once, so views opened later in it load offline too;
      // a new build still waits for the reader's Reload (no skipWaiting).
      clientsClaim: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.wasm'),
          handler: 'CacheFirst',
          options: { cacheName: 'tailbound-wasm', expiration: { maxEntries: 2 } },
        },
      ],
    },
  });
}

export default defineConfig({
  // Relative base + hash routes: the built site works from any subpath.
  base: './',
  plugins: [react(), contentSecurityPolicy(), offlineServiceWorker()],
  // 'mpa' makes `vite preview` answer 404 for missing files instead of index.html.
  appType: 'mpa',
  build: { target: 'es2022', sourcemap: false },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es' },
  test: {
    // Property tests run 10^4 cases; on a loaded 2-core machine that can pass 5 s. Speed is the bench's job.
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores — one worker on a 2-core machine, where the
    // main process sits idle while files run: every core halves the suite's time.
    maxWorkers: '100%',
    // Worker threads start a test file faster than child processes (forks, the default): the jsdom
    // files took 61 s instead of 73 s (one run each, quiet). Each file still gets its own context.
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['src/**/*.test.ts'], environment: 'node', setupFiles: ['src/test/fast-check-seed.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/fast-check-seed.ts', 'src/test/setup.ts'],
        },
      },
    ],
  },
});
