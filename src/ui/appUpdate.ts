// "Update app" (ClientTooOldBanner): fetch the newest build and reload into it. The service
// worker is registered with autoUpdate (vite.config.ts: skipWaiting + clientsClaim, through
// workbox-window's registerSW), so a new build installs and takes over on its own; this asks
// the browser to check now, lets a worker that is installing or waiting take over, then
// reloads. Queued work is in PWADB and survives the reload.

const TAKEOVER_LIMIT_MS = 10_000;

function activated(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.state === 'activated') return resolve();
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated' || worker.state === 'redundant') resolve();
    });
    worker.postMessage({ type: 'SKIP_WAITING' }); // what workbox's messageSkipWaiting sends
  });
}

export async function updateApp(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  try {
    await registration?.update();
  } catch {
    // Offline or the script could not be fetched: the reload still picks up a waiting build.
  }
  const next = registration?.installing ?? registration?.waiting;
  if (next) await Promise.race([activated(next), new Promise((resolve) => setTimeout(resolve, TAKEOVER_LIMIT_MS))]);
  window.location.reload();
}
