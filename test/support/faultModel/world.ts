// One run's world on the shared server: a driver and a colleague of their own (copies of the
// demo driver's account, same password), each with fresh orders cloned from the demo driver's
// seeded ones, and notifications for the driver. A run never meets another run's rows, so the
// server is started once for all runs and checked per run.
import { DEMO_DRIVER } from '../device';
import type { TestServer } from '../server';

export type OrderKindName = 'onlot' | 'move' | 'customer';

export interface RunOrder {
  kind: OrderKindName;
  id: number;
  key: string;
  /** Customer orders: paid by the RTO company (deliver_customer_rto only). */
  rto: boolean;
  /** Customer orders: a saved card the sandbox approves, or one it declines. */
  card: string | null;
  declines: boolean;
  checkId: number | null;
}

export interface RunAccount {
  id: number;
  email: string;
  name: string;
}

export interface World {
  companyId: number;
  driver: RunAccount;
  colleague: RunAccount;
  orders: RunOrder[];
  /** The colleague's own orders: never seen on the driver's phone, never written by the driver. */
  colleagueOrders: number[];
  notifications: number[];
}

const KEY_PREFIX = { onlot: 'oio', move: 'imo', customer: 'co' } as const;
export const RUN_PASSWORD = DEMO_DRIVER.password;

interface Templates {
  onlot: number;
  move: number;
  customer: number;
  columns: string;
}
let templates: Templates | null = null;
let sequence = 0;

async function templatesOf(server: TestServer): Promise<Templates> {
  if (templates) return templates;
  const pick = async (kind: OrderKindName, extra = '') => {
    const [row] = await server.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id ${extra}
       WHERE a.email = $1 AND o.kind = $2 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id LIMIT 1`,
      [DEMO_DRIVER.email, kind],
    );
    if (!row) throw new Error(`no seeded ${kind} order to clone`);
    return Number(row.id);
  };
  const columns = (
    await server.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'orders'
         AND column_name NOT IN ('id', 'order_number', 'driver_id', 'is_scheduled_for_delivery', 'scheduled_date', 'delivered_at', 'cancelled_at', 'created_at', 'updated_at')`,
    )
  )
    .map((r) => r.column_name)
    .join(', ');
  templates = {
    onlot: await pick('onlot'),
    move: await pick('move'),
    customer: await pick('customer', 'JOIN customer_order_billing b ON b.order_id = o.id AND NOT b.is_rto'),
    columns,
  };
  return templates;
}

async function cloneAccount(server: TestServer, tag: string): Promise<RunAccount> {
  const email = `fault-${process.pid}-${tag}@summit.test`;
  const [row] = await server.query<{ id: number }>(
    `INSERT INTO accounts (company_id, email, password_hash, role, first_name, last_name, phone)
     SELECT company_id, $2, password_hash, role, 'Fault', $3, phone FROM accounts WHERE email = $1 RETURNING id`,
    [DEMO_DRIVER.email, email, `Driver ${tag}`],
  );
  return { id: Number(row?.id), email, name: `Fault Driver ${tag}` };
}

