// Builds the API server: database (migrated, seeded when empty), security headers, auth,
// error mapping and the route modules. main.ts listens; tests use it directly.
import { clockMs } from './clock';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { API, MAX_BUILDING_IMAGES, MAX_UPLOAD_BYTES, MIN_CONTRACT_VERSION } from '../src/domain';
import { deviceKeys } from './auth/deviceKey';
import { jwtKeys } from './auth/jwt';
import { openDatabase, type Db, type RawSql } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { seedBulkOrders } from './db/seedBulkOrders';
import type { AppContext } from './context';
import { createAnswerCache } from './http/answerCache';
import { cardEntryGuard } from './http/cardEntryLimit';
import { installAuth } from './http/auth';
import { installCompression } from './http/compression';
import { inlineScriptHashes } from './http/inlineScripts';
import { createLimiter, DEFAULT_REFUSAL_DELAY_MS } from './http/limits';
import { createInFlightLimit } from './http/inFlightLimit';
import { clientErrors, frameworkErrors, helmetHeadersOf, installErrorHandling } from './http/errors';
import { installContractVersion } from './http/contractVersion';
import { installIdempotency } from './http/idempotency';
import { installJsonBodyParser } from './http/jsonBody';
import { fastifyTrustProxy, installTransportSecurity, type TrustProxy } from './http/transportSecurity';
import { installNotFound } from './http/notFound';
import { installQueryCheck } from './http/queryCheck';
import { createReadBudget, DEFAULT_READ_BUDGET, installReadBudget, type ReadBudgetOptions } from './http/readBudget';
import { collectRoutes } from './http/openapi';
import { authRoutes } from './routes/auth';
import { metaRoutes } from './routes/meta';
import { registerRoutes } from './routes';
import type { HashGateOptions } from './auth/hashGate';
import { purgeOldKeys } from './services/idempotency';
import { scheduleJob } from './services/jobs';
import { currentPasswordGuard } from './services/currentPasswordLimit';
import { DEFAULT_LOGIN_LIMITS, loginGuard, type LoginLimits } from './services/loginLimits';
import { LOG_REDACT_PATHS } from './services/cardSecrets';
import { createPasswords } from './services/passwords';
import { createImageCleaner, type ImageDecodingOptions } from './services/images';
import { runAdmin } from './admin/operations';
import { operatorSocketPath, startOperatorSocket } from './admin/socket';
import { purgeSignInCounters } from './services/rateLimits';
import { purgeResumableUploads } from './services/resumableUploads';
import { ResumableStore } from './services/tusStore';
import { applicationNameOf, newInstanceId, registerInstance, type ServerInstance } from './services/instances';
import { createPaymentGateway, type PaymentGateway } from './services/payments/gateway';
import { createMailer } from './services/mail/transport';
import { databaseFileStore, objectFileStore, type FileStore } from './services/storage/fileStore';
import { s3ObjectStore, type S3StoreConfig } from './services/storage/s3Store';

