// Starts a real server (PGlite on a fresh temp data dir, seeded with the demo data of
// DESIGN §7) on 127.0.0.1, port 0. Used by the integration, sync and e2e suites: keep the
// signature stable. PGlite's initdb + migrate + seed costs 3-9 s, so the first start builds
// a template data dir under os.tmpdir() and later starts copy it. `npm test` points
// os.tmpdir() at tmpfs: a start, sign-in and close there cost ~0.5 CPU-s, 1.2-1.6 on this
// machine's disk (the 42 MB copy, PGlite's writes, the removal).
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildServer, type BuildServerOptions } from '../../server/app';
import { createTestDatabase, usesPostgres, type TestDatabase } from './pgDatabase';

export interface TestServer {
  url: string;
  close(): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** POST /auth/login; resolves the JWT, rejects on any non-200. */
  login(email: string, password: string): Promise<string>;
  /** Bytes the server has written to its sockets so far (headers and bodies as sent: what a phone downloads). */
  bytesSent(): number;
}

export interface TestServerOptions {
  /** A data dir to use (kept on close); default a fresh one under os.tmpdir(), removed on close. */
  dataDir?: string;
  /** Sign-in limits; default generous so suites can sign in freely. */
  loginLimits?: BuildServerOptions['loginLimits'];
  /** Card-entry rate limit; default generous so suites can authorize cards freely. */
  cardEntryRateLimit?: { max: number; timeWindowMs: number };
  /** The JWT secret (a test that mints its own tokens, e.g. short-lived); default random. */
  jwtSecret?: string;
  /** The built PWA to serve (e2e); default none. */
  staticDir?: string | null;
  /** More buildServer options (trust proxy, purge interval, probe routes, …). */
  build?: Pick<
    BuildServerOptions,
    | 'imageDecoding'
    | 'uploadsInFlightPerAccount'
    | 'readBudget'
    | 'minContractVersion'
    | 'limitRefusalDelayMs'
    | 'answerCacheBytes'
    | 'trustProxy'
    | 'idempotencyPurgeIntervalMs'
    | 'limitClock'
    | 'passwordHashing'
    | 'rateLimitPurgeIntervalMs'
    | 'extraRoutes'
    | 'smtpUrl'
    | 'mailFrom'
    | 'logger'
    | 'logStream'
    | 'seedOrdersPerDriver'
    | 's3'
    | 'mapStyleUrl'
    | 'mapOrigins'
  >;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'driver-app-test-'));
  const database = await testDatabase(dataDir, ownDir);
  const server = await buildServer({
    dataDir,
    databaseUrl: database.databaseUrl,
    jwtSecret: opts.jwtSecret ?? randomBytes(32).toString('hex'),
    logger: false,
    staticDir: opts.staticDir ?? null,
    loginLimits: opts.loginLimits ?? { perIp: { max: 10_000, windowMs: 60_000 }, perAccount: { max: 10_000, windowMs: 60_000 } },
    cardEntryRateLimit: opts.cardEntryRateLimit ?? { max: 10_000, timeWindowMs: 60_000 },
    // Refusals at once, so suites that go over a limit do not wait; the tarpit has its own test.
    limitRefusalDelayMs: 0,
    // Reads never limited by accident; readBudget.test.ts sets its own.
    readBudget: { reads: { perSecond: 1e6, burst: 1e6 }, pulls: { perSecond: 1e6, burst: 1e6 } },
    ...opts.build,
  }).catch(async (err: unknown) => {
    await database.drop();
    throw err;
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  let closedBytes = 0;
  const open = new Set<Socket>();
  server.app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      closedBytes += socket.bytesWritten;
    });
  });
  const { port } = server.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    url,
    bytesSent: () => closedBytes + [...open].reduce((sum, socket) => sum + socket.bytesWritten, 0),
    query: (sql, params) => server.raw.query(sql, params),
    async login(email, password) {
      const res = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${text}`);
      return JSON.parse(text) as string;
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await database.drop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The database for a server on `dataDir`: a copy of the seeded PGlite template there, or,
 * in the 'integration-pg' project, a PostgreSQL database copied from the run's template
 * (`databaseUrl` set; dropped by `drop()` unless `disposable` is false, i.e. the caller
 * keeps the dir to restart on it). Suites that call buildServer themselves use this too.
 */
export async function testDatabase(dataDir: string, disposable = true): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  if (usesPostgres()) {
    const db: TestDatabase = await createTestDatabase(disposable ? undefined : dataDir);
    return { databaseUrl: db.url, drop: () => db.drop() };
  }
  if (!existsSync(join(dataDir, 'pglite'))) cpSync(await seededTemplate(), join(dataDir, 'pglite'), { recursive: true });
  return { drop: async () => {} };
}

const TEMPLATE_PREFIX = 'driver-app-template-';

/**
 * Appended to the template's postgresql.conf, so every test server's copy has it. PostgreSQL's
 * 128 MB of shared buffers are touched as it starts: each of the suites' ~150 server starts
 * paid ~150 ms of page faults (system time) and ~150 MB of memory for buffers a seeded test
 * database (11 MB) never fills. Production data dirs keep PGlite's defaults.
 */
const TEST_POSTGRESQL_CONF = '\n# test servers (test/support/server.ts)\nshared_buffers = 16MB\n';

/** The template's name changes with the schema, the seed, PGlite's version and the day (seed dates are day-relative). */
function templateKey(): string {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const hash = createHash('sha256');
  // Everything under server/db (migrations, schema, seeds of every area) shapes the template.
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  for (const file of walk(join(root, 'server/db')).sort()) hash.update(file).update(readFileSync(file));
  const pglite = join(root, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(readFileSync(pglite));
  hash.update(TEST_POSTGRESQL_CONF);
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

/** This process's template builds by name: callers that ask while one is built wait for it. */
const builds = new Map<string, Promise<string>>();

/**
 * A migrated, seeded, closed PGlite dir; built once and shared by test processes. Its name
 * holds the day, so a run that crosses midnight builds a new one (~7 s alone, a minute on a
 * full run's loaded cores): `warmTemplate` builds it in a hook, outside any test's timeout.
 */
function seededTemplate(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${templateKey()}`;
  const template = join(tmpdir(), name, 'pglite');
  if (existsSync(template)) return Promise.resolve(template);
  let build = builds.get(name);
  if (!build) {
    build = buildTemplate(name, template).finally(() => builds.delete(name));
    builds.set(name, build);
  }
  return build;
}

