#!/usr/bin/env node
// `npm start`: build the PWA (npm run build) when dist/ is missing, stale or uncompressed, then run the
// server with tsx, forwarding signals so Ctrl-C and `docker stop` shut it down cleanly.
// package.json runs this as `exec node scripts/start.mjs`: npm forwards SIGTERM/SIGINT to its
// child only, and a plain `sh -c` (dash) would die of it and leave us running as an orphan.
// We exit with the server's code (0 after a clean shutdown), which npm passes on.
// DRIVER_APP_SKIP_BUILD=1 skips the build (dist/ built earlier, e.g. in an image layer; tests).
import { spawn, spawnSync } from 'node:child_process';
import { buildNeeded } from './buildState.mjs';

// The same build as `npm run build` (vite, then the precompressed copies the server sends),
// so what `npm start` serves is what was measured. A failed build stops here, loudly.
const reason = process.env.DRIVER_APP_SKIP_BUILD === '1' ? null : buildNeeded();
if (reason) {
  console.log(`Building the PWA (npm run build): ${reason}…`);
  const res = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`npm start: the build failed (exit ${res.status}); nothing is served. Fix the error above and run npm start again.`);
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
