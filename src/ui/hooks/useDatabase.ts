import { use, useCallback, useEffect, useMemo, useState, type DependencyList } from 'react';
import type { Observable } from 'rxjs';
import type { BlobStore, DriverDatabase } from '../../db';
import { useObservable } from './useObservable';

// The page's PWADB (RxDB and Dexie, the app's largest module) is a chunk of its own, loaded on
// first use and not with the app: a start draws Home from the rows kept with its picture and
// the Shell from nothing, then reads the database (issue 24: the live list in a second).
// pageDatabase() returns one cached promise, so React's use() suspends on the same one.

let opening: Promise<DriverDatabase> | null = null;
let opened: DriverDatabase | undefined;
let announceOpen: (db: DriverDatabase) => void = () => undefined;
const openedOnce = new Promise<DriverDatabase>((resolve) => (announceOpen = resolve));
let announceTried: () => void = () => undefined;
const triedOnce = new Promise<void>((resolve) => (announceTried = resolve));

/** Loads the page's database code and opens PWADB (pageDatabase.ts), once per page. */
export function pageDatabase(): Promise<DriverDatabase> {
  opening ??= import('../pageDatabase')
    .then((module) => module.openPageDatabase(window.location.pathname === '/login'))
    .then(
      (db) => {
        announceOpen(db);
        announceTried();
        return (opened = db);
      },
      (error: unknown) => {
        opening = null; // a chunk that did not arrive is asked for again by the next reader
        announceTried();
        throw error;
      },
    );
  return opening;
}

/** Resolves once a reader has opened the page's PWADB (main.tsx: what waits for it does not open it sooner). */
export function whenPageDatabaseOpens(): Promise<DriverDatabase> {
  return openedOnce;
}

/** Resolves once a reader has opened the page's PWADB or failed to (main.tsx: the sync worker starts then). */
export function whenPageDatabaseTried(): Promise<void> {
  return triedOnce;
}

/** The page's PWADB for a screen that writes or must not draw without it: suspends until open. */
export function useDatabase(): DriverDatabase {
  return opened ?? use(pageDatabase());
}

/**
 * The page's PWADB once it is open, undefined before: what the Shell and Home read, so they
 * draw at once and fill in as the database answers. A database that cannot open reaches the
 * route's error boundary.
 */
export function useOpenDatabase(): DriverDatabase | undefined {
  const [db, setDb] = useState(opened);
  useEffect(() => {
    if (db) return;
    let current = true;
    pageDatabase().then(
      (open) => current && setDb(open),
      (error: unknown) =>
        current &&
        setDb(() => {
          throw error;
        }),
    );
    return () => {
      current = false;
    };
  }, [db]);
  return db;
}

/**
 * What a screen reads from the page's PWADB: the latest value of `make(db)`, undefined until
 * the database is open and the query first answers. `deps` are what `make` reads besides the
 * database (lint checks them at each call: react-hooks additionalHooks); a change resubscribes.
 */
export function useDbObservable<T>(make: (db: DriverDatabase) => Observable<T>, deps: DependencyList): T | undefined {
  const db = useOpenDatabase();
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the caller's deps, checked at each call
  const query = useCallback(make, deps);
  return useObservable(useMemo(() => db && query(db), [db, query]));
}

let blobs: Promise<BlobStore> | null = null;

export function useBlobStore(): BlobStore {
  blobs ??= import('../pageDatabase').then((module) => module.getBlobStore());
  return use(blobs);
}
