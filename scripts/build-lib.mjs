#!/usr/bin/env node
/**
 * The npm package's build (`npm run build:lib`, run by `npm pack` through prepack): the stats library
 * (src/stats/index.ts → lib/index.js, ESM, no dependencies) with its type declarations
 * (tsconfig.lib.json → lib/types), and the `tailbound` command line (src/cli/bin.ts → lib/cli.js,
 * for Node ≥ 20, its parser and the dashboard's data code bundled in; @duckdb/node-api stays an
 * optional dependency, imported only for per-example files).
 * `--outdir DIR` builds elsewhere (the CLI tests); `--no-types` skips the declarations.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' }, 'no-types': { type: 'boolean' } } });
const outdir = resolve(values.outdir ?? join(root, 'lib'));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

rmSync(outdir, { recursive: true, force: true });
const common = { absWorkingDir: root, bundle: true, format: 'esm', target: 'es2022', legalComments: 'none', logLevel: 'warning' };
await build({ ...common, entryPoints: ['src/stats/index.ts'], outfile: join(outdir, 'index.js'), platform: 'neutral' });
await build({
  ...common,
  entryPoints: ['src/cli/bin.ts'],
  outfile: join(outdir, 'cli.js'),
  platform: 'node',
  target: 'node20',
  external: ['@duckdb/node-api'],
  define: { __TAILBOUND_VERSION__: JSON.stringify(version) },
  // commander is CommonJS: its require('node:events') needs a require in the ES module.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __tailboundRequire } from 'node:module';\nconst require = __tailboundRequire(import.meta.url);" },
});
if (!values['no-types']) {
  const types = join(outdir, 'types');
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.lib.json'), '--outDir', types], { stdio: 'inherit' });
  // Node's ESM resolution (TypeScript's node16/nodenext) wants full relative specifiers: './types' → './types.js'.
  for (const file of readdirSync(types)) {
    const path = join(types, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/(from\s+|import\()(['"])(\.\.?\/[^'"]+?)(?<!\.js)\2/g, '$1$2$3.js$2'));
  }
}
