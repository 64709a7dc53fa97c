// Where the page finds the sync worker. In a build it is the `sync-worker` entry of the page's
// own build (vite.config.ts), so it shares RxDB and the rest with the page instead of shipping
// them twice; the dev server serves the TypeScript source as a module directly. A string, not
// `new URL(…, import.meta.url)`, on purpose: that pattern makes Vite bundle a separate copy.
export const SYNC_WORKER_URL = import.meta.env.DEV ? '/src/workers/sync.worker.ts' : '/sync-worker.js';
