import { jwtDecode } from 'jwt-decode';
import { Subscription } from 'rxjs';
import { API, ERROR_TEXT, driverNameOf, msUntilTokenUnusable, parseClaims, type LoginResult, type SignOutReason } from '../domain';
import {
  authStateOf,
  clearSessionNotes,
  clearToken,
  patchSyncStatus,
  readImpersonationNote,
  readToken,
  token$,
  writeImpersonationNote,
  writeSignedOutNote,
  writeToken,
  type DriverDatabase,
  type Session,
  inDriverScope,
} from '../db';
import { ACTIVE_STATUSES } from '../outbox';
import type { HttpClient } from './http';
import { TransportError } from './transportError';

/** SPEC §9: the removed-user poll runs every 5 minutes while a token exists. */
export const REMOVED_USER_POLL_MS = 5 * 60_000;
/** setTimeout's longest delay (~24.8 days); tokens live 7 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SessionTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionRulesDeps {
  db: DriverDatabase;
  http: HttpClient;
  now: () => number;
  timers: SessionTimers;
  /** The engine's sign-out: clears the driver's server data, keeps unsent work and drafts. */
  logout: (session: Session) => Promise<void>;
  /** A new session was stored (sign-in or impersonation): sync now. */
  onSignedIn: () => void;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * The session rules of SPEC §4/§6 as the sync worker applies them, on the engine's clock:
 * the stored token stops counting 15 minutes before expiry (a timer and every run check it),
 * the removed-user poll, a 401 (AccountRemoved or not), and impersonation. Each sign-out
 * leaves a note saying why, which the login screen shows with the unsent work kept.
 */
