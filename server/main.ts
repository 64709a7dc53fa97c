// `npm run server` / `npm start`: the API and the built PWA on one port (DESIGN §7).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { buildServer } from './app';
import { MAX_SEED_ORDERS_PER_DRIVER } from './db/seedBulkOrders';
import { DEMO_COMPANIES } from './db/seedData';
import { trustProxyFromEnv } from './http/transportSecurity';
import { s3ConfigFromEnv } from './services/storage/s3Config';

/**
 * JWT_SECRET, else one generated once into the data dir (mode 600) so tokens survive restarts.
 * PostgreSQL together with object storage is the several-instances deployment (nothing of it
 * lives on one machine any more): there a generated secret would differ per instance and every
 * token signed by one would be refused by the others, so such a start stops instead.
 */
function jwtSecret(dataDir: string, shared: boolean): string {
  const fromEnv = process.env.JWT_SECRET;
  if (fromEnv) return fromEnv;
  if (shared) {
    throw new Error(
      'JWT_SECRET is required with DATABASE_URL and object storage (S3_*): every instance behind the load balancer ' +
        'must sign and check tokens with the same secret. Set it to the same long random value on every instance ' +
        '(e.g. `openssl rand -base64 48`).',
    );
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** SEED_ORDERS_PER_DRIVER: a whole number up to the seed's maximum; anything else stops the start with a clear message. */
function seedOrdersPerDriverFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_SEED_ORDERS_PER_DRIVER) {
    throw new Error(`SEED_ORDERS_PER_DRIVER must be a whole number from 0 to ${MAX_SEED_ORDERS_PER_DRIVER} (got "${value}")`);
  }
  return n;
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const staticDir = resolve('./dist');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const s3 = s3ConfigFromEnv(process.env);
  const server = await buildServer({
    dataDir,
    databaseUrl,
    jwtSecret: jwtSecret(dataDir, databaseUrl !== undefined && s3 !== null),
    ...(s3 ? { s3 } : {}),
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    logger: true,
    trustProxy: trustProxyFromEnv(process.env.TRUST_PROXY),
    mapStyleUrl: process.env.MAP_STYLE_URL,
    mapOrigins: process.env.MAP_ORIGINS?.split(/[\s,]+/).filter(Boolean),
    staticDir: existsSync(join(staticDir, 'index.html')) ? staticDir : null,
    seedOrdersPerDriver: seedOrdersPerDriverFromEnv(process.env.SEED_ORDERS_PER_DRIVER),
  });
  const { app } = server;
  const answers = trackAnswers(app.server);
  await app.listen({ host: process.env.HOST ?? '0.0.0.0', port });
  const listening = app.server.address(); // PORT=0: the port the system chose
  app.log.info(
    `Driver App on http://localhost:${typeof listening === 'object' && listening ? listening.port : port} (${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}; files in ${s3 ? `s3://${s3.bucket}/${s3.prefix}` : 'the database'})`,
  );
  const demo = DEMO_COMPANIES.flatMap((c) => c.accounts.map((a) => `${a.email} / ${a.password} (${a.role}, ${c.name})`));
  app.log.info(`Demo accounts:\n  ${demo.join('\n  ')}`);

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish (at most SHUTDOWN_GRACE_MS,
  // then their connections are cut), remove this instance from server_instances, close the
  // database, exit 0 (1 when requests had to be cut or closing failed).
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    const graceMs = shutdownGraceMs();
    app.log.info(`${signal}: shutting down (in-flight requests get up to ${graceMs} ms)`);
    answers.closeConnectionsAfterAnswers();
    let cut = false;
    const cutTimer = setTimeout(() => {
      cut = true;
      app.log.warn('requests still running after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, graceMs);
    // Last resort: a close that hangs (a database that never answers) must not keep us alive.
    setTimeout(() => {
      app.log.error('shutdown did not finish: exiting');
      process.exit(1);
    }, graceMs + 5_000).unref();
    server.close().then(
      () => {
        clearTimeout(cutTimer);
        app.log.info('stopped');
        process.exit(cut ? 1 : 0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * The answers being written, so a stop can end their connections with them. Fastify's close
 * closes the keep-alive connections idle at that moment and answers new requests 503 with
 * `Connection: close`, but a request already running kept its keep-alive connection open
 * after its answer, and the close waited for it until SHUTDOWN_GRACE_MS cut it (exit 1 after
 * the whole grace period). Now such an answer says `Connection: close` (the client does not
 * send on it again and Node closes it after the answer), and one whose headers were already
 * out has its connection closed once it is finished.
 */
function trackAnswers(server: Server): { closeConnectionsAfterAnswers(): void } {
  const running = new Set<ServerResponse>();
  let closing = false;
  const closeAfter = (res: ServerResponse): void => {
    if (!res.headersSent) res.setHeader('connection', 'close');
    else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  };
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) return closeAfter(res);
    running.add(res);
    res.once('close', () => running.delete(res));
  });
  return {
    closeConnectionsAfterAnswers() {
      closing = true;
      for (const res of running) closeAfter(res);
      running.clear();
    },
  };
}

/** SHUTDOWN_GRACE_MS (default 10 s): how long in-flight requests may run after a stop signal. */
function shutdownGraceMs(): number {
  const value = Number(process.env.SHUTDOWN_GRACE_MS);
  return Number.isFinite(value) && value >= 0 ? value : 10_000;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
