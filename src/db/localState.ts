import { clockMs } from '../clock';
import { concat, map, of, switchMap, timer, type Observable } from 'rxjs';
import { jwtDecode } from 'jwt-decode';
import { judgeClaims, msUntilTokenUnusable, parseClaims, type CompanyDriver, type TokenClaims, type TokenVerdict, type Checkpoint } from '../domain';
import type { DriverDatabase } from './database';
import { driverKey } from './driverScope';
import { watchLocal } from './watchLocal';

// Small schemaless records kept as RxDB local documents: the session token (SPEC §4's
// "item named token"), the sync worker's status for the UI, and pull checkpoints.

export interface TokenData {
  token: string;
}

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  lastSyncAt: string | null;
  lastError: string | null;
  /** The server answered 401: the outbox waits until the driver signs in again. */
  authPaused: boolean;
  /**
   * The server answered 426 ClientTooOld (src/domain/contract.ts): this build's contract is no
   * longer accepted. The outbox waits (nothing goes to needs-attention) until the app is updated
   * or the server accepts it again; the UI asks the driver to update.
   */
  clientTooOld: boolean;
  /** false after a run could not reach the server (no signal behind a phone that says online). */
  reachable: boolean;
  /** Reads the server answered with an error (SPEC §8 "Failed to fetch …"), until one succeeds. */
  fetchFailures: FetchFailure[];
  /** A first pull of more than one page under way: orders stored so far of the server's total. */
  pullProgress?: { stored: number; total: number } | null;
}

export interface FetchFailure {
  /** An ErrorCode such as FailedToFetchOrderList: the UI shows its SPEC §8 text. */
  code: string;
  /** What the server said, for the sync details. */
  detail: string;
  /** When this failure started; a new value is a new snackbar. */
  since: string;
}

export const INITIAL_SYNC_STATUS: SyncStatus = {
  online: true,
  syncing: false,
  lastSyncAt: null,
  lastError: null,
  authPaused: false,
  clientTooOld: false,
  reachable: true,
  fetchFailures: [],
};

const TOKEN_ID = 'token';
const SYNC_STATUS_ID = 'sync-status';

export interface Session {
  token: string;
  claims: TokenClaims;
}

export type AuthState = { status: 'authenticated'; session: Session } | { status: 'unauthenticated'; reason: Exclude<TokenVerdict, 'ok'> | 'none' };

/** SPEC §4: a stored token counts only if valid, not within 15 min of expiry, and a driver's. */
export function authStateOf(token: string | null | undefined, nowMs: number = clockMs()): AuthState {
  if (!token) return { status: 'unauthenticated', reason: 'none' };
  let claims: unknown;
  try {
    claims = jwtDecode(token);
  } catch {
    return { status: 'unauthenticated', reason: 'malformed' };
  }
  const verdict = judgeClaims(claims, nowMs);
  const parsed = parseClaims(claims);
  if (verdict !== 'ok' || !parsed) return { status: 'unauthenticated', reason: verdict === 'ok' ? 'malformed' : verdict };
  // The parsed claims: the account may come from `sub` (SPEC §6 promises only company_id, role, exp).
  return { status: 'authenticated', session: { token, claims: parsed } };
}

export async function readToken(db: DriverDatabase): Promise<string | null> {
  const doc = await db.getLocal<TokenData>(TOKEN_ID);
  return doc?.toJSON().data.token ?? null;
}

export async function writeToken(db: DriverDatabase, token: string): Promise<void> {
  await db.upsertLocal<TokenData>(TOKEN_ID, { token });
}

export async function clearToken(db: DriverDatabase): Promise<void> {
  const doc = await db.getLocal<TokenData>(TOKEN_ID);
  await doc?.remove();
}

export function token$(db: DriverDatabase): Observable<string | null> {
  return watchLocal<TokenData>(db, TOKEN_ID).pipe(map((doc) => (doc ? (doc.get('token') as string) : null)));
}

/** setTimeout's longest delay (~24.8 days); tokens live 7 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The session as the UI sees it. SPEC §4: a token stops counting 15 minutes before it expires,
 * also while the app stays open, so the state is judged again at that moment.
 */
export function authState$(db: DriverDatabase, now: () => number = clockMs): Observable<AuthState> {
  return token$(db).pipe(
    switchMap((token) => {
      const state = authStateOf(token, now());
      if (state.status !== 'authenticated') return of(state);
      const wait = Math.min(msUntilTokenUnusable(state.session.claims, now()) + 1, MAX_TIMER_MS);
      return concat(of(state), timer(wait).pipe(map(() => authStateOf(token, now()))));
    }),
  );
}

