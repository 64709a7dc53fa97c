import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../src/replication/http';
import { authorizeNewCard, type CardAuthInput } from '../../src/replication/cardAuth';
import { startTestServer, type TestServer } from '../support/server';

// The worker's card authorization (authorizeCard RPC) against the real server on loopback:
// an approval becomes an AuthorizedCard, a decline a message, and neither the PAN nor the
// CVV is left in any column of the server's database.

const PAN = '4111111111111111';
const DECLINED_PAN = '4000000000000002';
const CVV = '3162';

let server: TestServer;
let http: HttpClient;
let orders: number[] = [];
let baseline: string[] = [];

const NEEDLES: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(PAN), 'pan'],
  [new RegExp(DECLINED_PAN), 'pan'],
  [/4111111111111112/, 'pan'],
  [new RegExp(`(^|[^0-9A-Za-z])${CVV}([^0-9A-Za-z]|$)`), 'cvv'],
];

/** "schema.table.column ~ kind" for every text-like column value matching a needle. */
async function scanDatabase(needles: ReadonlyArray<RegExp | readonly [RegExp, string]> = NEEDLES): Promise<string[]> {
  const columns = await server.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const hits = new Set<string>();
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const rows = await server.query<{ v: string }>(
      `SELECT ${ident(column)}::text AS v FROM ${ident(schema)}.${ident(table)} WHERE ${ident(column)} IS NOT NULL`,
    );
    for (const row of rows) {
      for (const needle of needles) {
        const [re, kind] = needle instanceof RegExp ? [needle, needle.source] : needle;
        if (re.test(row.v)) hits.add(`${schema}.${table}.${column} ~ ${kind}`);
      }
    }
  }
  return [...hits].sort();
}

beforeAll(async () => {
  server = await startTestServer();
  const token = await server.login('driver@summit.test', 'summit-driver-1');
  http = createHttpClient({
    fetch: (input, init) => fetch(input, init),
    hosts: { main: server.url, remix: server.url, report: server.url },
    getToken: () => Promise.resolve(token),
    timeoutMs: 15_000,
  });
  // The driver's live customer orders (the route only authorizes cards for those).
  const rows = await server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id
     WHERE a.email = $1 AND o.kind = 'customer' AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id`,
    ['driver@summit.test'],
  );
  orders = rows.map((r) => r.id);
  expect(orders.length).toBeGreaterThanOrEqual(2);
  baseline = await scanDatabase();
});
afterAll(async () => {
  await server?.close();
});

const input = (overrides: Partial<CardAuthInput> = {}): CardAuthInput => ({
  customerOrderId: orders[0] ?? 0,
  cardNumber: PAN,
  expMonth: '09',
  expYear: '31',
  cvv: CVV,
  amount: '125.50',
  billingZip: '17602',
  paymentProcessingAccountId: null,
  ...overrides,
});

describe('authorizeNewCard against the real server', () => {
  it('an approved card becomes an AuthorizedCard (token, profile, retref), never the PAN', async () => {
    const outcome = await authorizeNewCard(http, input({ cardNumber: '4111 1111 1111 1111' }));
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    if (!outcome.ok) return;
    const card = outcome.card;
    expect(card.token).toMatch(/^9\d{15}$/);
    expect(card.token).not.toBe(PAN);
    expect(card.firstFour).toBe('4111');
    expect(card.lastFour).toBe('1111');
    expect(card.profileId).toMatch(/^\d+$/);
    expect(card.retref).toMatch(/^\d+$/);
    expect(card).toMatchObject({ expMonth: '09', expYear: '31', amount: '125.50' });
    // The server saved the card to the order's list: the next pull shows it.
    const saved = await server.query<{ last_four: string }>('SELECT last_four FROM customer_saved_cards WHERE order_id = $1 AND card_profile_id = $2', [
      orders[0],
      card.profileId,
    ]);
    expect(saved).toEqual([{ last_four: '1111' }]);
  });

  it("the holder's typed billing is what the server authorizes with and keeps on the profile", async () => {
    const holder = {
      firstName: 'Dana',
      lastName: 'Whitfield',
      streetAddress: '88 Quarry Rd',
      city: 'Intercourse',
      state: 'PA',
      phone: '7175550142',
      email: 'dana@example.com',
    };
    const outcome = await authorizeNewCard(http, input({ billingZip: '17534', holder }));
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    if (!outcome.ok) return;
    const [profile] = await server.query(
      'SELECT name, billing_address, billing_city, billing_state, billing_zip, billing_phone, billing_email FROM card_profiles WHERE profile_id = $1',
      [outcome.card.profileId],
    );
    expect(profile).toEqual({
      name: 'Dana Whitfield',
      billing_address: '88 Quarry Rd',
      billing_city: 'Intercourse',
      billing_state: 'PA',
      billing_zip: '17534',
      billing_phone: '7175550142',
      billing_email: 'dana@example.com',
    });
  });

  it('a declined card is ok:false with the server message', async () => {
    const outcome = await authorizeNewCard(http, input({ customerOrderId: orders[1] ?? 0, cardNumber: DECLINED_PAN }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message).toBe('Declined');
  });

  it('an invalid card number and a foreign order are refused with a message', async () => {
    const invalid = await authorizeNewCard(http, input({ cardNumber: '4111111111111112' }));
    expect(invalid).toEqual({ ok: false, message: 'Invalid Credit Card Number' });
    const foreign = await authorizeNewCard(http, input({ customerOrderId: 2_000_000_000 }));
    expect(foreign).toEqual({ ok: false, message: 'Not found' });
  });

  it('a server that cannot be reached is ok:false, not a throw', async () => {
    const offline = createHttpClient({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      hosts: { main: server.url, remix: server.url, report: server.url },
      getToken: () => Promise.resolve('token'),
    });
    const outcome = await authorizeNewCard(offline, input());
    expect(outcome.ok).toBe(false);
  });

  it('neither the PAN nor the CVV is in any text column of any table of the server database', async () => {
    const after = await scanDatabase();
    // Every PAN sent (approved, declined, Luhn-invalid) is absent everywhere.
    expect(after.filter((hit) => !hit.endsWith(' ~ cvv'))).toEqual([]);
    // The CVV is a short number: a standalone "3162" already in the seed (a phone, a zip)
    // would not be ours, so only what the authorizations added counts.
    expect(after.filter((hit) => !baseline.includes(hit))).toEqual([]);
    // The scan does see what is stored: the card's last four digits.
    expect(await scanDatabase([/^1111$/])).not.toEqual([]);
  });
});
