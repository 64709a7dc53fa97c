// Local data belongs to one driver (ARCHITECTURE invariants): every document carries the
// company_id and account_id of the driver it was written for, and every read, selector and
// key goes through here, so another driver signing in on the same phone never sees, sends or
// discards the first one's orders, entries, snapshots or drafts.

/** Who a document belongs to: a token's claims, a session note's driver, a document's owner fields. */
export interface DriverIdentity {
  company_id: number;
  account_id: number;
}

/** The owner fields (a type, not an interface, so RxDB's selector types take it). */
export type DriverScope = { company_id: number; account_id: number };

/** The owner fields of a document written for `who`, and the RxDB selector of `who`'s documents. */
export function driverScope(who: DriverIdentity): DriverScope {
  return { company_id: who.company_id, account_id: who.account_id };
}

/** The one per-driver test of a document in hand: `who`'s company and account. */
export function inDriverScope(doc: DriverIdentity, who: DriverIdentity): boolean {
  return doc.company_id === who.company_id && doc.account_id === who.account_id;
}

/** The part of a local key naming the driver: `${company_id}:${account_id}`. */
export function driverKey(who: DriverIdentity): string {
  return `${who.company_id}:${who.account_id}`;
}

/** account_id of delivery drafts written by a build before drafts were per driver. */
export const UNCLAIMED_ACCOUNT = 0;

/**
 * A delivery document this driver may read and write: theirs, or an unclaimed draft of their
 * company (account 0, from an older build), which the first driver of the company to open it
 * claims. Only delivery documents were ever written unclaimed; everything else is in scope or not.
 */
export function ownsDoc(doc: DriverIdentity, session: { claims: DriverIdentity }): boolean {
  return inDriverScope(doc, session.claims) || (doc.company_id === session.claims.company_id && doc.account_id === UNCLAIMED_ACCOUNT);
}
