// The replay's world: a fresh seeded server, the scenario's driver, the orders its references
// name (resolved once, at the start, so a delivered order does not shift the others), and
// what the office does meanwhile.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_COMPANIES } from '../../server/db/seedData';
import type { DraftOf } from '../../src/db';
import { ORDER_KIND_SPECS, type OrderKind } from '../../src/domain';
import type { OrderFilter, OrderRef, Scenario } from '../../src/outbox/scenario/schema';
import { DEMO_DRIVER, makeDevice, prepareDelivery, syncUntilSettled } from '../../test/support/device';
import { startTestServer, type TestServer } from '../../test/support/server';

export interface Account {
  id: number;
  email: string;
  password: string;
  companyId: number;
}

export interface World {
  server: TestServer;
  jwtSecret: string;
  driver: Account;
  /** The driver's first colleague of the same company (reassign and deliver default to them). */
  colleague: Account | null;
  /** The order an ordinal reference names (throws, naming it, when there is none). */
  orderId(ref: OrderRef): number;
  /** When the scenario started (server clock, for rows written since). */
  startedAt: Date;
  /** Stops the server and removes its database. */
  close(): Promise<void>;
}

interface OrderRow {
  id: number;
  kind: OrderKind;
  rto: boolean;
  balance: number;
  cards: number;
  checks: number;
  scheduled: boolean;
}

const FILTERS: Record<OrderFilter, (row: OrderRow) => boolean> = {
  any: () => true,
  payable: (r) => r.kind === 'customer' && !r.rto && r.balance > 0,
  no_balance: (r) => r.kind === 'customer' && !r.rto && r.balance === 0,
  rto: (r) => r.rto,
  saved_card: (r) => r.cards > 0,
  saved_check: (r) => r.checks > 0,
  scheduled: (r) => r.scheduled,
  unscheduled: (r) => !r.scheduled,
};

const passwordOf = (email: string): string | null => DEMO_COMPANIES.flatMap((c) => c.accounts).find((a) => a.email === email)?.password ?? null;

export async function startWorld(scenario: Scenario): Promise<World> {
  const jwtSecret = randomBytes(32).toString('hex');
  // The seeded database is a 40 MB copy: in memory where the machine has it, and removed
  // without blocking (a synchronous removal held the phone's event loop for a second or two).
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'driver-app-replay-'));
  const server = await startTestServer({ jwtSecret, dataDir });
  const startedAt = new Date();
  const login = scenario.driver ?? DEMO_DRIVER;
  const account = async (email: string): Promise<Account | null> => {
    const [row] = await server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [email]);
    const password = email === login.email ? login.password : passwordOf(email);
    return row && password ? { id: Number(row.id), companyId: Number(row.company_id), email, password } : null;
  };
  const driver = await account(login.email);
  if (!driver) throw new Error(`driver.email: no account ${login.email} on the seeded server`);
  const [other] = await server.query<{ email: string }>(
    `SELECT email FROM accounts WHERE company_id = $1 AND role = 'driver' AND id <> $2 ORDER BY id LIMIT 1`,
    [driver.companyId, driver.id],
  );
  const rows = await server.query<OrderRow>(
    `SELECT o.id, o.kind, coalesce(b.is_rto, false) rto, coalesce(b.remaining_balance, 0)::float balance,
       (SELECT count(*) FROM customer_saved_cards s WHERE s.order_id = o.id)::int cards,
       (SELECT count(*) FROM customer_order_checks c WHERE c.order_id = o.id)::int checks,
       o.is_scheduled_for_delivery scheduled
     FROM orders o LEFT JOIN customer_order_billing b ON b.order_id = o.id
     WHERE o.driver_id = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id`,
    [driver.id],
  );
  return {
    server,
    jwtSecret,
    driver,
    colleague: other ? await account(other.email) : null,
    startedAt,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    orderId(ref) {
      if (ref.id !== undefined) return ref.id;
      const filter = ref.with ?? 'any';
      const found = rows.filter((r) => r.kind === ref.kind && FILTERS[filter](r))[ref.index ?? 0];
      if (!found) throw new Error(`order ${JSON.stringify(ref)}: the driver has no ${(ref.index ?? 0) + 1}th ${ref.kind} order (${filter})`);
      return found.id;
    },
  };
}

/** Who `to` names (an email of the company), else the colleague. */
export async function driverIdOf(world: World, email: string | undefined): Promise<number> {
  if (!email) {
    if (!world.colleague) throw new Error('the driver has no colleague to hand the order to');
    return world.colleague.id;
  }
  const [row] = await world.server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [email]);
  if (!row) throw new Error(`to: no account ${email}`);
  return Number(row.id);
}

/** The office gives the order to another driver, or (deliver) that driver delivers it from their phone. */
export async function officeAction(world: World, action: 'reassign' | 'deliver', kind: OrderKind, orderId: number, to?: string): Promise<void> {
  const holder = await driverIdOf(world, to);
  await world.server.query('UPDATE orders SET driver_id = $1, updated_at = clock_timestamp() WHERE id = $2', [holder, orderId]);
  if (action === 'reassign') return;
  const [row] = await world.server.query<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [holder]);
  const password = row ? passwordOf(row.email) : null;
  if (!row || !password) throw new Error(`office deliver: no password for driver #${holder}`);
  const theirs = await makeDevice(world.server);
  try {
    const login = await theirs.engine.login(row.email, password);
    if (!login.ok) throw new Error(`office deliver: ${row.email} cannot sign in: ${login.message}`);
    await theirs.engine.syncNow();
    const draft = (ORDER_KIND_SPECS[kind].payment ? { signatureFrom: 'customer', paymentMethod: 'NoPayment' } : {}) as Partial<DraftOf<OrderKind>>;
    await prepareDelivery(theirs, kind, orderId, { draft, signature: Boolean(ORDER_KIND_SPECS[kind].payment), photos: 1 });
    await syncUntilSettled(theirs);
  } finally {
    await theirs.close();
  }
}

/** A saved card of the order's customer that the payment sandbox declines (its documented decline profile). */
export async function addDecliningCard(world: World, orderId: number): Promise<string> {
  const profile = `41${String(orderId).padStart(17, '0')}9`;
  await world.server.query(
    `INSERT INTO card_tokens (token, company_id, brand, first_four, last_four, sandbox_outcome)
     VALUES ('9000000000000009', $1, 'VISA', '4000', '0002', 'decline') ON CONFLICT DO NOTHING`,
    [world.driver.companyId],
  );
  await world.server.query(
    `INSERT INTO card_profiles (profile_id, company_id, customer_order_id, token, expiration, name, billing_zip)
     VALUES ($3, $1, $2, '9000000000000009', '1131', 'Test Customer', '17527')`,
    [world.driver.companyId, orderId, profile],
  );
  await world.server.query(
    `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year)
     SELECT id, company_id, $2, '0002', 'Visa', 11, 2031 FROM orders WHERE id = $1`,
    [orderId, profile],
  );
  // The office's change reaches the phone with the order (it offers only cards it was sent).
  await world.server.query('UPDATE orders SET updated_at = clock_timestamp() WHERE id = $1', [orderId]);
  return profile;
}
