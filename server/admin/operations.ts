// The office's operator commands on driver accounts (issue 20 item 10), run by the running
// server for its operator socket (PGlite: the server owns the data dir) or by the CLI on its
// own connection (PostgreSQL, or PGlite with no server running). scripts/admin.ts is the CLI.
// Both changes end the account's sessions through migration 0009's trigger (token_version is
// bumped when removed_at or password_hash changes): every token of the account answers 401 on
// its next call. kept_session is cleared: a change made by the office keeps no session.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { LoginBodySchema } from '../../src/domain';
import type { Db } from '../db/client';
import { accounts, companies } from '../db/schema';

export const ADMIN_COMMANDS = ['list-drivers', 'remove-driver', 'reset-password'] as const;
export type AdminCommand = (typeof ADMIN_COMMANDS)[number];

export interface AdminRequest {
  command: AdminCommand;
  email?: string;
  password?: string;
}

export interface DriverRow {
  email: string;
  name: string;
  company: string;
  removedAt: string | null;
}

export type AdminResult =
  | { command: 'list-drivers'; drivers: DriverRow[] }
  | { command: 'remove-driver'; email: string }
  | { command: 'reset-password'; email: string };

/** A refusal the operator can act on: `code` names it, the message says what to do. */
export class AdminError extends Error {
  constructor(
    readonly code: 'UnknownAccount' | 'NotADriver' | 'AlreadyRemoved' | 'AccountRemoved' | 'InvalidArguments' | 'Busy',
    message: string,
  ) {
    super(message);
  }
}

/** Passwords the operator may set: what sign-in accepts, and at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;
const PasswordSchema = v.pipe(v.string(), v.minLength(MIN_PASSWORD_LENGTH), v.maxLength(200));

/** The email as sign-in reads it (trimmed, lower case), or an AdminError. */
export function normalEmail(email: unknown): string {
  const parsed = v.safeParse(LoginBodySchema.entries.email, email);
  if (!parsed.success) throw new AdminError('InvalidArguments', `Not an email address: ${JSON.stringify(email)}`);
  return parsed.output;
}

export function checkPassword(password: unknown): string {
  if (!v.safeParse(PasswordSchema, password).success) {
    throw new AdminError('InvalidArguments', `The new password must be ${MIN_PASSWORD_LENGTH} to 200 characters`);
  }
  return password as string;
}

export interface AdminDeps {
  db: Db;
  /** A scrypt hash of a password (the server's gated one, or auth/password.ts's hashPassword). */
  hash(password: string): Promise<string>;
}

export async function runAdmin(deps: AdminDeps, request: AdminRequest): Promise<AdminResult> {
  switch (request.command) {
    case 'list-drivers':
      return { command: 'list-drivers', drivers: await listDrivers(deps.db) };
    case 'remove-driver':
      return { command: 'remove-driver', email: await removeDriver(deps.db, normalEmail(request.email)) };
    case 'reset-password': {
      const email = normalEmail(request.email);
      const password = checkPassword(request.password);
      return { command: 'reset-password', email: await resetPassword(deps, email, password) };
    }
    default:
      throw new AdminError('InvalidArguments', `Unknown command ${JSON.stringify((request as { command: unknown }).command)}`);
  }
}

async function listDrivers(db: Db): Promise<DriverRow[]> {
  const rows = await db
    .select({
      email: accounts.email,
      first: accounts.firstName,
      last: accounts.lastName,
      company: companies.name,
      removedAt: accounts.removedAt,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(eq(accounts.role, 'driver'))
    .orderBy(asc(companies.name), asc(accounts.email));
  return rows.map((r) => ({ email: r.email, name: `${r.first} ${r.last}`, company: r.company, removedAt: r.removedAt?.toISOString() ?? null }));
}

/** The driver account under this email (any case), or the AdminError that says why not. */
async function driverOf(db: Db, email: string): Promise<{ id: number; removedAt: Date | null }> {
  const [account] = await db
    .select({ id: accounts.id, role: accounts.role, removedAt: accounts.removedAt })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email}`);
  if (!account) throw new AdminError('UnknownAccount', `No account has the email ${email}`);
  if (account.role !== 'driver') {
    throw new AdminError('NotADriver', `${email} is an ${account.role} account, not a driver: this tool changes driver accounts only`);
  }
  return account;
}

async function removeDriver(db: Db, email: string): Promise<string> {
  const account = await driverOf(db, email);
  if (account.removedAt !== null) throw new AdminError('AlreadyRemoved', `${email} was already removed (${account.removedAt.toISOString()})`);
  const changed = await db
    .update(accounts)
    .set({ removedAt: sql`now()`, keptSession: null })
    .where(and(eq(accounts.id, account.id), isNull(accounts.removedAt)))
    .returning({ id: accounts.id });
  if (changed.length === 0) throw new AdminError('AlreadyRemoved', `${email} was already removed`);
  return email;
}

async function resetPassword(deps: AdminDeps, email: string, password: string): Promise<string> {
  const account = await driverOf(deps.db, email);
  if (account.removedAt !== null) throw new AdminError('AccountRemoved', `${email} is removed: its password is not reset`);
  const passwordHash = await deps.hash(password);
  await deps.db.update(accounts).set({ passwordHash, keptSession: null }).where(eq(accounts.id, account.id));
  return email;
}
