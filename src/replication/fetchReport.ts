import { clockIso } from '../clock';
import type { ErrorCode } from '../domain';
import { patchSyncStatus, syncStatus$, type DriverDatabase, type FetchFailure } from '../db';
import { firstValueFrom } from 'rxjs';
import { TransportError } from './transportError';

// SPEC §8: a failed fetch reaches the driver as a snackbar with its text ("Failed to fetch
// order list"). The engine records each failing read in the sync status, once per code until
// that read succeeds again, and the UI turns a new entry into a snackbar. No signal is not a
// failure to report: the app bar already says "Offline", so network errors and time-outs
// stop the run as before, and a 401 pauses for sign-in.

export type FetchCode = Extract<ErrorCode, `FailedToFetch${string}`>;

/** No signal, a time-out, a refused token or a too-old app (426): the run stops; nothing to show as a snackbar. */
export function isConnectivity(error: unknown): boolean {
  return error instanceof TransportError && (error.kind === 'auth' || error.kind === 'upgrade' || error.code === 'NetworkError' || error.code === 'Timeout');
}

async function currentFailures(db: DriverDatabase): Promise<FetchFailure[]> {
  return (await firstValueFrom(syncStatus$(db))).fetchFailures ?? [];
}

/** Each database's failure writes in turn: a run's reads finish side by side, and each write reads the list it rewrites. */
const writes = new WeakMap<DriverDatabase, Promise<void>>();

function setFailure(db: DriverDatabase, code: FetchCode, failure: Omit<FetchFailure, 'code' | 'since'> | null, now: string): Promise<void> {
  const next = (writes.get(db) ?? Promise.resolve()).catch(() => undefined).then(() => writeFailure(db, code, failure, now));
  writes.set(db, next);
  return next;
}

async function writeFailure(db: DriverDatabase, code: FetchCode, failure: Omit<FetchFailure, 'code' | 'since'> | null, now: string): Promise<void> {
  const failures = await currentFailures(db);
  const existing = failures.find((f) => f.code === code);
  if (!failure && !existing) return;
  const others = failures.filter((f) => f.code !== code);
  const next = failure ? [...others, { code, detail: failure.detail, since: existing?.since ?? now }] : others;
  await patchSyncStatus(db, { fetchFailures: next });
}

/**
 * Runs one read of the pull. A server error is recorded under `code` and the pull goes on
 * with its other reads (returns false); connectivity and auth errors are thrown to the run.
 */
export async function reportFetch(db: DriverDatabase, code: FetchCode, read: () => Promise<unknown>, now: () => string = clockIso): Promise<boolean> {
  try {
    await read();
  } catch (error) {
    if (isConnectivity(error)) throw error;
    await setFailure(db, code, { detail: error instanceof Error ? error.message : String(error) }, now());
    return false;
  }
  await setFailure(db, code, null, now());
  return true;
}
