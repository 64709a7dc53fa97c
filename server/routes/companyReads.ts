// Saved checks of a customer order, the company's drivers (for reassign) and feature flags
// (SPEC §6, §7; DESIGN §6). Saved checks show the last four digits only, never an account.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  FEATURE_FLAG_ENVIRONMENTS, FEATURE_FLAG_NAME, ORDER_API,
  type CompanyDriver, type FeatureFlagCheck, type FeatureFlagEnvironment, type FeatureFlags, type SavedCheck,
} from '../../src/domain';
import type { AppContext } from '../context';
import { accounts, customerOrderChecks, featureFlags } from '../db/schema';
import { authOf } from '../http/auth';
import { invalid } from '../http/errors';
import { findDriverOrder } from '../services/orderReads';
import { parseOrderIdParam } from './orderReadRoutes';

/** ?environment= (default production); 400 for anything but production, master or branch. */
function parseEnvironment(value: unknown): FeatureFlagEnvironment {
  if (value === undefined || value === '') return 'production';
  const env = FEATURE_FLAG_ENVIRONMENTS.find((e) => e === value);
  if (!env) throw invalid(`environment must be one of ${FEATURE_FLAG_ENVIRONMENTS.join(', ')}`);
  return env;
}

export function companyReadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(ORDER_API.savedChecks, async (request) => {
    const auth = authOf(request);
    const id = parseOrderIdParam((request.query as Record<string, unknown>)['customer-order-id'], 'customer-order-id');
    const order = await findDriverOrder(ctx.db, auth, 'customer', id);
    const rows = await ctx.db.select().from(customerOrderChecks)
      .where(and(eq(customerOrderChecks.orderId, order.id), eq(customerOrderChecks.companyId, auth.company_id)))
      .orderBy(asc(customerOrderChecks.id));
    return rows.map((row): SavedCheck => ({
      id: row.id,
      customer_order_id: row.orderId,
      name: row.nameOnCheck,
      bank_name: row.bankName,
      account_last_four: row.accountLastFour,
      created_at: row.createdAt.toISOString(),
    }));
  });

  app.get(ORDER_API.companyDrivers, async (request) => {
    const auth = authOf(request);
    const rows = await ctx.db.select({ id: accounts.id, first: accounts.firstName, last: accounts.lastName, phone: accounts.phone })
      .from(accounts)
      .where(and(eq(accounts.companyId, auth.company_id), eq(accounts.role, 'driver'), isNull(accounts.removedAt)))
      .orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id));
    return rows.map((row): CompanyDriver => ({
      id: row.id, first_name: row.first, last_name: row.last, name: `${row.first} ${row.last}`, phone: row.phone, is_self: row.id === auth.account_id,
    }));
  });

  app.get(ORDER_API.featureFlags, async (request) => {
    const auth = authOf(request);
    const environment = parseEnvironment((request.query as Record<string, unknown>).environment);
    const rows = await ctx.db.select({ name: featureFlags.name, on: featureFlags.turnedOn }).from(featureFlags)
      .where(and(eq(featureFlags.companyId, auth.company_id), eq(featureFlags.environment, environment)))
      .orderBy(asc(featureFlags.name));
    const answer: FeatureFlags = { environment, flags: rows.map((row) => ({ name: row.name, turned_on: row.on })) };
    return answer;
  });

  app.get(ORDER_API.checkFeatureFlag, async (request) => {
    const auth = authOf(request);
    const { flag } = request.params as { flag: string };
    if (!FEATURE_FLAG_NAME.test(flag)) throw invalid('flag must be 1 to 64 letters, digits, dots, dashes or underscores');
    const environment = parseEnvironment((request.query as Record<string, unknown>).environment);
    const [row] = await ctx.db.select({ on: featureFlags.turnedOn }).from(featureFlags)
      .where(and(eq(featureFlags.companyId, auth.company_id), eq(featureFlags.name, flag), eq(featureFlags.environment, environment)));
    const answer: FeatureFlagCheck = { turned_on: row?.on ?? false };
    return answer;
  });
}
