import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { getSyncClient } from '../workers/client';
import { App } from './App';
import { startLanguage } from './i18n';
import { startImpersonationFromAddress } from './impersonationStart';

// The service worker precaches the shell, every lazy chunk and both workers, so a reload
// with no network still opens the app on the data already in PWADB.
registerSW({ immediate: true });

// Ask once per start that the browser not evict PWADB (queued deliveries live there).
async function requestPersistentStorage(): Promise<void> {
  if (!navigator.storage?.persist) return;
  if (await navigator.storage.persisted()) return;
  const granted = await navigator.storage.persist();
  if (!granted) console.info('persistent storage not granted; PWADB may be evicted under storage pressure');
}
void requestPersistentStorage().catch((error: unknown) => console.warn('storage.persist failed', error));

// Start the sync worker now: it pulls and flushes the outbox whether or not a screen asks.
getSyncClient();

// An impersonation link is applied before the first render (usually a no-op), and the
// driver's language is set (Spanish loads its lazy catalog first).
void Promise.allSettled([startImpersonationFromAddress(), startLanguage()]).finally(() => {
  const root = document.getElementById('root');
  if (root) {
    // A transition: React renders the first screen in slices of a few ms, yielding between
    // them, instead of one task of several hundred ms on a slow phone (Chakra styles every
    // part on its first render), so a tap or a paint is never held that long.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  }
});
