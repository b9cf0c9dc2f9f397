// `npm run bench`: bundles the TypeScript benchmark with esbuild and runs it in Node, then reports
// the minified + gzipped size of the stats module alone. Medians and ratios, one run, one machine.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

// Inside the project so the bundle resolves @stdlib and jStat from node_modules.
const workDir = join('node_modules', '.cache', 'tailbound-bench');
mkdirSync(workDir, { recursive: true });
try {
  const statsBundle = await build({
    entryPoints: ['src/stats/index.ts'],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const code = statsBundle.outputFiles[0].contents;
  const gzipBytes = gzipSync(code, { level: 9 }).length;

  const entry = join(workDir, 'bench.mjs');
  await build({
    entryPoints: ['scripts/bench/run-bench.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: entry,
    logLevel: 'warning',
    // The comparison libraries are CommonJS packages: load them from node_modules at run time.
    external: ['@stdlib/*', 'jstat'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  console.log(`tailbound bench — ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log(`\nStats module bundle (src/stats, minified): ${(code.length / 1024).toFixed(1)} KB, gzip ${(gzipBytes / 1024).toFixed(2)} KB (target ≤ 6 KB)`);
  const { runBench } = await import(pathToFileURL(join(process.cwd(), entry)).href);
  await runBench();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
