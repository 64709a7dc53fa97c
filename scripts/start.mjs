#!/usr/bin/env node
// `npm start`: build the PWA when dist/ is missing or older than its sources, then run the
// server with tsx, forwarding signals so Ctrl-C and `docker stop` shut it down cleanly.
// package.json runs this as `exec node scripts/start.mjs`: npm forwards SIGTERM/SIGINT to its
// child only, and a plain `sh -c` (dash) would die of it and leave us running as an orphan.
// We exit with the server's code (0 after a clean shutdown), which npm passes on.
// DRIVER_APP_SKIP_BUILD=1 skips the build (dist/ built earlier, e.g. in an image layer; tests).
import { spawn, spawnSync } from 'node:child_process';
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

const shell = 'dist/index.html';
const sources = ['src', 'public', 'index.html', 'vite.config.ts'];
const built = existsSync(shell) ? statSync(shell).mtimeMs : 0;
const skipBuild = process.env.DRIVER_APP_SKIP_BUILD === '1';
if (!skipBuild && (built === 0 || Math.max(...sources.map(newestMtime)) > built)) {
  console.log('Building the PWA (vite build)…');
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`vite build failed (exit ${res.status})`);
    process.exit(res.status ?? 1);
  }
}

// node --import tsx runs the server in this one child (no npx/tsx wrapper processes that
// would swallow the signals and leave the server orphaned).
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
