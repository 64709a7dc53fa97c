// Crash-clean idempotency (issue 9): an Idempotency-Key claim records the server instance
// that made it. A claim of an instance that is not alive (never registered, heartbeat stale,
// shut down) is taken over at once; a live instance's claim still answers 409. On PostgreSQL
// the live instance is a real second server on the same database; on PGlite (one process
// per data dir) it is a registry row with a fresh heartbeat. The real kill -9 and restart is
// in serverProcess.test.ts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '../../server/app';
import { authOf } from '../../server/http/auth';
import { hookRequestHash } from '../../server/http/idempotency';
import { usesPostgres } from '../support/pgDatabase';
import { testDatabase } from '../support/server';
import { SUMMIT_DRIVER } from './helpers';

const PROBE = '/secure/probe/instance-work';
let server: BuiltServer;
let dataDir: string;
let database: Awaited<ReturnType<typeof testDatabase>>;
let token: string;
let account: { id: number; company_id: number };
let work = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'driver-app-instances-'));
  database = await testDatabase(dataDir);
  server = await buildServer({
    dataDir,
    databaseUrl: database.databaseUrl,
    logger: false,
    staticDir: null,
    extraRoutes: (app, ctx) =>
      app.post(PROBE, async (request) => {
        authOf(request);
        await ctx.db.execute(sql`SELECT 1`);
        work += 1;
        return { work };
      }),
  });
  token = (await server.app.inject({ method: 'POST', url: '/auth/login', payload: SUMMIT_DRIVER })).json<string>();
  const [row] = await server.raw.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [SUMMIT_DRIVER.email]);
  if (!row) throw new Error('no Summit driver');
  account = row;
});

afterAll(async () => {
  await server.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const body = (note: string): Record<string, string> => ({ note });
const send = (key: string, note: string) =>
  server.app.inject({
    method: 'POST',
    url: PROBE,
    payload: body(note),
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });

/** A claim "running" right now (started_at = now()), made by `instanceId`. */
async function claimBy(instanceId: string, note: string): Promise<string> {
  const key = randomUUID();
  await server.raw.query(
    `INSERT INTO idempotency_keys (key, account_id, company_id, method, path, request_hash, state, instance_id)
     VALUES ($1, $2, $3, 'POST', $4, $5, 'running', $6)`,
    [key, account.id, account.company_id, PROBE, hookRequestHash('POST', PROBE, body(note), {}), instanceId],
  );
  return key;
}

const claimOwner = async (key: string): Promise<string | null> =>
  (await server.raw.query<{ instance_id: string | null }>('SELECT instance_id FROM idempotency_keys WHERE key = $1', [key]))[0]?.instance_id ?? null;

describe('a claim left by a process that is gone', () => {
  it('registers this server with a heartbeat', async () => {
    const rows = await server.raw.query<{ id: string }>('SELECT id FROM server_instances');
    expect(rows.map((r) => r.id)).toContain(server.instanceId);
  });

  it('of an instance not in the registry (killed, then swept at a restart): taken over at once, the work done once', async () => {
    const key = await claimBy(randomUUID(), 'dead');
    const before = work;
    const retry = await send(key, 'dead');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(work).toBe(before + 1);
    expect(await claimOwner(key)).toBe(server.instanceId);
    const replay = await send(key, 'dead');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(work).toBe(before + 1);
  });

  it('of an instance whose heartbeat stopped a few seconds ago: taken over at once', async () => {
    const dead = randomUUID();
    await server.raw.query(`INSERT INTO server_instances (id, heartbeat_at) VALUES ($1, now() - interval '6 seconds')`, [dead]);
    const key = await claimBy(dead, 'stale');
    expect((await send(key, 'stale')).statusCode).toBe(200);
  });
});

// Defined only on PostgreSQL (the integration-pg project), not skipped elsewhere: PGlite has
// no sessions of other processes to look at.
if (usesPostgres())
  describe('on PostgreSQL, an instance killed a moment ago', () => {
    it('is dead as soon as its sessions are gone, even with a fresh heartbeat', async () => {
      const killed = randomUUID();
      await server.raw.query('INSERT INTO server_instances (id) VALUES ($1)', [killed]); // heartbeat now(), no session
      const key = await claimBy(killed, 'killed');
      expect((await send(key, 'killed')).statusCode).toBe(200);
    });
  });

describe('a claim of a live instance', () => {
  it('still answers 409 IdempotencyKeyInFlight; once that instance shut down, the retry goes through', async () => {
    let other: BuiltServer | null = null;
    let otherId: string;
    if (usesPostgres()) {
      // A real second server on the same database.
      other = await buildServer({ dataDir, databaseUrl: database.databaseUrl, logger: false, staticDir: null, seed: false });
      otherId = other.instanceId;
    } else {
      otherId = randomUUID();
      await server.raw.query('INSERT INTO server_instances (id) VALUES ($1)', [otherId]);
    }
    const key = await claimBy(otherId, 'live');
    const before = work;
    const busy = await send(key, 'live');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: 'IdempotencyKeyInFlight' });
    expect(await claimOwner(key)).toBe(otherId);
    // A claim of this very server, running now, is respected too.
    const own = await claimBy(server.instanceId, 'own');
    expect((await send(own, 'own')).statusCode).toBe(409);

    if (other) await other.close();
    else await server.raw.query('DELETE FROM server_instances WHERE id = $1', [otherId]); // what a clean shutdown does
    const retry = await send(key, 'live');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(work).toBe(before + 1);
  });
});
