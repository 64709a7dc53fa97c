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
    ...where,
    logger: false,
    staticDir: null,
    limitClock: () => clock,
    limitRefusalDelayMs: 0,
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
  it("holds back a refusal from memory (a tarpit), and still answers 429 with the window's Retry-After", async () => {
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
    // The window slides: 3 counted at the window's start still weigh 3 × (1 − 40/60) = 1 at +100 s.
    expect(held[0]?.headers['retry-after']).toBe('100');
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
    // Sliding: the next window still weighs this one's count, so the wait runs into it.
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // A real driver behind that address waits too (no hash), one elsewhere does not.
    expect((await login(server, SUMMIT_DRIVER)).statusCode).toBe(429);
    expect((await login(server, SUMMIT_DRIVER, '10.1.0.2')).statusCode).toBe(200);
    expect(hashes()).toBe(6);
    // A malformed body counts as an attempt too, and is refused the same way.
    expect((await login(server, { email: 'x' })).statusCode).toBe(429);
    // Half a minute later the Retry-After shrinks by as much; two windows on, the address starts afresh.
    clock += 30_000;
    const later = Number((await login(server, sprayBody())).headers['retry-after']);
    expect(later).toBeGreaterThan(30);
    expect(later).toBeLessThanOrEqual(90);
    clock = START + 120_000;
    const next = await login(server, sprayBody());
    expect(next.statusCode).toBe(401);
    expect(next.body).toBe(LOGIN_FAILURE_TEXT);
  });
});

describe('sliding per-address window', () => {
  // Issue 20: a fixed one-minute window let 33 passwords through in 10 s across a minute's edge.
  it('a burst at the end of a window and another at the start of the next get one budget between them', async () => {
    const { server, hashes } = await limited(await freshDatabase(), {
      loginLimits: { perIp: { max: 20, windowMs: 60_000 }, perAccount: { max: 1_000, windowMs: 15 * 60_000 } },
    });
    clock = START + 55_000;
    const before = [];
    for (let i = 0; i < 20; i += 1) before.push((await login(server, sprayBody(), '10.9.0.1')).statusCode);
    clock = START + 65_000;
    const after = [];
    for (let i = 0; i < 20; i += 1) after.push((await login(server, sprayBody(), '10.9.0.1')).statusCode);
    expect(before.filter((status) => status === 401)).toHaveLength(20);
    // 20 × (1 − 5/60) ≈ 18.3 still counted: one more fits, not twenty.
    expect(after.filter((status) => status === 401)).toHaveLength(1);
    expect(hashes()).toBe(21);
  });
});

describe('per-account failures', () => {
  it('slow unknown sources with a growing delay, from any address, before hashing', async () => {
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
    expect(refused.headers['retry-after']).toBe('2');
    expect((await from('198.51.100.5', SUMMIT_DRIVER)).statusCode).toBe(429); // a new device waits out the delay too
    expect(hashes()).toBe(3); // neither refusal hashed
    // Another account is unaffected; an unknown email has a budget of its own (same answers).
    expect((await from('198.51.100.4', SUMMIT_DRIVER2)).statusCode).toBe(200);
    // Two seconds on, the driver signs in: never locked out for the window.
    clock += 2_000;
    expect((await from('198.51.100.6', SUMMIT_DRIVER)).statusCode).toBe(200);
  });

  it('a spray of wrong passwords from many addresses never keeps the driver out on a known device or address', async () => {
    const { server, hashes } = await limited(await freshDatabase(), {
      trustProxy: 1,
      loginLimits: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 3, windowMs: 15 * 60_000 }, perKnown: { max: 2, windowMs: 15 * 60_000 } },
    });
    const from = (client: string, body: unknown, headers: Record<string, string> = {}) =>
      login(server, body, '127.0.0.1', { 'x-forwarded-for': client, ...headers });
    // Yesterday the driver signed in at the yard (an address) and on the phone (a device key).
    const first = await from('192.0.2.10', SUMMIT_DRIVER);
    expect(first.statusCode).toBe(200);
    const deviceKey = first.headers['x-sign-in-device'];
    expect(typeof deviceKey).toBe('string');
    // The spray: 30 wrong passwords from 30 addresses; past the free 3 they are held off.
    const spray = [];
    for (let i = 0; i < 30; i += 1) spray.push((await from(`203.0.113.${i}`, { ...SUMMIT_DRIVER, password: `guess-${i}` })).statusCode);
    expect(spray.filter((status) => status === 401)).toHaveLength(3);
    expect(spray.filter((status) => status === 429)).toHaveLength(27);
    expect(hashes()).toBe(4);
    // A stranger with the right password waits; the yard's address and the phone's key do not.
    expect((await from('198.51.100.99', SUMMIT_DRIVER)).statusCode).toBe(429);
    expect((await from('192.0.2.10', SUMMIT_DRIVER)).statusCode).toBe(200);
    expect((await from('100.64.7.7', SUMMIT_DRIVER, { 'x-sign-in-device': String(deviceKey) })).statusCode).toBe(200);
    // A key is the account's alone, and a forged or foreign one is no key.
    expect((await from('100.64.7.8', SUMMIT_DRIVER2, { 'x-sign-in-device': String(deviceKey) })).statusCode).toBe(200); // unknown lane, no delay on driver 2
    expect((await from('100.64.7.9', SUMMIT_DRIVER, { 'x-sign-in-device': `${String(deviceKey)}x` })).statusCode).toBe(429);
    // A known device or address has a failure budget of its own (perKnown), not a free run.
    const fromPhone = (body: unknown) => from('100.64.7.7', body, { 'x-sign-in-device': String(deviceKey) });
    expect((await fromPhone({ ...SUMMIT_DRIVER, password: 'typo-1' })).statusCode).toBe(401);
    expect((await fromPhone({ ...SUMMIT_DRIVER, password: 'typo-2' })).statusCode).toBe(401);
    const spent = await fromPhone({ ...SUMMIT_DRIVER, password: 'typo-3' });
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toEqual({ error: 'TooManyRequests', message: 'Too many failed sign-ins from this device, try again later' });
    expect((await from('192.0.2.10', SUMMIT_DRIVER)).statusCode).toBe(200); // the yard's budget is its own
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
    const rows = await server.raw.query<{ failures: number }>("SELECT failures FROM sign_in_throttle WHERE email = 'driver@summit.test'");
    expect(rows[0]?.failures).toBe(hashes()); // busy refusals were given back
  });
});

