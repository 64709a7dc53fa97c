import { SYNC_WORKER_URL } from './syncWorkerUrl';

// The sync worker itself, one per page. Apart from client.ts (its RPC handle, with comlink) so
// that /login's first module (src/ui/loginPage.ts) can start it before anything else arrives:
// the sign-in goes through the worker, so its code is the first the thin link should carry.

/** What the worker posts as its code starts running: all of it has arrived (sync.worker.ts). */
export const SYNC_WORKER_UP = 'driver-app:sync-worker-up';

let worker: Worker | null = null;
let up: Promise<void> | null = null;

export function startSyncWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(SYNC_WORKER_URL, { type: 'module', name: 'sync' });
  // A worker that fails to load counts as up: what waits for it must not wait forever.
  up = new Promise<void>((resolve) => {
    const done = (event: Event): void => {
      if (event instanceof MessageEvent && event.data !== SYNC_WORKER_UP) return;
      started.removeEventListener('message', done);
      started.removeEventListener('error', done);
      resolve();
    };
    started.addEventListener('message', done);
    started.addEventListener('error', done);
  });
  worker = started;
  return started;
}

/** Resolves once the worker's code has all arrived and runs (or it failed to load). */
export function whenSyncWorkerUp(): Promise<void> {
  startSyncWorker();
  return up ?? Promise.resolve();
}