/** Helmet's headers that only a document (or a worker's script) reads. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** Files whose response headers apply to what they run: the shell, and each worker's entry script (a worker's CSP comes with it). */
const SELF_GOVERNED = /(?:\.html|\/sw\.js|\/sync-worker\.js)$/;
function governsItself(path: string): boolean {
  return SELF_GOVERNED.test(path);
}
export interface BuildServerOptions {
  /** DATA_DIR: PGlite lives in <dataDir>/pglite. Ignored when databaseUrl is set. */
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  logger?: boolean;
  /** Where log lines go when logger is on (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): unknown };
  /** The built PWA (./dist) to serve with an SPA fallback; null or missing serves none. */
  staticDir?: string | null;
  /**
   * Sign-in limits (default 20 attempts per minute per address, 10 failures per 15 minutes per
   * account), counted in the database; `perAccount` also bounds wrong current passwords on a
   * settings change (its own key per account, services/currentPasswordLimit.ts).
   */
  loginLimits?: Partial<LoginLimits>;
  /** The clock of the rate-limit windows (default clockMs); tests fix it. */
  limitClock?: () => number;
  /** How long a request refused as over its limit again is held back (default 1,000 ms; http/limits.ts). */
  limitRefusalDelayMs?: number;
  /** Bytes of remembered hot-read answers (default 64 MiB; 0 remembers none: http/answerCache.ts). */
  answerCacheBytes?: number;
  /** Per account, per process: authenticated GETs (default 100/s, burst 200) and pulls (10/s, burst 60); past one 429 (http/readBudget.ts). */
  readBudget?: ReadBudgetOptions;
  /** Password hashing: hashes at once (default 1), queue (default 8), a hook per hash (tests count them). */
  passwordHashing?: HashGateOptions;
  /** Upload images decoded at once in this process (default 1) and a hook per decode (tests count and hold them). */
  imageDecoding?: ImageDecodingOptions;
  /** Upload requests of one account in flight at once, per process (default 2); past it 429 TooManyRequests. */
  uploadsInFlightPerAccount?: number;
  /** On PGlite, serve `npm run admin` on <dataDir>/admin.sock, mode 600 (default true; server/admin/socket.ts). */
  operatorSocket?: boolean;
  /** Card-entry limit per account (default 20 per 10 minutes): stops a stolen token testing cards. */
  cardEntryRateLimit?: { max: number; timeWindowMs: number };
  /** Seed the demo data into an empty database (default true). */
  seed?: boolean;
  /** SEED_ORDERS_PER_DRIVER: with the demo data, this many more open orders per driver (server/db/seedBulkOrders.ts). */
  seedOrdersPerDriver?: number;
  /** The payment processor to use (default: the sandbox in server/services/payments). */
  paymentGateway?: (db: Db) => PaymentGateway;
  /** SMTP_URL: send mail through this server; without it mail is captured to <dataDir>/mail. */
  smtpUrl?: string;
  /** MAIL_FROM: the address mail comes from (default no-reply@driver-app.local). */
  mailFrom?: string;
  /** TRUST_PROXY: hops or proxy addresses whose X-Forwarded-Proto/For count (default false: none; http/transportSecurity.ts). */
  trustProxy?: TrustProxy;
  /**
   * MAP_STYLE_URL: the online basemap's style, told to the app with the order map (default
   * OpenFreeMap's Liberty, no API key; '' draws only the basemap the app ships).
   */
  mapStyleUrl?: string;
  /**
   * MAP_ORIGINS: where the online basemap's style, tiles, fonts and sprites come from (the
   * CSP lets the page and the sync worker fetch them). Default the style's own origin.
   */
  mapOrigins?: string[];
  /** How often Idempotency-Key records past their 30 days are purged (default 6 hours). */
  idempotencyPurgeIntervalMs?: number;
  /**
   * S3_*: uploads and certificates in this S3-compatible bucket (checked at startup); without
   * it their bytes stay in the database rows. Shared by every instance either way.
   */
  s3?: S3StoreConfig;
  /** How often ended rate-limit windows are purged (default 10 minutes). */
  rateLimitPurgeIntervalMs?: number;
  /**
   * The oldest X-Contract-Version accepted (default MIN_CONTRACT_VERSION); a function is read
   * on every call (the sync tests raise it and lower it again on a running server).
   */
  minContractVersion?: number | (() => number);
  /** Extra route modules registered after the app's own (tests use it for probe routes). */
  extraRoutes?: (app: FastifyInstance, ctx: AppContext) => void;
}

export interface BuiltServer {
  app: FastifyInstance;
  db: Db;
  raw: RawSql;
  /** This process's id in server_instances: its Idempotency-Key claims carry it. */
  instanceId: string;
  close(): Promise<void>;
}

const JSON_BODY_LIMIT = 1024 * 1024;
// Advisory lock keys of the background jobs (services/jobs.ts); the migrator uses 728_301.
const IDEMPOTENCY_PURGE_LOCK = 728_311;
const RATE_LIMIT_PURGE_LOCK = 728_312;
const RESUMABLE_UPLOAD_PURGE_LOCK = 728_313;

