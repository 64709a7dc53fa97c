import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { nextTask, whenIdle } from '../clock';
import { getSyncClient, syncWorkerReady } from '../workers/client';
import { startLanguage } from './i18n';
import { startCookieHandOff } from './cookieHandOff';
import { startImpersonationFromAddress } from './impersonationStart';
import { useWorkerLoginState } from './hooks/useWorkerLoginState';
import { readHtmlForm, type CarriedForm } from './loginTakeover';
import { LoginScreen } from './routes/LoginScreen';
import { BootFailure } from './BootFailure';
import { drawsWithoutChakra } from './chakra';
import { keptHome } from './homeSnapshot';
import { loadOnce } from './screenCode';

// Ask once per start that the browser not evict PWADB (queued deliveries live there).
async function requestPersistentStorage(): Promise<void> {
  if (!navigator.storage?.persist) return;
  if (await navigator.storage.persisted()) return;
  const granted = await navigator.storage.persist();
  if (!granted) console.info('persistent storage not granted; PWADB may be evicted under storage pressure');
}
void requestPersistentStorage().catch((error: unknown) => console.warn('storage.persist failed', error));

// Read before an impersonation link or the main app's cookie changes the session (both drop it).
const homeKept = keptHome() !== null;

// The sync worker pulls and flushes the outbox whether or not a screen asks. A start that draws
// Home's kept rows starts it once the page's PWADB has opened (or failed to) and the page is
// next idle, after the first live cards and what a tap on one opens: its code (RxDB, the
// largest module) and its first run shared the phone's cores with them (ARCHITECTURE.md "A
// start's main thread" has the figures). Any other start needs it at once (a sign-in goes
// through it).
if (homeKept) {
  void import('./hooks/useDatabase')
    .then((module) => module.whenPageDatabaseTried())
    .catch(() => undefined)
    .then(() => whenIdle(2000))
    .then(() => getSyncClient());
} else getSyncClient();

/**
 * The app's start in steps instead of one task of ~400 ms on a phone (4× throttle), during
 * which a tap waited (Lighthouse: total blocking time, issue 24). A start on Home with its rows
 * kept (homeSnapshot.ts) evaluates the app alone and draws them; the page's PWADB (RxDB, the
 * largest module) loads when the screens first read it, after that first render. Any other
 * start opens PWADB first, beside the app's code. Chakra and the theme (createSystem, ~130 ms,
 * one call) load only when the first screen draws with Chakra (chakra.tsx: Home and the Shell
 * are plain).
 */
async function evaluateInSteps(): Promise<typeof import('./App')> {
  if (!homeKept) {
    const { pageDatabase } = await import('./hooks/useDatabase');
    pageDatabase().catch((error: unknown) => console.error('PWADB did not open', error));
    await nextTask();
  }
  if (!drawsWithoutChakra(window.location.pathname)) {
    await import('./chakraProvider');
    await nextTask();
  }
  return import('./App');
}

/** The app (the router, every screen): its own chunk, so /login can paint without it; asked for again after a chunk did not arrive. */
const loadApp = loadOnce(evaluateInSteps);
let serviceWorker = false;

/**
 * Opens the app; if its code does not arrive (a cold start on one bar of signal before the
 * service worker holds it), the splash gives way to a message with Try again, which also
 * fires by itself when the browser says it is back online. Trying again loads the page
 * afresh: Chromium remembers a failed import() of a module and does not fetch it again.
 */
function openAppOrSayWhy(root: Root): void {
  openApp(root).catch((error: unknown) => {
    console.error('the app did not load', error);
    root.render(<BootFailure onRetry={() => window.location.reload()} />);
  });
}

/**
 * The service worker precaches the shell, every lazy chunk and both workers (~3.4 MB), so a
 * reload with no network still opens the app on the data already in PWADB. Registered once this
 * phone has synced (or its first run ended): on a first sign-in over one bar of signal the
 * precache would otherwise share the link with the sign-in and the first list for minutes (issue
 * 24). A phone that synced before registers as soon as the app's code is in.
 */
