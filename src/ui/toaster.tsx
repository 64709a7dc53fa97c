import { useSyncExternalStore } from 'react';
import { clockMs } from '../clock';

// The app's snackbars (SPEC §9). The view and its store are a lazy chunk (toasterView.tsx):
// most first loads show none, and the toast machinery was ~5 KB of the first load's 300 KB
// budget. A snackbar asked for before the chunk arrives waits here and shows once it is in.

export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info' | 'default';

type View = typeof import('./toasterView');

let view: View | null = null;
let loading: Promise<void> | null = null;
/** Snackbars asked for before the view was mounted, by id (a repeat replaces its first). */
const waiting = new Map<string, { title: string; type: Exclude<SnackbarVariant, 'default'> }>();
let mounted = false;
const listeners = new Set<() => void>();
/**
 * Snackbars about one screen's action (a refusal, a rule broken, "Saved on this phone"), by id:
 * the screen and the time each was shown. Leaving that screen takes down those shown more than
 * FRESH_MS before: an old error must not follow the driver to Home. A fresh one stays, as it is
 * about the tap that led to the new screen (Deliver → Home: "Attempting to deliver order").
 */
const onScreen = new Map<string, { path: string; at: number }>();
export const FRESH_MS = 2_000;

/** `screen`: about the action of the screen it was shown on; `app`: about the app's data (a failing read), kept across screens. */
export type SnackbarScope = 'screen' | 'app';

function load(): void {
  loading ??= import('./toasterView')
    .then((module) => {
      view = module;
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => {
      // Precached by the service worker, so only a broken deploy gets here; try again next time.
      loading = null;
      console.warn('the snackbars could not be loaded', error);
    });
}

function show(id: string, title: string, type: Exclude<SnackbarVariant, 'default'>): void {
  view?.toaster.create({ id, title, type, closable: true });
}

/** The view is on the page: the snackbars that waited are shown, in the order asked. */
function flush(): void {
  mounted = true;
  for (const [id, { title, type }] of waiting) show(id, title, type);
  waiting.clear();
}

/**
 * Shows a snackbar. The id is derived from the text so the same message shown twice
 * updates the visible one instead of stacking a duplicate (SPEC §2).
 */
export function notify(message: string, variant: SnackbarVariant = 'default', scope: SnackbarScope = 'screen'): void {
  const type = variant === 'default' ? 'info' : variant;
  const id = `${variant}:${message}`;
  if (scope === 'screen') onScreen.set(id, { path: location.pathname, at: clockMs() });
  else onScreen.delete(id);
  if (view && mounted) {
    show(id, message, type);
    return;
  }
  waiting.delete(id);
  waiting.set(id, { title: message, type });
  load();
}

/** Takes a snackbar down early (a progress text once its outcome is shown). */
export function dismissNotice(message: string, variant: SnackbarVariant = 'default'): void {
  const id = `${variant}:${message}`;
  waiting.delete(id);
  view?.toaster.dismiss(id);
}

/** The driver is now on `path` (the Shell calls it on every change): stale snackbars of other screens go. */
export function screenChanged(path: string): void {
  const now = clockMs();
  for (const [id, shown] of onScreen) {
    if (shown.path === path || now - shown.at < FRESH_MS) continue;
    onScreen.delete(id);
    waiting.delete(id);
    view?.toaster.dismiss(id);
  }
}

/** Takes every snackbar down (a new session starts). */
export function dismissAll(): void {
  waiting.clear();
  view?.toaster.dismiss();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the snackbars show: nothing until the first one is asked for. */
export function Toaster() {
  const loaded = useSyncExternalStore(subscribe, () => view);
  if (!loaded) return null;
  const { ToasterView } = loaded;
  return <ToasterView onMounted={flush} />;
}