export function createSessionRules(deps: SessionRulesDeps) {
  const { db, now, timers } = deps;
  let lastRemovedCheck = Number.NEGATIVE_INFINITY;
  let expiryTimer: unknown = null;
  let subscription: Subscription | null = null;

  async function signOut(session: Session, reason: SignOutReason, opts: { keepData?: boolean } = {}): Promise<void> {
    const { company_id, account_id } = session.claims;
    await writeSignedOutNote(db, { reason, company_id, account_id, name: driverNameOf(session.claims), at: new Date(now()).toISOString() });
    await clearSessionNotes(db, 'impersonation');
    if (opts.keepData) await clearToken(db);
    else await deps.logout(session);
  }

  /**
   * The stored session if it still counts now; otherwise the driver is signed out (unsent work
   * kept, the reason noted) and null. A token that cannot be read is simply dropped.
   */
  async function currentSession(): Promise<Session | null> {
    const token = await readToken(db);
    const state = authStateOf(token, now());
    if (state.status === 'authenticated') return state.session;
    if (!token) return null;
    const claims = decodeClaims(token);
    if (claims) await signOut({ token, claims }, state.reason === 'none' ? 'malformed' : state.reason);
    else await clearToken(db);
    return null;
  }

  /** SPEC §4: true when the account was removed (the driver is then signed out). */
  async function checkRemoved(session: Session): Promise<boolean> {
    if (now() - lastRemovedCheck < REMOVED_USER_POLL_MS) return false;
    let removed: boolean;
    try {
      removed = await deps.http.read(`GET ${API.companyUserIsRemoved}`);
    } catch (error) {
      // A 401 is the engine's to handle; any other failure only means "ask again next run"
      // (the run goes on: its push and pull meet the same network and record it as usual).
      if (error instanceof TransportError && (error.kind === 'auth' || error.kind === 'upgrade')) throw error;
      deps.log?.('session: removed-user check failed', error);
      return false;
    }
    lastRemovedCheck = now();
    if (!removed) return false;
    await signOut(session, 'removed');
    return true;
  }

  /**
   * The server refused the token (401). A body naming AccountRemoved is the removed-user answer
   * arriving early; any other 401 drops only the token (cached data stays for the same driver).
   */
  async function refused(session: Session | null, code: string | null): Promise<void> {
    await patchSyncStatus(db, { authPaused: true });
    if (!session) return await clearToken(db);
    if (code === 'AccountRemoved') await signOut(session, 'removed');
    else await signOut(session, 'rejected', { keepData: true });
  }

  async function signedIn(token: string): Promise<void> {
    await writeToken(db, token);
    await clearSessionNotes(db);
    // The server just accepted these credentials: the account is not removed.
    lastRemovedCheck = now();
    await patchSyncStatus(db, { authPaused: false, lastError: null });
    deps.onSignedIn();
  }

  /**
   * SPEC §4/§6: an impersonation token from the main app overrides the stored one and clears
   * the local server data; unsent work already on the phone stays, under its own driver, and
   * is never sent under the impersonated driver's name (the outbox is per account).
   */
  async function impersonate(token: string): Promise<LoginResult> {
    const state = authStateOf(token, now());
    if (state.status !== 'authenticated') {
      const message = state.reason === 'expired' ? 'This "view as driver" link has expired. Open it again from the main app.' : ERROR_TEXT.NotAuthorized;
      return { ok: false, error: 'NotAuthorized', message };
    }
    const current = authStateOf(await readToken(db), now());
    const previous = await readImpersonationNote(db);
    const viewed = state.session.claims;
    const others = await db.outbox.find({ selector: { status: { $in: [...ACTIVE_STATUSES] } } }).exec();
    const kept = others.filter((e) => !inDriverScope(e, viewed)).length;
    const realName = current.status === 'authenticated' && !previous ? driverNameOf(current.session.claims) : (previous?.kept_for ?? null);
    if (current.status === 'authenticated') await deps.logout(current.session);
    await writeToken(db, token);
    await clearSessionNotes(db, 'signed-out');
    await writeImpersonationNote(db, { name: driverNameOf(viewed), kept, kept_for: realName });
    lastRemovedCheck = Number.NEGATIVE_INFINITY;
    await patchSyncStatus(db, { authPaused: false, lastError: null });
    deps.onSignedIn();
    return { ok: true };
  }

  /** Ending an impersonation signs the viewed driver out; the page then opens the main app. */
  async function endImpersonation(): Promise<void> {
    const state = authStateOf(await readToken(db), now());
    await clearSessionNotes(db, 'impersonation');
    if (state.status === 'authenticated') await deps.logout(state.session);
    else await clearToken(db);
  }

  /** Watches the stored token: the moment it stops counting, the driver is signed out. */
  function start(): void {
    subscription ??= token$(db).subscribe((token) => {
      if (expiryTimer !== null) timers.clearTimeout(expiryTimer);
      expiryTimer = null;
      const claims = token ? decodeClaims(token) : null;
      if (!token) return;
      const wait = claims ? Math.min(msUntilTokenUnusable(claims, now()) + 1, MAX_TIMER_MS) : 0;
      expiryTimer = timers.setTimeout(() => {
        expiryTimer = null;
        void currentSession().catch((error: unknown) => deps.log?.('session: expiry check failed', error));
      }, wait);
    });
  }

  function stop(): void {
    subscription?.unsubscribe();
    subscription = null;
    if (expiryTimer !== null) timers.clearTimeout(expiryTimer);
    expiryTimer = null;
  }

  /** How long until the removed-user check is due (0: now): a timer stretched while idle still runs then. */
  const removedCheckDueIn = (): number => Math.max(0, lastRemovedCheck + REMOVED_USER_POLL_MS - now());

  return { currentSession, checkRemoved, removedCheckDueIn, refused, signedIn, impersonate, endImpersonation, start, stop };
}

/** The claims of a token whatever its expiry or role (for the sign-out note), or null. */
function decodeClaims(token: string): Session['claims'] | null {
  try {
    return parseClaims(jwtDecode(token));
  } catch {
    return null;
  }
}
