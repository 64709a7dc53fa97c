// npm start builds with `npm run build` when dist/ is missing, stale, or a plain vite build
// without its precompressed copies (issue 24: it served the app's JS uncompressed).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types; its one export is typed by use here
import { buildNeeded } from '../../scripts/buildState.mjs';

const needed = buildNeeded as (root: string) => string | null;
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, number>): string {
  root = mkdtempSync(join(tmpdir(), 'build-state-'));
  for (const [path, seconds] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, 'x');
    utimesSync(full, seconds, seconds);
  }
  return root;
}

describe('buildNeeded', () => {
  it('builds when dist/ is missing, or has no precompressed copies', () => {
    expect(needed(tree({ 'src/a.ts': 100 }))).toBe('dist/ is not built');
    expect(needed(tree({ 'src/a.ts': 100, 'dist/index.html': 200 }))).toBe('dist/ has no precompressed copies');
  });
  it('builds when a source is newer than the build, and not otherwise', () => {
    expect(needed(tree({ 'src/a.ts': 300, 'dist/index.html': 200, 'dist/index.html.br': 200 }))).toBe('the sources changed since the last build');
    expect(needed(tree({ 'src/a.ts': 100, 'dist/index.html': 200, 'dist/index.html.br': 200 }))).toBeNull();
  });
});
