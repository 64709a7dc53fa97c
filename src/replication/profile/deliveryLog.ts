import { logFiltersQuery, PROFILE_API, sameLogFilters, type DeliveryLogSnapshot, type DeliveryStatsSnapshot, type LogFilters } from '../../domain';
import { CACHE_KEYS, writeCache } from '../../db';
import { isConnectivity } from '../fetchReport';
import { TransportError } from '../transportError';
import { failureOf, plainFailure, type RpcFailure } from './outcome';
import type { ProfileContext } from './context';

// The delivery log screen's reads (SPEC §2, §7): online, at the screen's request, because the
// log depends on filters the driver picks. The last answer is kept as a snapshot with its
// filters, so the screen reads it offline; the stats are kept beside it.

export interface LogReadOutcome {
  /** Every read arrived and was stored. */
  ok: boolean;
  /** No signal: nothing was read; the screen shows the last log it has. */
  offline: boolean;
  /** The SPEC §8 texts of the reads the server failed (Failed to fetch delivery log / stats). */
  failures: string[];
  /** A newer request came in meanwhile: this answer was not stored. */
  superseded: boolean;
}

export type ExportOutcome = { ok: true; bytes: ArrayBuffer; filename: string; type: string } | RpcFailure;

/**
 * SPEC §8 "Failed to fetch filters": the log could not be read for the filters asked, because
 * the server refused them (400, with its reason) or answered a log of other filters (a proxy
 * that dropped the query would otherwise show every delivery under the driver's filters).
 */
class FiltersNotApplied extends Error {}

/** Reads the log for `filters` and both stats; `isLatest` says whether a newer request superseded this one. */
export async function refreshDeliveryLog(ctx: ProfileContext, filters: LogFilters, isLatest: () => boolean): Promise<LogReadOutcome> {
  const session = await ctx.session();
  const outcome: LogReadOutcome = { ok: true, offline: false, failures: [], superseded: false };
  if (!session) return { ...outcome, ok: false, failures: ['Not authenticated'] };
  const reads: [() => Promise<void>, 'FailedToFetchDeliveryLog' | 'FailedToFetchStats'][] = [
    [
      async () => {
        // An answer the table's schema refuses is refused like a pull's snapshot: the last good copy stays.
        const log = await ctx.http.read(`GET ${PROFILE_API.logList}`, logFiltersQuery(filters)).catch((error: unknown) => {
          throw error instanceof TransportError && error.status === 400 ? new FiltersNotApplied(error.message) : error;
        });
        if (!sameLogFilters(log.filters, filters)) throw new FiltersNotApplied('The log came back for other filters');
        if (!isLatest()) {
          outcome.superseded = true;
          return;
        }
        const snapshot: DeliveryLogSnapshot = { filters, log };
        await writeCache(ctx.db, session, CACHE_KEYS.deliveryLog, snapshot, ctx.now());
      },
      'FailedToFetchDeliveryLog',
    ],
    [
      async () => {
        const [stats, undelivered] = await Promise.all([
          ctx.http.read(`GET ${PROFILE_API.deliveryStats}`),
          ctx.http.read(`GET ${PROFILE_API.undeliveredOrdersStats}`),
        ]);
        const snapshot: DeliveryStatsSnapshot = { stats, undelivered };
        await writeCache(ctx.db, session, CACHE_KEYS.deliveryStats, snapshot, ctx.now());
      },
      'FailedToFetchStats',
    ],
  ];
  for (const [read, code] of reads) {
    try {
      await read();
    } catch (error) {
      const failure = error instanceof FiltersNotApplied ? plainFailure('FailedToFetchFilters', error.message) : failureOf(error, code);
      if (failure.offline) return { ...outcome, ok: false, offline: true };
      ctx.log?.(`profile: ${code}`, error instanceof Error ? error.message : error);
      outcome.ok = false;
      outcome.failures.push(failure.message);
    }
  }
  return outcome;
}

/** SPEC §7's one raw response: the CSV as the server sent it, for the page to save as a file. */
export async function exportDeliveryLog(ctx: ProfileContext, filters: LogFilters): Promise<ExportOutcome> {
  try {
    const raw = await ctx.http.getRaw(PROFILE_API.logListExport, { query: logFiltersQuery(filters) });
    return { ok: true, bytes: raw.bytes, filename: raw.filename ?? 'delivery-log.csv', type: raw.contentType };
  } catch (error) {
    if (!isConnectivity(error)) ctx.log?.('profile: export failed', error instanceof Error ? error.message : error);
    return failureOf(error, 'FailedToExportDeliveryLog');
  }
}
