// "Anything new?" before a pull (issue 24): an idle phone's run is one small request. The
// server's sync version (GET /api/driver/sync-version) moves with anything the run's reads would
// answer differently; the phone keeps the version its last complete pull matched (a `cache`
// snapshot, so a sign-out clears it with the rest) and sends it as If-None-Match: 304 means
// the pull is skipped. A run stores the version it was told before pulling, and only when every
// read succeeded, so a change during the pull or a failed read is pulled again next run.
import * as v from 'valibot';
import { clockIso } from '../clock';
import { answerSchemaOf, CONTRACT_VERSION, environmentOf, featureFlagEnvironment, ORDER_API, pathOf } from '../domain';
import { CACHE_KEYS, readCache, writeCache } from '../db';
import { isConnectivity } from './fetchReport';
import type { PullContext } from './pull';
import { httpError } from './transportError';

const SYNC_VERSION = `GET ${ORDER_API.syncVersion}` as const;

/**
 * What the stored version vouches for: a build that pulls other streams or snapshots pulls once
 * first. Bump the last part when pullAll reads something new (2: the order map's basemap style).
 */
export function pullSetOf(streams: readonly string[]): string {
  return `${CONTRACT_VERSION}:${streams.join(',')}:2`;
}

interface StoredVersion {
  version: string;
  pulls: string;
}

/** `unchanged`: the server said nothing is new since the stored version. Else the version to store after a complete pull (null: none known). */
export type VersionCheck = { unchanged: true } | { unchanged: false; version: string | null };

/** The version the last complete pull matched, when it vouches for this build's pulls (`pulls`); else null. */
export async function knownSyncVersion(ctx: PullContext, pulls: string): Promise<string | null> {
  const stored = (await readCache<StoredVersion>(ctx.db, ctx.session, CACHE_KEYS.syncVersion))?.data;
  return stored?.pulls === pulls ? stored.version : null;
}

/** The request itself, given the version the phone holds (null: none); the fleet load test (scripts/fleet) asks it too. */
export async function askSyncVersion(ctx: Pick<PullContext, 'http' | 'appHost' | 'log'>, known: string | null): Promise<VersionCheck> {
  const environment = featureFlagEnvironment(environmentOf(ctx.appHost ?? 'localhost'));
  try {
    // By the table's path and answer schema; `send` because a 304 is an answer here, not a failure.
    const answer = await ctx.http.send('GET', pathOf(SYNC_VERSION), { query: { environment }, headers: known ? { 'If-None-Match': `"${known}"` } : {} });
    if (answer.status === 304 && known) return { unchanged: true };
    if (answer.status < 200 || answer.status > 299) throw httpError(answer.status, answer.text);
    const parsed = v.safeParse(answerSchemaOf(SYNC_VERSION), JSON.parse(answer.text));
    return { unchanged: false, version: parsed.success ? parsed.output.version : null };
  } catch (error) {
    if (isConnectivity(error)) throw error;
    // A server without the route, or one failing it: everything is pulled, as before.
    ctx.log?.('pull: sync version failed', error);
    return { unchanged: false, version: null };
  }
}

/** After a pull in which every read succeeded: the version it matched. */
export async function storeSyncVersion(ctx: PullContext, pulls: string, version: string): Promise<void> {
  const stored = (await readCache<StoredVersion>(ctx.db, ctx.session, CACHE_KEYS.syncVersion))?.data;
  if (stored?.version === version && stored.pulls === pulls) return;
  await writeCache(ctx.db, ctx.session, CACHE_KEYS.syncVersion, { version, pulls } satisfies StoredVersion, clockIso());
}
