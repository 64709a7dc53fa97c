// Payments hard edges: Idempotency-Key on every payments POST (a charge happens once; the
// same key with another body → 422), company isolation (Ridge cannot touch Summit's
// transactions, profiles or tokens → 404), and no PAN, CVV or bank account number anywhere
// in the database (every text/jsonb column of every table) or in the server's logs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { hookRequestHash } from '../../server/http/idempotency';
import { testDatabase, type TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, liveOrderIds, newKey, useTestServer } from './helpers';
import {
  CARDS,
  CVV,
  FUTURE_EXPIRY,
  P,
  achNewBody,
  cardBody,
  orderNumber,
  pay,
  savedCard,
  txn,
  txnsOfOrder,
  type CardAnswer,
  type PaymentError,
} from './paymentsHelpers';

let server: TestServer;
let summit: string;
let ridge: string;
const ACCOUNT_NUMBER = '987654321098';

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));

const approve = async (overrides: Record<string, unknown> = {}): Promise<CardAnswer> => {
  const res = await pay<CardAnswer>(server, P.authNewCard, cardBody(overrides), summit);
  expect(res.status).toBe(200);
  return res.body;
};
const count = async (sql: string, params: unknown[]): Promise<number> => (await server.query<{ n: number }>(sql, params))[0]?.n ?? -1;

interface IdemCase {
  name: string;
  path: string;
  /** A fresh valid body, and the same call with something else changed. */
  make: () => Promise<{ body: Record<string, unknown>; other: Record<string, unknown>; work: () => Promise<number> }>;
}

