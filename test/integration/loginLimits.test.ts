// Fair sign-in limits (issue 9): per address across all emails, per account across addresses,
// both refused BEFORE any password hash (hashes counted through the hash gate's hook, not by
// timing); the counters live in the database, so on PostgreSQL two server instances sharing
// one database share one budget. Every limit window runs on a fixed clock moved by hand.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildServer, type BuildServerOptions, type BuiltServer } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { runJobOnce } from '../../server/services/jobs';
import { LOGIN_FAILURE_TEXT } from '../../src/domain';
import { usesPostgres } from '../support/pgDatabase';
import { testDatabase } from '../support/server';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2 } from './helpers';
import { P, cardBody } from './paymentsHelpers';

const START = Date.UTC(2026, 0, 5, 9, 0, 0); // on a 1- and a 15-minute boundary
let clock = START;

interface Limited {
  server: BuiltServer;
  hashes: () => number;
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
  clock = START;
});

/** A database (PGlite copy, or a PostgreSQL database in integration-pg), closed after the test. */
async function freshDatabase(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-limits-'));
  const database = await testDatabase(dataDir);
  opened.push({
    close: async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return { dataDir, databaseUrl: database.databaseUrl };
}

async function limited(where: { dataDir: string; databaseUrl?: string }, opts: Partial<BuildServerOptions> = {}): Promise<Limited> {
  let hashes = 0;
  const server = await buildServer({
    ...where, logger: false, staticDir: null, limitClock: () => clock, limitRefusalDelayMs: 0,
    loginLimits: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 1_000, windowMs: 15 * 60_000 } },
    ...opts,
    passwordHashing: { queue: 1_000, ...opts.passwordHashing, onHash: () => (hashes += 1) },
  });
  opened.push(server);
  return { server, hashes: () => hashes };
}

const login = (server: BuiltServer, body: unknown, ip = '10.1.0.1', headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/auth/login', payload: body as Record<string, unknown>, remoteAddress: ip, headers });
const sprayBody = () => ({ email: `spray-${randomUUID()}@example.test`, password: 'hunter2' });

describe('per-address limit', () => {
  it('holds back a refusal from memory (a tarpit), and still answers 429 with the window\'s Retry-After', async () => {
    const { server, hashes } = await limited(await freshDatabase(), {
      limitRefusalDelayMs: 300,
      loginLimits: { perIp: { max: 2, windowMs: 60_000 }, perAccount: { max: 1_000, windowMs: 15 * 60_000 } },
    });
    for (let i = 0; i < 2; i++) expect((await login(server, sprayBody())).statusCode).toBe(401);
    // The first refusal is counted in the database and found over: answered at once.
    let started = performance.now();
    expect((await login(server, sprayBody())).statusCode).toBe(429);
    expect(performance.now() - started).toBeLessThan(300);
    // From then on the address is known to be over: each refusal waits, all of them at once.
    started = performance.now();
    const held = await Promise.all(Array.from({ length: 10 }, () => login(server, sprayBody())));
    const took = performance.now() - started;
    expect(held.map((a) => a.statusCode)).toEqual(Array(10).fill(429));
    expect(held[0]?.headers['retry-after']).toBe('60');
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(10 * 300); // side by side, not one after the other
    expect(hashes()).toBe(2);
  });

  it('cuts off a spray of different emails from one address before hashing', async () => {
    const { server, hashes } = await limited(await freshDatabase(), {
      loginLimits: { perIp: { max: 5, windowMs: 60_000 }, perAccount: { max: 1_000, windowMs: 15 * 60_000 } },
    });
    // 40 attempts at once, each with another email: the atomic count lets exactly 5 through.
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(server, sprayBody())));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(hashes()).toBe(5);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toEqual({ error: 'TooManyRequests', message: 'Too many sign-in attempts from this network, try again later' });
    expect(refused?.headers['retry-after']).toBe('60');
    // A real driver behind that address waits too (no hash), one elsewhere does not.
    expect((await login(server, SUMMIT_DRIVER)).statusCode).toBe(429);
    expect((await login(server, SUMMIT_DRIVER, '10.1.0.2')).statusCode).toBe(200);
    expect(hashes()).toBe(6);
    // A malformed body counts as an attempt too, and is refused the same way.
    expect((await login(server, { email: 'x' })).statusCode).toBe(429);
    // Half a minute later the Retry-After shrinks; the next window starts afresh.
    clock += 30_000;
    expect((await login(server, sprayBody())).headers['retry-after']).toBe('30');
    clock += 30_000;
    const next = await login(server, sprayBody());
    expect(next.statusCode).toBe(401);
    expect(next.body).toBe(LOGIN_FAILURE_TEXT);
  });
});

