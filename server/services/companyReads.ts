// Saved checks of a customer order, the company's drivers (for reassign) and feature flags
// (SPEC §6, §7; DESIGN §6). Saved checks show the last four digits only, never an account.
import type { CompanyDriver, FeatureFlagCheck, FeatureFlagEnvironment, FeatureFlags, SavedCheck, TokenClaims } from '../../src/domain';
import type { Executor } from '../db/client';
import { activeDrivers, flagsOf, flagTurnedOn } from '../repositories/companyReads';
import { checksOf } from '../repositories/customerOrders';
import { requireOrder } from './access';

export async function savedChecks(db: Executor, auth: TokenClaims, customerOrderId: number): Promise<SavedCheck[]> {
  const order = await requireOrder(db, auth, { kind: 'customer', id: customerOrderId });
  return (await checksOf(db, auth.company_id, order.id)).map((row) => ({
    id: row.id,
    customer_order_id: row.orderId,
    name: row.nameOnCheck,
    bank_name: row.bankName,
    account_last_four: row.accountLastFour,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function companyDrivers(db: Executor, auth: TokenClaims): Promise<CompanyDriver[]> {
  return (await activeDrivers(db, auth.company_id)).map((row) => ({
    id: row.id,
    first_name: row.first,
    last_name: row.last,
    name: `${row.first} ${row.last}`,
    phone: row.phone,
    is_self: row.id === auth.account_id,
  }));
}

export async function featureFlags(db: Executor, auth: TokenClaims, environment: FeatureFlagEnvironment): Promise<FeatureFlags> {
  const rows = await flagsOf(db, auth.company_id, environment);
  return { environment, flags: rows.map((row) => ({ name: row.name, turned_on: row.on })) };
}

/** One flag; a flag the company does not have is off. */
export async function checkFeatureFlag(db: Executor, auth: TokenClaims, flag: string, environment: FeatureFlagEnvironment): Promise<FeatureFlagCheck> {
  return { turned_on: (await flagTurnedOn(db, auth.company_id, flag, environment)) ?? false };
}