export async function buildServer(opts: BuildServerOptions = {}): Promise<BuiltServer> {
  const files: FileStore = opts.s3 ? objectFileStore(s3ObjectStore(opts.s3)) : databaseFileStore();
  await files.check(); // an unreachable bucket stops the start here, before anything is opened
  const instanceId = newInstanceId();
  const limitClock = opts.limitClock ?? clockMs;
  const database = await openDatabase({
    databaseUrl: opts.databaseUrl,
    applicationName: applicationNameOf(instanceId),
    pgliteDir: join(resolve(opts.dataDir ?? './data'), 'pglite'),
  });
  let instance: ServerInstance;
  try {
    await migrate(database);
    await purgeOldKeys(database.db);
    if ((opts.seed ?? true) && (await seedIfEmpty(database.db)) && opts.seedOrdersPerDriver) {
      const perDriver = opts.seedOrdersPerDriver;
      await database.rawTransaction((raw) => seedBulkOrders(raw, { perDriver, now: clockMs() }));
    }
    instance = await registerInstance(database, instanceId, { onError: (err) => console.warn('server instance heartbeat failed', err) });
  } catch (err) {
    await database.close();
    throw err;
  }
  const limiter = createLimiter(database.db, limitClock, { refusalDelayMs: opts.limitRefusalDelayMs });
  const loginLimits: LoginLimits = { ...DEFAULT_LOGIN_LIMITS, ...opts.loginLimits };
  const jwtSecret = opts.jwtSecret ?? randomBytes(32).toString('hex');
  const ctx: AppContext = {
    db: database.db,
    database,
    jwt: jwtKeys(jwtSecret),
    payments: (opts.paymentGateway ?? createPaymentGateway)(database.db),
    files,
    cardEntryGuard: cardEntryGuard(limiter, opts.cardEntryRateLimit ?? { max: 20, timeWindowMs: 10 * 60_000 }),
    passwords: createPasswords(opts.passwordHashing),
    // A wrong current password on a settings change counts like a failed sign-in (its own key).
    currentPasswordGuard: currentPasswordGuard(limiter, loginLimits.perAccount),
    answers: createAnswerCache(database.db, opts.answerCacheBytes),
    readBudget: createReadBudget(opts.readBudget ?? DEFAULT_READ_BUDGET, opts.limitRefusalDelayMs ?? DEFAULT_REFUSAL_DELAY_MS),
    images: createImageCleaner(opts.imageDecoding),
    uploadsInFlight: createInFlightLimit(opts.uploadsInFlightPerAccount ?? 2, 'Too many uploads at once from this account, try again in a moment'),
    mailer: createMailer({ smtpUrl: opts.smtpUrl, from: opts.mailFrom, captureDir: join(resolve(opts.dataDir ?? './data'), 'mail') }),
    basemap: { styleUrl: basemapStyleUrl(opts) },
  };
  const routerAnswerHeaders: Record<string, string> = {}; // filled once ready, below
  const app = Fastify({
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(opts.trustProxy ?? false),
    frameworkErrors: frameworkErrors(routerAnswerHeaders),
    clientErrorHandler: clientErrors(routerAnswerHeaders),
    logger: opts.logger
      ? {
          ...(opts.logStream ? { stream: opts.logStream } : {}),
          redact: {
            paths: [...LOG_REDACT_PATHS],
            censor: '[redacted]',
          },
        }
      : false,
  });
  try {
    await registerPlugins(app, opts);
    installErrorHandling(app);
    installJsonBodyParser(app);
    const minContract = opts.minContractVersion ?? MIN_CONTRACT_VERSION;
    installContractVersion(app, typeof minContract === 'function' ? minContract : () => minContract);
    installAuth(app, ctx.jwt, ctx.db);
    // After auth (the account is known), in this order: refused queries count against the budget.
    installReadBudget(app, ctx.readBudget);
    installQueryCheck(app);
    installTransportSecurity(app);
    installIdempotency(app, ctx.db, instance);
    const routes = collectRoutes(app);
    metaRoutes(app, ctx, routes);
    authRoutes(app, ctx, loginGuard(database.db, limiter, loginLimits, limitClock), deviceKeys(jwtSecret));
    registerRoutes(app, ctx);
    opts.extraRoutes?.(app, ctx);
    installNotFound(app, opts.staticDir ?? null, routes);
    await app.ready();
    // Answers of the router itself skip helmet's hooks: give them the headers helmet sets.
    Object.assign(routerAnswerHeaders, helmetHeadersOf((await app.inject({ method: 'GET', url: API.health })).headers));
  } catch (err) {
    await instance.stop().catch(() => {});
    await database.close();
    throw err;
  }
  // PGlite belongs to this process: the operator CLI asks it over a socket (PostgreSQL: the CLI connects itself).
  const operator =
    database.kind === 'pglite' && (opts.operatorSocket ?? true)
      ? await startOperatorSocket(
          operatorSocketPath(opts.dataDir ?? './data'),
          (request) => runAdmin({ db: ctx.db, hash: (p) => ctx.passwords.hash(p) }, request),
          app.log,
        )
      : null;
  // Background jobs: safe with several instances on one database (services/jobs.ts).
  const stopJobs = [
    scheduleJob(
      database,
      {
        name: 'idempotency purge',
        lockKey: IDEMPOTENCY_PURGE_LOCK,
        intervalMs: opts.idempotencyPurgeIntervalMs ?? 6 * 3600_000,
        run: () => purgeOldKeys(database.db),
      },
      (err) => {
        app.log.warn({ err }, 'idempotency purge failed');
      },
    ),
    scheduleJob(
      database,
      {
        name: 'rate-limit purge',
        lockKey: RATE_LIMIT_PURGE_LOCK,
        intervalMs: opts.rateLimitPurgeIntervalMs ?? 10 * 60_000,
        run: () => purgeSignInCounters(database.db, limitClock()),
      },
      (err) => {
        app.log.warn({ err }, 'rate-limit purge failed');
      },
    ),
    scheduleJob(
      database,
      {
        name: 'resumable upload purge',
        lockKey: RESUMABLE_UPLOAD_PURGE_LOCK,
        intervalMs: 6 * 3600_000,
        run: () => purgeResumableUploads({ db: database.db, store: new ResumableStore(database.db, files) }, clockMs()),
      },
      (err) => {
        app.log.warn({ err }, 'resumable upload purge failed');
      },
    ),
  ];
  let closed = false;
  return {
    app,
    db: database.db,
    raw: database.raw,
    instanceId: instance.id,
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of stopJobs) stop();
      await operator?.close();
      await app.close(); // in-flight requests finish first: their claims are settled
      await instance.stop();
      await database.close();
    },
  };
}