async function cloneOrder(
  server: TestServer,
  t: Templates,
  kind: OrderKindName,
  driverId: number,
  opts: { rto?: boolean; card?: 'approve' | 'decline' } = {},
): Promise<RunOrder> {
  sequence += 1;
  const tag = `${process.pid}-${sequence}`;
  const [row] = await server.query<{ id: number }>(
    `INSERT INTO orders (${t.columns}, order_number, driver_id) SELECT ${t.columns}, $2, $3 FROM orders WHERE id = $1 RETURNING id`,
    [t[kind], `FAULT-${tag}`, driverId],
  );
  const id = Number(row?.id);
  const order: RunOrder = { kind, id, key: `${KEY_PREFIX[kind]}-${id}`, rto: false, card: null, declines: false, checkId: null };
  if (kind !== 'customer') return order;
  order.rto = opts.rto ?? false;
  await server.query(
    `INSERT INTO customer_order_billing (order_id, company_id, name_on_order, is_rto, rto_company_name, remaining_balance, street_address_one, street_address_two, city, state, zip)
     SELECT $2, company_id, name_on_order, $3, CASE WHEN $3 THEN 'Test RTO' END, 500, street_address_one, street_address_two, city, state, zip
     FROM customer_order_billing WHERE order_id = $1`,
    [t.customer, id, order.rto],
  );
  await server.query(
    `INSERT INTO happy_list_items (order_id, company_id, item, text, position) SELECT $2, company_id, item, text, position FROM happy_list_items WHERE order_id = $1`,
    [t.customer, id],
  );
  const [check] = await server.query<{ id: number }>(
    `INSERT INTO customer_order_checks (order_id, company_id, name_on_check, bank_name, account_last_four) SELECT id, company_id, 'Ada Yoder', 'First Bank', '6789' FROM orders WHERE id = $1 RETURNING id`,
    [id],
  );
  order.checkId = Number(check?.id);
  if (opts.card) {
    // A saved card as the sandbox keeps one (token, profile) and as the order lists it.
    const token = `9${String(sequence).padStart(15, '0')}`;
    const profile = `44${String(process.pid).padStart(8, '0')}${String(sequence).padStart(10, '0')}`;
    await server.query(
      `INSERT INTO card_tokens (token, company_id, brand, first_four, last_four, sandbox_outcome) SELECT $2, company_id, 'VISA', '4111', '1111', $3 FROM orders WHERE id = $1`,
      [id, token, opts.card],
    );
    await server.query(
      `INSERT INTO card_profiles (profile_id, company_id, customer_order_id, token, expiration, name, billing_zip) SELECT $2, company_id, id, $3, '1131', 'Test Customer', '17601' FROM orders WHERE id = $1`,
      [id, profile, token],
    );
    await server.query(
      `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year) SELECT id, company_id, $2, '1111', 'Visa', 11, 2031 FROM orders WHERE id = $1`,
      [id, profile],
    );
    order.card = profile;
    order.declines = opts.card === 'decline';
  }
  return order;
}

/** A fresh world for run `run`: two accounts, their orders, the driver's notifications. */
export async function makeWorld(server: TestServer, run: string): Promise<World> {
  const t = await templatesOf(server);
  const driver = await cloneAccount(server, `${run}-d`);
  const colleague = await cloneAccount(server, `${run}-c`);
  const [company] = await server.query<{ company_id: number }>('SELECT company_id FROM accounts WHERE id = $1', [driver.id]);
  const companyId = Number(company?.company_id);
  const orders = [
    await cloneOrder(server, t, 'onlot', driver.id),
    await cloneOrder(server, t, 'onlot', driver.id),
    await cloneOrder(server, t, 'move', driver.id),
    await cloneOrder(server, t, 'customer', driver.id, { card: 'approve' }),
    await cloneOrder(server, t, 'customer', driver.id, { card: 'approve' }),
    await cloneOrder(server, t, 'customer', driver.id),
    await cloneOrder(server, t, 'customer', driver.id, { rto: true }),
    await cloneOrder(server, t, 'customer', driver.id, { card: 'decline' }),
  ];
  const colleagueOrders = [(await cloneOrder(server, t, 'onlot', colleague.id)).id, (await cloneOrder(server, t, 'customer', colleague.id)).id];
  const notifications: number[] = [];
  for (const title of ['Order assigned', 'Order rescheduled', 'Shop note']) {
    const [row] = await server.query<{ id: number }>(
      `INSERT INTO notifications (company_id, account_id, type, title, message) VALUES ($1, $2, 'system', $3, $3) RETURNING id`,
      [companyId, driver.id, title],
    );
    notifications.push(Number(row?.id));
  }
  return { companyId, driver, colleague, orders, colleagueOrders, notifications };
}

/** The run is over: its live orders leave the company's list, so later runs' pulls stay small. */
export async function retireWorld(server: TestServer, world: World): Promise<void> {
  const ids = [...world.orders.map((o) => o.id), ...world.colleagueOrders];
  await server.query('UPDATE orders SET cancelled_at = now() WHERE id = ANY($1::int[]) AND delivered_at IS NULL AND cancelled_at IS NULL', [ids]);
}
