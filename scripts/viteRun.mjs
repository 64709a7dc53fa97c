#!/usr/bin/env node
// `node scripts/viteRun.mjs <file.ts> [args…]`: runs a TypeScript command through Vite's module
// runner. The tools that run the sync engine in Node (`npm run bench`, `npm run replay`) need
// it: the engine finds its outbox kinds with import.meta.glob (src/outbox/registry.ts), a Vite
// feature that tsx alone does not provide. The file's own arguments follow it, as if it were run
// directly (process.argv[2] is its first).
import { resolve } from 'node:path';
import { createServer, createServerModuleRunner } from 'vite';

const [file] = process.argv.splice(2, 1);
if (!file) {
  console.error('usage: node scripts/viteRun.mjs <file.ts> [args…]');
  process.exit(2);
}
// A runner that stays open: the command's work goes on after its module's top level returns
// (runnerImport closes its runner then, and the next dynamic import fails). No file watcher, so
// the process ends when the command's own work does.
const vite = await createServer({
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
await runner.import(resolve(file));
