// Serves dist/ under a subpath (default /nested/tailbound/) to prove the build works away from "/".
// Usage: node scripts/serve-subpath.mjs [port] [subpath] [dist folder]. Anything outside the subpath, and any missing file, is a 404.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.argv[2] ?? 4174);
const prefix = process.argv[3] ?? '/nested/tailbound/';
const root = fileURLToPath(new URL(`../${process.argv[4] ?? 'dist'}/`, import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.csv': 'text/csv; charset=utf-8',
  '.wasm': 'application/wasm',
};

createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  if (!path.startsWith(prefix)) {
    response.writeHead(404).end('not under the subpath');
    return;
  }
  const relative = normalize(path.slice(prefix.length) || 'index.html');
  if (relative.startsWith('..')) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(join(root, relative));
    response.writeHead(200, { 'content-type': types[extname(relative)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end('not found');
  }
}).listen(port, '127.0.0.1', () => console.log(`dist/ served at http://127.0.0.1:${port}${prefix}`));