describe('admission of unknown sources', () => {
  // Issue 20: on PGlite the database runs on the event loop's thread; a spray admitted whole
  // made every driver's sign-in wait seconds. Past `unknownAtOnce` unknown sources in flight the
  // rest are refused busy before more database work; a known device is never one of them.
  it('refuses unknown sources past unknownAtOnce as busy, never a known device', async () => {
    const { server, hashes } = await limited(await freshDatabase(), {
      loginLimits: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 1_000, windowMs: 15 * 60_000 }, unknownAtOnce: 2 },
    });
    const first = await login(server, SUMMIT_DRIVER, '10.7.0.1');
    expect(first.statusCode).toBe(200);
    const key = String(first.headers['x-sign-in-device']);
    const before = hashes();
    const [phone, ...spray] = await Promise.all([
      login(server, SUMMIT_DRIVER, '10.7.0.99', { 'x-sign-in-device': key }),
      ...Array.from({ length: 8 }, (_, i) => login(server, sprayBody(), `10.8.0.${i + 1}`)),
    ]);
    expect(phone?.statusCode).toBe(200);
    const busy = spray.filter((a) => a.statusCode === 429);
    expect(busy.length).toBeGreaterThanOrEqual(6 - 2); // at most 2 in flight at once, the batch arrives together
    expect(busy[0]?.json()).toEqual({ error: 'TooManyRequests', message: 'Too many sign-ins at once, try again in a moment' });
    expect(hashes() - before).toBe(1 + spray.filter((a) => a.statusCode === 401).length);
  });
});

describe('counter purge', () => {
  it('a background job deletes ended windows', async () => {
    const { server } = await limited(await freshDatabase(), { rateLimitPurgeIntervalMs: 50 });
    await login(server, sprayBody());
    const count = async () =>
      Number((await server.raw.query<{ n: number }>('SELECT (SELECT count(*) FROM rate_limits) + (SELECT count(*) FROM sign_in_throttle) AS n'))[0]?.n);
    expect(await count()).toBe(2); // the address's window and the account's failures
    clock += 120_000; // the address's window is past weighing the next one; the account's 15 min are not
    await expect.poll(count, { timeout: 5_000 }).toBe(1);
    clock += 15 * 60_000;
    await expect.poll(count, { timeout: 5_000 }).toBe(0);
  });
});

// PGlite: one process per data dir, so two instances on one database exist only on PostgreSQL.
if (usesPostgres())
  describe('two instances on one PostgreSQL', () => {
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
      const card = (server: BuiltServer) =>
        server.app.inject({
          method: 'POST',
          url: P.authNewCard,
          payload: cardBody(),
          headers: { authorization: `Bearer ${token}` },
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
