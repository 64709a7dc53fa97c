import * as Comlink from 'comlink';
import type { SyncWorkerApi } from './protocol';
import { SYNC_WORKER_URL } from './syncWorkerUrl';

// The page's handle on the sync worker. Created once; forwards the page's connectivity and
// visibility to the worker (a dedicated worker sees neither reliably, and Safari has no
// Background Sync, so the page nudges it).
let remote: Comlink.Remote<SyncWorkerApi> | null = null;

export function getSyncClient(): Comlink.Remote<SyncWorkerApi> {
  if (remote) return remote;
  const worker = new Worker(SYNC_WORKER_URL, { type: 'module', name: 'sync' });
  const api = Comlink.wrap<SyncWorkerApi>(worker);
  remote = api;
  void api.init({ baseUrl: '' }).then(() => api.setOnline(navigator.onLine));
  const forwardOnline = (): void => void api.setOnline(navigator.onLine);
  window.addEventListener('online', forwardOnline);
  window.addEventListener('offline', forwardOnline);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void api.syncNow('resumed');
  });
  return api;
}
