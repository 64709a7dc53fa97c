import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import type { SignOutReason } from '../domain';
import type { DriverDatabase } from './database';
import { authState$, type AuthState } from './localState';
import { driverScope, type DriverIdentity } from './driverScope';
import { watchLocal } from './watchLocal';

// Two small local documents next to the token (SPEC §4's "item named token" survives sign-out,
// and so do these): why the app last signed a driver out, for the login screen, and the
// impersonation in progress, for the "Viewing as" bar. Written by the sync worker only.

export interface SignedOutNote {
  reason: SignOutReason;
  company_id: number;
  account_id: number;
  name: string;
  at: string;
}

export interface ImpersonationNote {
  /** The driver the office is viewing as (the token's name). */
  name: string;
  /** Unsent actions of the driver who was signed in on this phone before: kept, not sent now. */
  kept: number;
  /** That driver's name, when someone was signed in. */
  kept_for: string | null;
}

const SIGNED_OUT_ID = 'signed-out';
const IMPERSONATION_ID = 'impersonation';

export async function writeSignedOutNote(db: DriverDatabase, note: SignedOutNote): Promise<void> {
  await db.upsertLocal<SignedOutNote>(SIGNED_OUT_ID, note);
}

export async function readSignedOutNote(db: DriverDatabase): Promise<SignedOutNote | null> {
  const doc = await db.getLocal<SignedOutNote>(SIGNED_OUT_ID);
  return doc?.toJSON().data ?? null;
}

export function signedOutNote$(db: DriverDatabase): Observable<SignedOutNote | null> {
  return watchLocal<SignedOutNote>(db, SIGNED_OUT_ID).pipe(map((doc) => (doc ? (doc.toJSON().data as SignedOutNote) : null)));
}

export async function writeImpersonationNote(db: DriverDatabase, note: ImpersonationNote): Promise<void> {
  await db.upsertLocal<ImpersonationNote>(IMPERSONATION_ID, note);
}

export function impersonationNote$(db: DriverDatabase): Observable<ImpersonationNote | null> {
  return watchLocal<ImpersonationNote>(db, IMPERSONATION_ID).pipe(map((doc) => (doc ? (doc.toJSON().data as ImpersonationNote) : null)));
}

export async function readImpersonationNote(db: DriverDatabase): Promise<ImpersonationNote | null> {
  const doc = await db.getLocal<ImpersonationNote>(IMPERSONATION_ID);
  return doc?.toJSON().data ?? null;
}

/** Both notes go once a driver signs in (or ends an impersonation). */
export async function clearSessionNotes(db: DriverDatabase, which: 'signed-out' | 'impersonation' | 'both' = 'both'): Promise<void> {
  for (const id of which === 'both' ? [SIGNED_OUT_ID, IMPERSONATION_ID] : [which]) {
    const doc = await db.getLocal(id);
    await doc?.remove().catch(() => undefined);
  }
}

/** The outbox's active statuses (src/outbox ACTIVE_STATUSES; db does not import outbox). */
const UNSENT = ['queued', 'sending', 'needs_attention'];

function unsentQuery(db: DriverDatabase, who: DriverIdentity) {
  return db.outbox.find({ selector: { ...driverScope(who), status: { $in: UNSENT } } });
}

/** Unsent entries of one driver: kept through any sign-out, sent when that driver signs in again. */
export function unsentCount$(db: DriverDatabase, who: { company_id: number; account_id: number }): Observable<number> {
  return unsentQuery(db, who).$.pipe(map((docs) => docs.length));
}

export async function unsentCount(db: DriverDatabase, who: { company_id: number; account_id: number }): Promise<number> {
  return (await unsentQuery(db, who).exec()).length;
}

/** What the login screen shows (SPEC §4): the session, why the last one ended, and that driver's unsent work. */
export interface LoginState {
  auth: AuthState;
  note: SignedOutNote | null;
  unsent: number;
}

/**
 * The login screen's data, as one observable: read on the page inside the app, and in the
 * sync worker for a fresh /login, which opens no database on the page (src/ui/main.tsx).
 */
export function loginState$(db: DriverDatabase): Observable<LoginState> {
  const note$ = signedOutNote$(db).pipe(switchMap((note) => (note ? unsentCount$(db, note) : of(0)).pipe(map((unsent) => ({ note, unsent })))));
  return combineLatest([authState$(db), note$]).pipe(map(([auth, { note, unsent }]) => ({ auth, note, unsent })));
}
