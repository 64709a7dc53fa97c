// What the orders area reads of the company beyond its orders: its drivers (reassign, names),
// dealers and shops (the map), feature flags.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FeatureFlagEnvironment } from '../../src/domain';
import type { Executor } from '../db/client';
import { accounts, dealers, featureFlags, shops } from '../db/schema';

export interface DriverRow {
  id: number;
  first: string;
  last: string;
  phone: string | null;
}

const driverColumns = { id: accounts.id, first: accounts.firstName, last: accounts.lastName, phone: accounts.phone };

/** Active drivers: of the company, role driver, not removed. */
const activeDriversOf = (companyId: number) => and(eq(accounts.companyId, companyId), eq(accounts.role, 'driver'), isNull(accounts.removedAt));

/** The company's active drivers by last name, first name. */
export function activeDrivers(db: Executor, companyId: number): Promise<DriverRow[]> {
  return db.select(driverColumns).from(accounts).where(activeDriversOf(companyId)).orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id));
}

/** One active driver of the company, or undefined (unknown, removed, not a driver, another company's). */
export async function findActiveDriver(db: Executor, companyId: number, id: number): Promise<DriverRow | undefined> {
  const [row] = await db
    .select(driverColumns)
    .from(accounts)
    .where(and(eq(accounts.id, id), activeDriversOf(companyId)));
  return row;
}

/** An account's first and last name, whatever its state. */
export async function accountName(db: Executor, id: number): Promise<{ first: string; last: string } | undefined> {
  const [row] = await db.select({ first: accounts.firstName, last: accounts.lastName }).from(accounts).where(eq(accounts.id, id));
  return row;
}

export function dealersOf(db: Executor, companyId: number) {
  return db.select().from(dealers).where(eq(dealers.companyId, companyId)).orderBy(asc(dealers.name));
}

export function shopsOf(db: Executor, companyId: number) {
  return db.select().from(shops).where(eq(shops.companyId, companyId)).orderBy(asc(shops.name));
}

/** The company's flags of one environment, by name. */
export function flagsOf(db: Executor, companyId: number, environment: FeatureFlagEnvironment): Promise<{ name: string; on: boolean }[]> {
  return db
    .select({ name: featureFlags.name, on: featureFlags.turnedOn })
    .from(featureFlags)
    .where(and(eq(featureFlags.companyId, companyId), eq(featureFlags.environment, environment)))
    .orderBy(asc(featureFlags.name));
}

/** One flag: on, off, or undefined when the company has no such flag. */
export async function flagTurnedOn(db: Executor, companyId: number, name: string, environment: FeatureFlagEnvironment): Promise<boolean | undefined> {
  const [row] = await db
    .select({ on: featureFlags.turnedOn })
    .from(featureFlags)
    .where(and(eq(featureFlags.companyId, companyId), eq(featureFlags.name, name), eq(featureFlags.environment, environment)));
  return row?.on;
}
