// Idempotency-Key on every write route (DESIGN §6), enforced by the global hook: probe
// routes show the mechanism (replay, 422, 409, release, text answers, adoption by
// runIdempotent), then every real write route is shown to consult the key store before
// its handler, and old keys are purged while the server runs.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain';
import type { AppContext } from '../../server/context';
import { authOf } from '../../server/http/auth';
import { HttpError } from '../../server/http/errors';
import { hookRequestHash, takesIdempotencyKey } from '../../server/http/idempotency';
import { migrationFiles } from '../../server/db/migrate';
import { runIdempotent } from '../../server/http/keyedAnswers';
import { concreteUrl, startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import { startTestServer, type TestServer } from '../support/server';
import { SUMMIT_DRIVER, call, newKey, postJson } from './helpers';

let server: TestServer;
let routes: RegisteredRoute[];
let token: string;
let account: { id: number; company_id: number };
const calls = new Map<string, number>();
const bump = (name: string): number => {
  const n = (calls.get(name) ?? 0) + 1;
  calls.set(name, n);
  return n;
};

/** Probe routes: plain handlers that know nothing of idempotency (the hook covers them). */
function probeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/secure/probe/json', async (request) => {
    authOf(request);
    const body = request.body as { note?: unknown; fail?: unknown } | null;
    if (body?.fail === true) throw new HttpError(400, 'InvalidRequest', 'probe refused');
    await ctx.db.execute(sql`INSERT INTO probe_work (note) VALUES (${typeof body?.note === 'string' ? body.note : ''})`);
    return { call: bump('json'), note: body?.note ?? null };
  });
  app.post('/secure/probe/text', (request, reply) => reply.type('text/plain; charset=utf-8').send(`https://example.test/c-${bump('text')}.pdf`));
  app.post('/secure/probe/json-string', (request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(`tok-${bump('jstr')}`)));
  // Keys in an order jsonb would change (it sorts them shorter first), one nested, one non-ASCII.
  app.post('/secure/probe/ordered', () => ({ longest_key_first: bump('ordered'), mid: { zz: true, a: null }, a: 'café ✓', list: [{ bb: 1, a: 2 }] }));
  app.post('/secure/probe/slow', async () => {
    const n = bump('slow');
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { n };
  });
  // A handler that records its key in its own transaction (adopting the hook's claim).
  app.post('/secure/probe/adopt', async (request, reply) =>
    runIdempotent({
      db: ctx.db,
      request,
      reply,
      auth: authOf(request),
      work: async (complete) => {
        const body = { call: bump('adopt'), mid: { zz: 1, a: [] }, a: 'x' }; // keys out of jsonb's order
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO probe_work (note) VALUES ('adopt')`);
          await complete(tx, 200, body);
        });
        return { status: 200, body };
      },
    }),
  );
}

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes({ build: { extraRoutes: probeRoutes } }));
  await server.query('CREATE TABLE probe_work (id serial PRIMARY KEY, note text NOT NULL)');
  token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
  const [row] = await server.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
  if (!row) throw new Error('no Summit driver');
  account = row;
});
afterAll(() => server.close());

const workRows = async (note: string): Promise<number> =>
  (await server.query<{ n: number }>('SELECT count(*)::int n FROM probe_work WHERE note = $1', [note]))[0]?.n ?? -1;
const keyRow = async (key: string) =>
  (await server.query<{ state: string; response_type: string | null }>('SELECT state, response_type FROM idempotency_keys WHERE key = $1', [key]))[0];

describe('the hook on a route that does nothing about keys', () => {
  it('same key + same body: the first answer replayed, the work done once (read back from the database)', async () => {
    const key = newKey();
    const first = await postJson(server, '/secure/probe/json', { note: 'once', b: [1, { c: 2 }] }, { token, key });
    expect(first.status).toBe(200);
    const again = await postJson(server, '/secure/probe/json', { b: [1, { c: 2 }], note: 'once' }, { token, key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await workRows('once')).toBe(1);
    expect(await keyRow(key)).toEqual({ state: 'done', response_type: 'application/json; charset=utf-8' });
  });

  it('same key + another body: 422 IdempotencyKeyReused, no work', async () => {
    const key = newKey();
    expect((await postJson(server, '/secure/probe/json', { note: 'first' }, { token, key })).status).toBe(200);
    const other = await postJson(server, '/secure/probe/json', { note: 'second' }, { token, key });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'IdempotencyKeyReused', message: expect.any(String) as string });
    expect(await workRows('second')).toBe(0);
  });

  it('a failure releases the key: the fixed body goes through with the same key', async () => {
    const key = newKey();
    const bad = await postJson(server, '/secure/probe/json', { note: 'fixed', fail: true }, { token, key });
    expect(bad.status).toBe(400);
    expect(await keyRow(key)).toBeUndefined();
    const fixed = await postJson(server, '/secure/probe/json', { note: 'fixed' }, { token, key });
    expect(fixed.status).toBe(200);
    expect(await workRows('fixed')).toBe(1);
  });

  it('concurrent requests with one key: one does the work, the others get 409 IdempotencyKeyInFlight or the replay', async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => postJson(server, '/secure/probe/slow', {}, { token, key })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      if (a.status === 200) expect(a.body).toEqual({ n: 1 });
      else expect(a.body).toMatchObject({ error: 'IdempotencyKeyInFlight' });
    }
    expect(calls.get('slow')).toBe(1);
  });

  it('text and bare-JSON-string answers replay byte for byte with their content type', async () => {
    for (const path of ['/secure/probe/text', '/secure/probe/json-string']) {
      const key = newKey();
      const first = await call(server, path, { method: 'POST', token, headers: { 'idempotency-key': key } });
      const again = await call(server, path, { method: 'POST', token, headers: { 'idempotency-key': key } });
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(calls.get('text')).toBe(1);
    expect(calls.get('jstr')).toBe(1);
  });

  it('the query string is part of the request: another query is another request', async () => {
    const key = newKey();
    expect((await postJson(server, '/secure/probe/json?x=1', { note: 'q' }, { token, key })).status).toBe(200);
    expect((await postJson(server, '/secure/probe/json?x=2', { note: 'q' }, { token, key })).status).toBe(422);
  });

  it("runIdempotent adopts the hook's claim and commits the record with its own transaction", async () => {
    const key = newKey();
    const first = await postJson(server, '/secure/probe/adopt', {}, { token, key });
    expect(first.status).toBe(200);
    const again = await postJson(server, '/secure/probe/adopt', {}, { token, key });
    expect(again.body).toEqual(first.body);
    expect(await workRows('adopt')).toBe(1);
    expect(await keyRow(key)).toEqual({ state: 'done', response_type: 'application/json; charset=utf-8' });
  });

  // Issue 20 item 9: answers were stored as jsonb, which reorders an object's keys, so a replay
  // of {longest_key_first, mid, a} came back as {a, mid, …}: the same value, other bytes.
  it('a JSON answer replays byte for byte, its keys in their first order (hook and runIdempotent alike)', async () => {
    for (const path of ['/secure/probe/ordered', '/secure/probe/adopt']) {
      const key = newKey();
      const first = await postJson(server, path, {}, { token, key });
      expect(first.status, path).toBe(200);
      const again = await postJson(server, path, {}, { token, key });
      expect(again.headers.get('idempotent-replayed'), path).toBe('true');
      expect(again.text, path).toBe(first.text);
      expect(again.headers.get('content-type'), path).toBe(first.headers.get('content-type'));
    }
    expect(calls.get('ordered')).toBe(1);
  });
});

describe('every real write route honours the key before its handler runs', () => {
  const keyed = (): RegisteredRoute[] => routes.filter((r) => takesIdempotencyKey(r.method, r.url) && !r.url.startsWith('/secure/probe/'));
  const send = (route: RegisteredRoute, key: string) =>
    call(server, concreteUrl(route.url), { method: route.method, token, body: '{}', headers: { 'content-type': 'application/json', 'idempotency-key': key } });

  it('there are write routes to check, and login takes no key', () => {
    expect(keyed().length).toBeGreaterThanOrEqual(2);
    expect(keyed().some((r) => r.url === API.login)).toBe(false);
  });

  it('a malformed Idempotency-Key is 400 InvalidRequest on every one', async () => {
    for (const route of keyed()) {
      const res = await send(route, 'k'.repeat(129));
      expect(res.status, `${route.method} ${route.url}`).toBe(400);
      expect(res.body, `${route.method} ${route.url}`).toMatchObject({
        error: 'InvalidRequest',
        message: expect.stringContaining('Idempotency-Key') as string,
      });
    }
  });

  it('a key already done for the same request replays its answer; for another request it is 422', async () => {
    for (const route of keyed().filter((r) => r.url !== API.upload)) {
      const label = `${route.method} ${route.url}`;
      const done = newKey();
      const reused = newKey();
      await server.query(
        `INSERT INTO idempotency_keys (key, account_id, company_id, method, path, request_hash, state, response_status, response_body, response_type)
         VALUES ($1, $3, $4, $5, $6, $7, 'done', 200, '{"probe":"replayed"}', $8), ($2, $3, $4, $5, $6, 'another request', 'done', 200, '{}', $8)`,
        [
          done,
          reused,
          account.id,
          account.company_id,
          route.method,
          route.url,
          hookRequestHash(route.method, route.url, {}, {}),
          'application/json; charset=utf-8',
        ],
      );
      const replay = await send(route, done);
      expect(replay.status, label).toBe(200);
      expect(replay.body, label).toMatchObject({ probe: 'replayed' });
      expect(replay.headers.get('idempotent-replayed'), label).toBe('true');
      const conflict = await send(route, reused);
      expect(conflict.status, label).toBe(422);
      expect(conflict.body, label).toMatchObject({ error: 'IdempotencyKeyReused' });
    }
  });
});

describe('migration 0015: answers remembered as jsonb before it', () => {
  it('replay as they were sent: JSON as JSON, text as its text, a runIdempotent string as text', async () => {
    const migration = migrationFiles().find((f) => f.name.startsWith('0015_'));
    if (!migration) throw new Error('no migration 0015');
    // The column as it was before 0015, holding what the old code stored (JSON as its value, text as a JSON string).
    await server.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE jsonb
      USING CASE WHEN response_type ~* 'json' THEN response_body::jsonb ELSE to_jsonb(response_body) END`);
    const json = 'application/json; charset=utf-8';
    const text = 'text/plain; charset=utf-8';
    const legacy = [
      { stored: '{"call": 1, "note": "x"}', type: null, sends: { text: '{"call": 1, "note": "x"}', type: json } }, // runIdempotent, a value
      { stored: '"https://example.test/c.pdf"', type: null, sends: { text: 'https://example.test/c.pdf', type: text } }, // runIdempotent, a string
      { stored: '"https://example.test/d.pdf"', type: text, sends: { text: 'https://example.test/d.pdf', type: text } }, // the hook, text
      { stored: '"tok-1"', type: json, sends: { text: '"tok-1"', type: json } }, // the hook, a bare JSON string
    ];
    const keys = legacy.map(() => newKey());
    for (const [i, row] of legacy.entries()) {
      await server.query(
        `INSERT INTO idempotency_keys (key, account_id, company_id, method, path, request_hash, state, response_status, response_body, response_type)
         VALUES ($1, $2, $3, 'POST', '/secure/probe/json', $4, 'done', 200, $5::jsonb, $6)`,
        [keys[i], account.id, account.company_id, hookRequestHash('POST', '/secure/probe/json', {}, {}), row.stored, row.type],
      );
    }
    for (const statement of migration.sql.split(/;\s*$/m).filter((part) => /\S/.test(part.replace(/^--.*$/gm, '')))) await server.query(statement);
    for (const [i, row] of legacy.entries()) {
      const replay = await postJson(server, '/secure/probe/json', {}, { token, key: keys[i] });
      expect(replay.headers.get('idempotent-replayed'), row.stored).toBe('true');
      expect({ text: replay.text, type: replay.headers.get('content-type') }, row.stored).toEqual(row.sends);
    }
  });
});

describe('purge', () => {
  it('deletes records older than 30 days periodically while the server runs, keeping newer ones', async () => {
    const purging = await startTestServer({ build: { idempotencyPurgeIntervalMs: 100 } });
    try {
      const [a] = await purging.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts ORDER BY id LIMIT 1');
      await purging.query(
        `INSERT INTO idempotency_keys (key, account_id, company_id, method, path, request_hash, state, created_at) VALUES
         ('stale', $1, $2, 'POST', '/x', 'h', 'done', now() - interval '31 days'),
         ('fresh', $1, $2, 'POST', '/x', 'h', 'done', now() - interval '29 days')`,
        [a?.id, a?.company_id],
      );
      const deadline = Date.now() + 10_000;
      let keys: string[] = [];
      do {
        await new Promise((resolve) => setTimeout(resolve, 100));
        keys = (await purging.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).map((r) => r.key);
      } while (keys.includes('stale') && Date.now() < deadline);
      expect(keys).toEqual(['fresh']);
    } finally {
      await purging.close();
    }
  });
});
