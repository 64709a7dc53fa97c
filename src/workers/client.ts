import * as Comlink from 'comlink';
import type { SyncWorkerApi } from './protocol';
import { startSyncWorker } from './syncWorkerStart';

// The page's handle on the sync worker. Created once; forwards the page's connectivity and
// visibility to the worker (a dedicated worker sees neither reliably, and Safari has no
// Background Sync, so the page nudges it).
let remote: Comlink.Remote<SyncWorkerApi> | null = null;
let ready: Promise<void> | null = null;

export function getSyncClient(): Comlink.Remote<SyncWorkerApi> {
  if (remote) return remote;
  const api = Comlink.wrap<SyncWorkerApi>(startSyncWorker());
  remote = api;
  ready = api.init({ baseUrl: '' }).then(() => api.setOnline(navigator.onLine));
  ready.catch((error: unknown) => console.error('the sync worker did not start', error));
  const forwardOnline = (): void => void api.setOnline(navigator.onLine);
  window.addEventListener('online', forwardOnline);
  window.addEventListener('offline', forwardOnline);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void api.syncNow('resumed');
  });
  return api;
}

/** Resolves once the sync worker has its code and answers: on /login, the app's code is loaded after it (main.tsx). */
export function syncWorkerReady(): Promise<void> {
  getSyncClient();
  return ready ?? Promise.resolve();
}
