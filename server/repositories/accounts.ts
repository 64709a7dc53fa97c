// accounts (0001, 0009), with what the profile, sign-in and email reads join to them: the
// caller's own row (settings, password, sign-in), the company's office admins and drivers
// as email recipients, and the sender's company.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../src/domain';
import type { Executor, Tx } from '../db/client';
import { accounts, accountSettings, companies, uploads } from '../db/schema';

/** The caller's own account row: theirs by id and still of their company. */
const own = (auth: TokenClaims) => and(eq(accounts.id, auth.account_id), eq(accounts.companyId, auth.company_id));

/** The caller's profile, email flags (defaults when no settings row) and profile picture upload, if any. */
export async function settingsRowOf(db: Executor, auth: TokenClaims) {
  const [row] = await db
    .select({
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      phone: accounts.phone,
      email: accounts.email,
      assigned: sql<boolean>`coalesce(${accountSettings.emailNewOrderAssigned}, true)`,
      reassigned: sql<boolean>`coalesce(${accountSettings.emailOrderReassigned}, true)`,
      finished: sql<boolean>`coalesce(${accountSettings.emailOrderFinishedAtShop}, true)`,
      imageGuid: uploads.guid,
      imageMime: uploads.mime,
      imageExtension: uploads.extension,
    })
    .from(accounts)
    .leftJoin(accountSettings, eq(accountSettings.accountId, accounts.id))
    .leftJoin(uploads, and(eq(uploads.guid, accountSettings.profileImageGuid), eq(uploads.companyId, accounts.companyId)))
    .where(own(auth));
  return row;
}

/** The caller's email and password hash. */
export async function credentialsOf(db: Executor, auth: TokenClaims): Promise<{ email: string; passwordHash: string } | undefined> {
  const [row] = await db.select({ email: accounts.email, passwordHash: accounts.passwordHash }).from(accounts).where(own(auth));
  return row;
}

/** Whether another account already uses this address (lower case). */
export async function emailTakenByAnother(db: Executor, email: string, accountId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${email}`, ne(accounts.id, accountId)));
  return taken !== undefined;
}

export interface OwnAccountChange {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  /** A new password: its hash, and the hash of the session that stays signed in. */
  password?: { hash: string; keptSessionHash: string };
}

/**
 * Writes the caller's profile; with `verifiedHash`, only while that is still the stored
 * password hash. A new password ends every other session (migration 0009's trigger bumps
 * token_version); the one making the change is kept at the version the bump makes. Answers
 * whether the row was written.
 */
export async function updateOwnAccount(tx: Tx, auth: TokenClaims, change: OwnAccountChange, verifiedHash: string | null): Promise<boolean> {
  const { password, ...fields } = change;
  const keptSession = password ? sql`(${accounts.tokenVersion} + 1)::text || ':' || ${password.keptSessionHash}` : undefined;
  const updated = await tx
    .update(accounts)
    .set({ ...fields, ...(password ? { passwordHash: password.hash, keptSession } : {}) })
    .where(and(own(auth), verifiedHash === null ? undefined : eq(accounts.passwordHash, verifiedHash)))
    .returning({ id: accounts.id });
  return updated.length > 0;
}

/** What a sign-in needs of the account with this email (and its company's name). */
export async function signInRowOf(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      companyId: accounts.companyId,
      role: accounts.role,
      passwordHash: accounts.passwordHash,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      removedAt: accounts.removedAt,
      tokenVersion: accounts.tokenVersion,
      company: companies.name,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(eq(accounts.email, email));
  return row;
}

/** Whether the account was removed or moved out of `companyId` (or no longer exists). */
export async function accountGoneFrom(db: Executor, accountId: number, companyId: number): Promise<boolean> {
  const [row] = await db.select({ companyId: accounts.companyId, removedAt: accounts.removedAt }).from(accounts).where(eq(accounts.id, accountId));
  return !row || row.removedAt !== null || row.companyId !== companyId;
}

/** The company's office admins that are not removed, by id. */
export function officeAdminsOf(db: Executor, companyId: number): Promise<{ id: number; email: string; first: string; last: string }[]> {
  return db
    .select({ id: accounts.id, email: accounts.email, first: accounts.firstName, last: accounts.lastName })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.role, 'office_admin'), isNull(accounts.removedAt)))
    .orderBy(asc(accounts.id));
}

/** A driver of the company that is not removed, with the address their emails go to. */
export async function activeDriverContact(db: Executor, companyId: number, id: number): Promise<{ id: number; first: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, first: accounts.firstName, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.companyId, companyId), eq(accounts.role, 'driver'), isNull(accounts.removedAt)));
  return row;
}

/** The company's account (not removed) with this address, any case. */
export async function accountByEmail(db: Executor, companyId: number, address: string): Promise<{ id: number; role: string; firstName: string } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, role: accounts.role, firstName: accounts.firstName })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), sql`lower(${accounts.email}) = ${address}`, isNull(accounts.removedAt)));
  return row;
}

/** The caller's address and their company's name and address (who an email is from). */
export async function senderOf(
  db: Executor,
  auth: TokenClaims,
): Promise<{ companyName: string; companyEmail: string | null; ownEmail: string; firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .select({
      companyName: companies.name,
      companyEmail: companies.email,
      ownEmail: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(own(auth));
  return row;
}

/** The company's contact details. */
export async function companyContactOf(db: Executor, companyId: number) {
  const [row] = await db
    .select({ name: companies.name, phone: companies.phone, email: companies.email, address: companies.address })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}