function registerServiceWorkerOnceSynced(): void {
  if (serviceWorker) return;
  serviceWorker = true;
  void loadApp()
    .then(() => import('./hooks/useDatabase'))
    .then((module) => module.whenPageDatabaseOpens())
    .then(() => import('./pageDatabase'))
    .then((module) => module.whenSyncedOnce())
    .then(() => registerSW({ immediate: true }))
    .catch((error: unknown) => console.warn('the service worker was not registered', error));
}

async function openApp(root: Root): Promise<void> {
  registerServiceWorkerOnceSynced();
  const { App } = await loadApp();
  // A transition: React renders the first screen in slices of a few ms, yielding between
  // them, instead of one task of several hundred ms on a slow phone (Chakra styles every
  // part on its first render), so a tap or a paint is never held that long.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/** LoginScreen on the sync worker's database: the page opens none before the driver signs in. */
function FirstLogin({ redirect, onAuthenticated, carried }: { redirect: string; onAuthenticated: (target: string) => void; carried: CarriedForm | null }) {
  return <LoginScreen state={useWorkerLoginState()} redirect={redirect} onAuthenticated={onAuthenticated} carried={carried} />;
}

/**
 * A fresh /login (a new driver's first load, a bookmark) shows the plain login screen alone;
 * the app is loaded once the stored session says the driver is signed in, at the address
 * the screen chose. Every other address opens the app, which has its own /login route.
 */
function showLogin(root: Root): void {
  const redirect = new URLSearchParams(window.location.search).get('redirect') ?? '';
  let opening = false;
  const onAuthenticated = (target: string): void => {
    if (opening) return;
    opening = true;
    window.history.replaceState(null, '', target);
    // Signed in but the app's code could not load: loading the target afresh (the service
    // worker has it, or the browser says there is no connection) beats a splash that stays.
    openApp(root).catch((error: unknown) => {
      console.error('the app did not load after sign-in', error);
      window.location.reload();
    });
  };
  // The driver has started to sign in (a tap, a key, a field in focus): the app's code and the
  // page's database load while they type, not after the sign-in answers; after the sync
  // worker's code, which the sign-in needs first. A page nobody touches (a crawler, Lighthouse)
  // loads neither. On login.html the driver may have typed before this code arrived.
  const loadAppAfterWorker = (): void => void syncWorkerReady().then(loadApp, loadApp);
  const element = document.getElementById('root');
  // What was typed on login.html's form, read in the same task as the render that replaces it,
  // so no key lands in between (flushSync: the render is not deferred).
  const carried = readHtmlForm(document);
  // A Sign in pressed before this code arrived goes first: the app's code loads once it is
  // answered (onAuthenticated), not beside it, where its dozen requests held the sign-in back
  // for seconds on the 6 connections a browser keeps per host.
  if (carried?.submitted) return renderLogin(root, redirect, onAuthenticated, carried);
  if (carried?.touched) loadAppAfterWorker();
  else for (const type of ['focusin', 'pointerdown', 'keydown']) element?.addEventListener(type, loadAppAfterWorker, { once: true, passive: true });
  renderLogin(root, redirect, onAuthenticated, carried);
}

/** Renders the login screen at once (flushSync), in the same task as `carried` was read: no key lands in between. */
function renderLogin(root: Root, redirect: string, onAuthenticated: (target: string) => void, carried: CarriedForm | null): void {
  flushSync(() =>
    root.render(
      <StrictMode>
        <FirstLogin redirect={redirect} onAuthenticated={onAuthenticated} carried={carried} />
      </StrictMode>,
    ),
  );
}

// An impersonation link is applied before the first render (usually a no-op), then a token the
// main app left in the `jwt` cookie (SPEC §6: impersonation takes precedence, so it goes second),
// and the driver's language is set (Spanish loads its lazy catalog first).
void Promise.allSettled([startImpersonationFromAddress().finally(startCookieHandOff), startLanguage()]).finally(() => {
  const element = document.getElementById('root');
  if (!element) return;
  const root = createRoot(element);
  if (window.location.pathname === '/login') showLogin(root);
  else openAppOrSayWhy(root);
});
