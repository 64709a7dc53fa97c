import { useSyncExternalStore } from 'react';

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
export function notify(message: string, variant: SnackbarVariant = 'default'): void {
  const type = variant === 'default' ? 'info' : variant;
  const id = `${variant}:${message}`;
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
