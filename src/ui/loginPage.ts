// /login's first module (login.html), kept tiny so it runs one round trip after the document:
// the sign-in form is already on screen and usable (the document's own script holds a tap on
// Sign in). It starts the sync worker (the sign-in goes through it, so its code is the first the
// link carries: login.html preloads its chunks, scripts/viteLoginPage.ts) and loads the page's
// own code (main.tsx), which renders LoginScreen in the form's place (loginTakeover.ts), once the
// worker's chunks and the page's are in: imported at once, the page's modules went first and the
// worker's own script waited 3 s for one of the 6 connections a browser keeps per host.
import { startSyncWorker, whenSyncWorkerUp } from '../workers/syncWorkerStart';
import { HTML_FORM } from './loginTakeover';

/** Whether `element` (a link or a script) loaded: true on its load event, false on its error. */
function loaded(element: HTMLLinkElement | HTMLScriptElement): Promise<boolean> {
  return new Promise((resolve) => {
    element.addEventListener('load', () => resolve(true), { once: true });
    element.addEventListener('error', () => resolve(false), { once: true });
  });
}

/** Each chunk login.html preloads for the sign-in (the worker's, the page's: scripts/viteLoginPage.ts) has arrived (or failed). */
function preloadsDone(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-sign-in]')];
  const done = (link: HTMLLinkElement): Promise<unknown> => (performance.getEntriesByName(link.href).length > 0 ? Promise.resolve() : loaded(link));
  return Promise.all(links.map(done)).then(() => undefined);
}

/**
 * Runs the classic scripts login.html preloads for the page's code (React and what rides with it,
 * read from their global by main.tsx's imports: scripts/vite/classicVendor.ts); none in development.
 */
function runClassicScripts(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-classic-script]')];
  const run = async (link: HTMLLinkElement): Promise<void> => {
    const script = document.createElement('script');
    script.src = link.href;
    const ran = loaded(script);
    document.head.append(script);
    if (!(await ran)) throw new Error(`${link.href} did not load`);
  };
  return Promise.all(links.map(run)).then(() => undefined);
}

startSyncWorker();
Promise.race([whenSyncWorkerUp(), preloadsDone()])
  .then(runClassicScripts)
  .then(() => import('./main'))
  .catch((error: unknown) => {
    // The page's code did not arrive (the signal dropped). Chromium does not fetch a module
    // that failed again, so Sign in loads the page afresh (at once if it was already pressed).
    console.error('the app did not load', error);
    const form = document.querySelector<HTMLFormElement>(HTML_FORM);
    if (form?.dataset.submitted) window.location.reload();
    else form?.addEventListener('submit', () => window.location.reload());
  });