const cases: IdemCase[] = [
  {
    name: 'auth-new-card',
    path: P.authNewCard,
    make: () => {
      const body = cardBody();
      const order = String(body.order_number);
      return Promise.resolve({ body, other: { ...body, amount: '1.00' }, work: async () => (await txnsOfOrder(server, order)).length });
    },
  },
  {
    name: 'auth-profile',
    path: P.authProfile,
    make: async () => {
      const card = await approve();
      const order = orderNumber();
      const body = { amount: '42.00', profile_id: card.profile_id, order_number: order, billing_zip: '17602' };
      return { body, other: { ...body, amount: '43.00' }, work: async () => (await txnsOfOrder(server, order)).length };
    },
  },
  {
    name: 'capture-check-payment',
    path: P.captureCheckPayment,
    make: () => {
      const body = achNewBody();
      const order = String(body.order_number);
      return Promise.resolve({ body, other: { ...body, amount: 1 }, work: async () => (await txnsOfOrder(server, order)).length });
    },
  },
  {
    name: 'capture-payment',
    path: P.capturePayment,
    make: async () => {
      const card = await approve();
      const body = { transaction_id: card.retref, amount: '100.00', token: null };
      return { body, other: { ...body, amount: '99.00' }, work: async () => ((await txn(server, card.retref))?.status === 'captured' ? 1 : 0) };
    },
  },
  {
    name: 'refund-request',
    path: P.refundRequest,
    make: async () => {
      const card = await approve();
      expect((await pay(server, P.capturePayment, { transaction_id: card.retref, amount: '125.50' }, summit)).status).toBe(200);
      const body = { transaction_id: card.retref, ach_transaction: false, full_refund: false, amount: '10.00', first_name: 'Ada' };
      return {
        body,
        other: { ...body, amount: '11.00' },
        work: () => count('SELECT count(*)::int n FROM payment_transactions WHERE parent_retref = $1', [card.retref]),
      };
    },
  },
  {
    name: 'tokenize',
    path: P.tokenize,
    make: async () => {
      const before = await count("SELECT count(*)::int n FROM card_tokens WHERE last_four = '4242'", []);
      return {
        body: { account: '4242424242424242' },
        other: { account: CARDS.visa },
        work: async () => (await count("SELECT count(*)::int n FROM card_tokens WHERE last_four = '4242'", [])) - before,
      };
    },
  },
  {
    name: 'cardconnect auth_new_card',
    path: P.cardconnectAuthNewCard,
    make: async () => {
      const id = (await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer'))[1] ?? 0;
      const before = await count('SELECT count(*)::int n FROM customer_saved_cards WHERE order_id = $1', [id]);
      const body = {
        customer_order_id: id,
        card_token: CARDS.visa,
        card_exp_month: FUTURE_EXPIRY.slice(0, 2),
        card_exp_year: FUTURE_EXPIRY.slice(2),
        card_cvv: CVV,
        amount: '5.00',
      };
      return {
        body,
        other: { ...body, amount: '6.00' },
        work: async () => (await count('SELECT count(*)::int n FROM customer_saved_cards WHERE order_id = $1', [id])) - before,
      };
    },
  },
  {
    name: 'cardconnect profile_inquiry',
    path: P.cardconnectProfileInquiry,
    make: async () => {
      const card = await approve();
      const other = await approve();
      return { body: { profile_id: card.profile_id }, other: { profile_id: other.profile_id }, work: () => Promise.resolve(1) };
    },
  },
];

describe('Idempotency-Key on every payments POST', () => {
  for (const c of cases) {
    it(`${c.name}: same key and body → the first answer, work done once; another body → 422`, async () => {
      const { body, other, work } = await c.make();
      const key = newKey();
      const first = await pay(server, c.path, body, summit, key);
      expect(first.status, first.text).toBe(200);
      const second = await pay(server, c.path, body, summit, key);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(await work()).toBe(1);
      const reused = await pay<PaymentError>(server, c.path, other, summit, key);
      expect(reused.status).toBe(422);
      expect(reused.body.error).toBe('IdempotencyKeyReused');
      if (c.path.startsWith('/api/payments/')) expect(reused.body.traceId).toBeTruthy();
      expect(await work()).toBe(1);
    });
  }

  it('the stored request hash covers no PAN or CVV (they are lifted out before the key is claimed)', async () => {
    const body = cardBody();
    const key = newKey();
    expect((await pay(server, P.authNewCard, body, summit, key)).status).toBe(200);
    const [row] = await server.query<{ request_hash: string }>('SELECT request_hash FROM idempotency_keys WHERE key = $1', [key]);
    const { cvv: _cvv, ...rest } = body;
    const lifted = { ...rest, account_token: `pan:16:${CARDS.visa.slice(-4)}` };
    expect(row?.request_hash).toBe(hookRequestHash('POST', P.authNewCard, lifted, {}));
    expect(row?.request_hash).not.toBe(hookRequestHash('POST', P.authNewCard, body, {}));
  });

  it('a declined charge releases its key: the same key may be retried (each attempt recorded)', async () => {
    const body = cardBody({ account_token: CARDS.declined });
    const key = newKey();
    expect((await pay(server, P.authNewCard, body, summit, key)).status).toBe(402);
    expect((await pay(server, P.authNewCard, body, summit, key)).status).toBe(402);
    expect((await txnsOfOrder(server, String(body.order_number))).map((r) => r.status)).toEqual(['declined', 'declined']);
  });
});

describe('company isolation: Ridge vs Summit', () => {
  it("Ridge cannot capture, refund, charge, inquire or reuse Summit's transactions, profiles and tokens", async () => {
    const card = await approve();
    const ach = await pay<{ retref: string; token: string }>(server, P.captureCheckPayment, achNewBody(), summit);
    const attempts: [string, string, unknown, number][] = [
      ['capture', P.capturePayment, { transaction_id: card.retref, amount: '1.00' }, 404],
      ['refund card', P.refundRequest, { transaction_id: card.retref, ach_transaction: false, full_refund: true, first_name: 'X' }, 404],
      ['refund ach', P.refundRequest, { transaction_id: ach.body.retref, ach_transaction: true, full_refund: true, first_name: 'X' }, 404],
      ['auth-profile', P.authProfile, { amount: '1.00', profile_id: card.profile_id, order_number: 'R-1', billing_zip: '1' }, 404],
      ['ach-token', P.captureCheckPayment, { type: 'ach-token', token: ach.body.token, amount: 1, order_number: 'R-1' }, 404],
      ['profile_inquiry', P.cardconnectProfileInquiry, { profile_id: card.profile_id }, 404],
      ['token as card', P.authNewCard, cardBody({ account_token: card.token }), 400],
    ];
    for (const [name, path, body, status] of attempts) {
      const res = await pay<PaymentError>(server, path, body, ridge);
      expect(res.status, name).toBe(status);
      expect(res.text, name).not.toContain(card.token);
      if (status === 404) expect(res.body).toMatchObject({ error: 'NotFound', message: 'Not found' });
    }
    const details = await savedCard(server, card.profile_id, ridge);
    expect(details.status).toBe(404);
    expect(await txn(server, card.retref)).toMatchObject({ status: 'authorized', captured_cents: 0, refunded_cents: 0 });
    expect(await txn(server, ach.body.retref)).toMatchObject({ status: 'captured', refunded_cents: 0 });
    const summitOrder = (await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer'))[0] ?? 0;
    const foreignOrder = await pay(
      server,
      P.cardconnectAuthNewCard,
      {
        customer_order_id: summitOrder,
        card_token: CARDS.visa,
        card_exp_month: '12',
        card_exp_year: FUTURE_EXPIRY.slice(2),
        card_cvv: CVV,
      },
      ridge,
    );
    expect(foreignOrder.status).toBe(404);
  });
});

/** Every text-like column of every table that contains one of the needles. */
async function scanDatabase(needles: RegExp[]): Promise<string[]> {
  const columns = await server.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'json', 'character varying', 'character')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await server.query<{ v: string }>(`SELECT "${column}"::text AS v FROM "${table}" WHERE "${column}" IS NOT NULL`);
    for (const row of rows) for (const needle of needles) if (needle.test(row.v)) hits.push(`${table}.${column} ~ ${needle.source}`);
  }
  return hits;
}