describe('per-account limit', () => {
  it('counts failures for one email across addresses (TRUST_PROXY + X-Forwarded-For), before hashing', async () => {
    const { server, hashes } = await limited(await freshDatabase(), {
      trustProxy: 1,
      loginLimits: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 3, windowMs: 15 * 60_000 } },
    });
    const wrong = { ...SUMMIT_DRIVER, password: 'guess' };
    const from = (client: string, body: unknown = wrong) => login(server, body, '127.0.0.1', { 'x-forwarded-for': client });
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await from(client);
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(LOGIN_FAILURE_TEXT);
    }
    expect(hashes()).toBe(3);
    const refused = await from('198.51.100.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'TooManyRequests', message: 'Too many failed sign-ins for this account, try again later' });
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    expect((await from('198.51.100.5', SUMMIT_DRIVER)).statusCode).toBe(429); // the right password waits too
    expect(hashes()).toBe(3); // neither refusal hashed
    // Another account is unaffected; an unknown email has a budget of its own (same answers).
    expect((await from('198.51.100.4', SUMMIT_DRIVER2)).statusCode).toBe(200);
    // The window ends: the driver signs in.
    clock += 15 * 60_000;
    expect((await from('198.51.100.6', SUMMIT_DRIVER)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins as failures', async () => {
    const { server } = await limited(await freshDatabase(), {
      loginLimits: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 2, windowMs: 15 * 60_000 } },
    });
    for (let i = 0; i < 5; i += 1) expect((await login(server, SUMMIT_DRIVER)).statusCode).toBe(200);
    expect((await login(server, { ...SUMMIT_DRIVER, password: 'guess' })).statusCode).toBe(401);
    expect((await login(server, SUMMIT_DRIVER)).statusCode).toBe(200);
  });
});

describe('password hashing gate', () => {
  it('answers 429 at once when the hash queue is full, and the refused attempt is not a failure', async () => {
    const { server, hashes } = await limited(await freshDatabase(), {
      loginLimits: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 1_000, windowMs: 15 * 60_000 } },
      passwordHashing: { concurrency: 1, queue: 1 },
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(server, { ...SUMMIT_DRIVER, password: 'guess' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2); // one running, one waiting
    const busy = answers.filter((a) => a.statusCode === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.json()).toEqual({ error: 'TooManyRequests', message: 'Too many sign-ins at once, try again in a moment' });
    expect(busy[0]?.headers['retry-after']).toBe('1');
    expect(hashes()).toBe(statuses.filter((s) => s === 401).length);
    const rows = await server.raw.query<{ count: number }>("SELECT count FROM rate_limits WHERE key = 'login-account:driver@summit.test'");
    expect(rows[0]?.count).toBe(hashes()); // busy refusals were given back
  });
});

describe('counter purge', () => {
  it('a background job deletes ended windows', async () => {
    const { server } = await limited(await freshDatabase(), { rateLimitPurgeIntervalMs: 50 });
    await login(server, sprayBody());
    const count = async () => Number((await server.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limits'))[0]?.n);
    expect(await count()).toBe(2); // the address's and the account's
    clock += 60_000; // the address's window ended, the account's (15 min) not yet
    await expect.poll(count, { timeout: 5_000 }).toBe(1);
    clock += 15 * 60_000;
    await expect.poll(count, { timeout: 5_000 }).toBe(0);
  });
});

// PGlite: one process per data dir, so two instances on one database exist only on PostgreSQL.
if (usesPostgres()) describe('two instances on one PostgreSQL', () => {
  it('share the per-address, per-account and card-entry budgets', async () => {
    const where = await freshDatabase();
    const opts: Partial<BuildServerOptions> = {
      loginLimits: { perIp: { max: 6, windowMs: 60_000 }, perAccount: { max: 3, windowMs: 15 * 60_000 } },
      cardEntryRateLimit: { max: 3, timeWindowMs: 60_000 },
      jwtSecret: randomUUID(), // one deployment: a token of one instance is good on the other
    };
    const a = await limited(where, opts);
    const b = await limited(where, opts);
    // Per account: failures alternate between the instances; the 4th is refused on either.
    const wrong = { ...SUMMIT_DRIVER2, password: 'guess' };
    expect((await login(a.server, wrong, '10.2.0.1')).statusCode).toBe(401);
    expect((await login(b.server, wrong, '10.2.0.2')).statusCode).toBe(401);
    expect((await login(a.server, wrong, '10.2.0.3')).statusCode).toBe(401);
    expect((await login(b.server, wrong, '10.2.0.4')).statusCode).toBe(429);
    expect((await login(a.server, wrong, '10.2.0.5')).statusCode).toBe(429);
    expect(a.hashes() + b.hashes()).toBe(3);
    // Per address: a spray split over both instances at once gets 6 attempts in all.
    const spray = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? a.server : b.server, sprayBody(), '10.3.0.1')));
    expect(spray.filter((r) => r.statusCode === 401)).toHaveLength(6);
    expect(spray.filter((r) => r.statusCode === 429)).toHaveLength(14);
    expect(a.hashes() + b.hashes()).toBe(9);
    // Card entry: one budget per account across instances.
    const token = (await login(a.server, SUMMIT_DRIVER, '10.4.0.1')).json<string>();
    const card = (server: BuiltServer) => server.app.inject({
      method: 'POST', url: P.authNewCard, payload: cardBody(), headers: { authorization: `Bearer ${token}` },
    });
    const statuses = [];
    for (const server of [a.server, b.server, a.server, b.server, a.server]) statuses.push((await card(server)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('a background job runs on one instance at a time (pg_try_advisory_xact_lock)', async () => {
    const where = await freshDatabase();
    const first = await openDatabase({ databaseUrl: where.databaseUrl });
    const second = await openDatabase({ databaseUrl: where.databaseUrl });
    opened.push(first, second);
    let runs = 0;
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const job = (wait: boolean) => ({
      lockKey: 999_001,
      run: async () => {
        runs += 1;
        if (wait) await held;
      },
    });
    const running = runJobOnce(first, job(true));
    await expect.poll(() => runs).toBe(1);
    expect(await runJobOnce(second, job(false))).toBe(false); // skipped while the other runs
    release();
    expect(await running).toBe(true);
    expect(await runJobOnce(second, job(false))).toBe(true); // free again once it finished
    expect(runs).toBe(2);
  });
});

afterAll(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});
