/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  // Relative base + hash routes: the built site works from any subpath.
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  // 'mpa' makes `vite preview` answer 404 for missing files instead of index.html.
  appType: 'mpa',
  build: { target: 'es2022', sourcemap: false },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es' },
  test: {
    // Property tests run 10^4 cases; on a loaded 2-core machine that can pass 5 s. Speed is the bench's job.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