const SECRET_NEEDLES = [
  ...Object.values(CARDS).map((pan) => new RegExp(pan)),
  new RegExp(ACCOUNT_NUMBER),
  new RegExp(`(^|[^0-9A-Za-z])${CVV}([^0-9A-Za-z]|$)`),
];

describe('no card or bank secrets at rest or in logs', () => {
  it('stores no PAN, CVV or account number in any text/jsonb column of any table', async () => {
    await approve({ account_token: CARDS.visa });
    await pay(server, P.authNewCard, cardBody({ account_token: CARDS.insufficient }), summit, newKey());
    await pay(server, P.authNewCard, cardBody({ account_token: CARDS.luhnFails }), summit);
    await pay(server, P.captureCheckPayment, achNewBody({ account_number: ACCOUNT_NUMBER }), summit, newKey());
    const hits = await scanDatabase(SECRET_NEEDLES);
    expect(hits).toEqual([]);
    // The scan does find what is there: the last four digits of the card are stored.
    expect((await scanDatabase([/^1111$/])).length).toBeGreaterThan(0);
  });

  it('logs no PAN, CVV or account number (a server whose logger writes to a stream we read)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'payments-logs-'));
    const database = await testDatabase(dataDir); // PGlite copy, or PostgreSQL under integration-pg
    const lines: string[] = [];
    const built = await buildServer({
      dataDir,
      databaseUrl: database.databaseUrl,
      staticDir: null,
      jwtSecret: 'log-test-secret-0123456789abcdef',
      logger: true,
      logStream: { write: (line: string) => lines.push(line) },
    });
    try {
      const login = await built.app.inject({ method: 'POST', url: '/auth/login', payload: SUMMIT_DRIVER });
      const token = JSON.parse(login.body) as string;
      const send = (url: string, payload: unknown) =>
        built.app.inject({
          method: 'POST',
          url,
          payload: payload as Record<string, unknown>,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': newKey() },
        });
      expect((await send(P.authNewCard, cardBody())).statusCode).toBe(200);
      expect((await send(P.authNewCard, cardBody({ account_token: CARDS.declined }))).statusCode).toBe(402);
      expect((await send(P.authNewCard, cardBody({ account_token: Number(CARDS.visa), cvv: Number(CVV) }))).statusCode).toBe(400);
      expect((await send(P.authNewCard, cardBody({ expiration: CARDS.visa }))).statusCode).toBe(400);
      expect((await send(P.tokenize, { account: CARDS.luhnFails })).statusCode).toBe(400);
      expect((await send(P.captureCheckPayment, achNewBody({ account_number: ACCOUNT_NUMBER }))).statusCode).toBe(200);
      expect((await send(P.captureCheckPayment, achNewBody({ account_number: ACCOUNT_NUMBER, routing_number: '1' }))).statusCode).toBe(400);
      const log = lines.join('');
      expect(log).toContain('payment call failed'); // the stream really receives the server's lines
      for (const pan of Object.values(CARDS)) expect(log).not.toContain(pan);
      expect(log).not.toContain(ACCOUNT_NUMBER);
      expect(log).not.toContain(`"${CVV}"`);
      expect(log).not.toMatch(/"cvv":\s*"?\d/);
    } finally {
      await built.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
