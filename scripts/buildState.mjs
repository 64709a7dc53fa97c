// Whether dist/ must be built again before `npm start` serves it: missing, older than its
// sources, or built without its precompressed copies (a plain `vite build`), which the server
// would then send uncompressed. Used by scripts/start.mjs; unit-tested in test/unit/buildState.test.ts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/precompress.mjs'];

/** The reason dist/ under `root` needs `npm run build`, or null when it is up to date. */
export function buildNeeded(root = '.') {
  const shell = join(root, 'dist/index.html');
  const compressed = join(root, 'dist/index.html.br');
  if (!existsSync(shell)) return 'dist/ is not built';
  if (!existsSync(compressed)) return 'dist/ has no precompressed copies';
  const built = Math.min(statSync(shell).mtimeMs, statSync(compressed).mtimeMs);
  return Math.max(...SOURCES.map((source) => newestMtime(join(root, source)))) > built ? 'the sources changed since the last build' : null;
}