export async function readSession(db: DriverDatabase, nowMs: number = clockMs()): Promise<Session | null> {
  const state = authStateOf(await readToken(db), nowMs);
  return state.status === 'authenticated' ? state.session : null;
}

export function syncStatus$(db: DriverDatabase): Observable<SyncStatus> {
  return watchLocal<SyncStatus>(db, SYNC_STATUS_ID).pipe(
    map((doc) => ({ ...INITIAL_SYNC_STATUS, ...((doc?.toJSON().data as Partial<SyncStatus> | undefined) ?? {}) })),
  );
}

export async function patchSyncStatus(db: DriverDatabase, patch: Partial<SyncStatus>): Promise<void> {
  const doc = await db.getLocal<SyncStatus>(SYNC_STATUS_ID);
  if (doc) await doc.incrementalPatch(patch);
  else await db.upsertLocal<SyncStatus>(SYNC_STATUS_ID, { ...INITIAL_SYNC_STATUS, ...patch });
}

/** Checkpoints are per stream and per driver: lists are scoped to the signed-in driver. */
function checkpointId(stream: string, session: Session): string {
  return `checkpoint:${stream}:${driverKey(session.claims)}`;
}

export async function readCheckpoint(db: DriverDatabase, stream: string, session: Session): Promise<Checkpoint | null> {
  const doc = await db.getLocal<{ checkpoint: Checkpoint | null }>(checkpointId(stream, session));
  return (doc?.get('checkpoint') as Checkpoint | null | undefined) ?? null;
}

export async function writeCheckpoint(db: DriverDatabase, stream: string, session: Session, checkpoint: Checkpoint | null): Promise<void> {
  await db.upsertLocal(checkpointId(stream, session), { checkpoint });
}

export async function clearCheckpoints(db: DriverDatabase, session: Session, streams: readonly string[]): Promise<void> {
  for (const stream of streams) {
    const doc = await db.getLocal(checkpointId(stream, session));
    await doc?.remove();
  }
}

/**
 * A request to read the driver's whole order list again (an optimistic patch was undone: the
 * server refused or the driver discarded its action, and the checkpointed pull would never
 * resend a row the server did not change). Its value tells requests apart: the pull settles
 * only the one it served, so a request made while it ran waits for the next pull.
 */
function ordersRefreshId(session: Session): string {
  return `orders-refresh:${driverKey(session.claims)}`;
}

export async function requestOrdersRefresh(db: DriverDatabase, session: Session, requestId: string): Promise<void> {
  await db.upsertLocal<{ request: string }>(ordersRefreshId(session), { request: requestId });
}

/** The pending request's id, or null when the list needs no full read. */
export async function readOrdersRefresh(db: DriverDatabase, session: Session): Promise<string | null> {
  const doc = await db.getLocal<{ request: string }>(ordersRefreshId(session));
  return (doc?.get('request') as string | undefined) ?? null;
}

/** Done with this request: removed unless a newer one came in meanwhile. */
export async function settleOrdersRefresh(db: DriverDatabase, session: Session, requestId: string): Promise<void> {
  const doc = await db.getLocal<{ request: string }>(ordersRefreshId(session));
  if (!doc || doc.get('request') !== requestId) return;
  // A write from another realm in between (a new request) wins: it is served next time.
  await doc.remove().catch(() => undefined);
}

/** The company's drivers (reassign targets), cached per company and account for offline use. */
interface CompanyDriversData {
  drivers: CompanyDriver[];
  fetched_at: string;
}

function companyDriversId(session: Session): string {
  return `company-drivers:${driverKey(session.claims)}`;
}

export async function writeCompanyDrivers(db: DriverDatabase, session: Session, drivers: CompanyDriver[], fetchedAt: string): Promise<void> {
  await db.upsertLocal<CompanyDriversData>(companyDriversId(session), { drivers, fetched_at: fetchedAt });
}

/** The cached list, or null when this device has not downloaded it yet. */
export async function readCompanyDrivers(db: DriverDatabase, session: Session): Promise<CompanyDriver[] | null> {
  const doc = await db.getLocal<CompanyDriversData>(companyDriversId(session));
  return (doc?.toJSON().data.drivers as CompanyDriver[] | undefined) ?? null;
}

export function companyDrivers$(db: DriverDatabase, session: Session): Observable<CompanyDriver[] | null> {
  return watchLocal<CompanyDriversData>(db, companyDriversId(session)).pipe(
    map((doc) => (doc ? ((doc.toJSON().data as CompanyDriversData).drivers ?? null) : null)),
  );
}