/** The map's default online basemap (OpenFreeMap's Liberty: vector tiles, no API key). */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** The style the app draws online, or null for "the shipped basemap only". */
function basemapStyleUrl(opts: BuildServerOptions): string | null {
  const url = (opts.mapStyleUrl ?? DEFAULT_MAP_STYLE_URL).trim();
  return url === '' ? null : new URL(url).href; // a malformed URL stops the start
}

async function registerPlugins(app: FastifyInstance, opts: BuildServerOptions): Promise<void> {
  const styleUrl = basemapStyleUrl(opts);
  const mapOrigins = opts.mapOrigins ?? (styleUrl ? [new URL(styleUrl).origin] : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScriptHashes(opts.staticDir ?? null)],
        'style-src': ["'self'", "'unsafe-inline'"], // emotion (Chakra) injects style tags
        'img-src': ["'self'", 'blob:', 'data:', ...mapOrigins],
        'worker-src': ["'self'", 'blob:'], // maplibre starts its workers from a blob
        'connect-src': ["'self'", ...mapOrigins],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null, // served over plain http on localhost
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  // API answers compressed per request (http/compression.ts); built assets come precompressed.
  installCompression(app);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_BUILDING_IMAGES, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 200 },
  });
  const staticDir = opts.staticDir ?? null;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: resolve(staticDir),
      wildcard: true,
      index: ['index.html'],
      // dist/ holds .br and .gz beside each text asset (scripts/precompress.mjs).
      preCompressed: true,
      // One validator (the ETag) is enough to revalidate a fixed name, and nothing here is
      // fetched by range: ~70 header bytes fewer on each of a first load's thirty responses.
      lastModified: false,
      acceptRanges: false,
      setHeaders(res, served) {
        const path = served.replace(/\.(?:br|gz)$/, '');
        // Hashed assets never change; every fixed name (the shell, the service worker, the
        // sync worker's entry, the cold-start script, icons) must revalidate or updates never arrive.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Only a document or a worker's own script is governed by the headers it arrives with:
        // a hashed script or style, the manifest, an icon or the cold-start script is not, and
        // the document-only security headers (~650 bytes per response, thirty responses on a
        // first load) are left off it. nosniff and the resource policy stay on everything.
        if (!governsItself(path)) for (const header of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(header);
      },
    });
  }
}