/**
 * Builds today's template now if it is missing (PGlite mode; PostgreSQL has none). Each
 * integration file's beforeAll calls it (test/support/integrationSetup.ts), so the first file
 * after midnight pays the build under the hook's timeout instead of its first test's.
 */
export async function warmTemplate(): Promise<void> {
  if (!usesPostgres()) await seededTemplate();
}

async function buildTemplate(name: string, template: string): Promise<string> {
  const building = mkdtempSync(join(tmpdir(), `${name}.building-`));
  const server = await buildServer({ dataDir: building, logger: false, staticDir: null });
  await server.close();
  appendFileSync(join(building, 'pglite', 'postgresql.conf'), TEST_POSTGRESQL_CONF);
  try {
    renameSync(building, join(tmpdir(), name)); // atomic: a reader never sees half a template
  } catch {
    rmSync(building, { recursive: true, force: true }); // another process won the race
  }
  // Old templates go, but only stale ones: another checkout or a concurrent run may be
  // copying a template of its own right now.
  const staleBefore = Date.now() - 6 * 60 * 60 * 1000;
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(TEMPLATE_PREFIX) || entry === name || entry.includes('.building-')) continue;
    const path = join(tmpdir(), entry);
    if (statSync(path).mtimeMs < staleBefore) rmSync(path, { recursive: true, force: true });
  }
  return template;
}
