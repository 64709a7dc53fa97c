// Starts a real server (PGlite on a fresh temp data dir, seeded with the demo data of
// DESIGN §7) on 127.0.0.1, port 0. Used by the integration, sync and e2e suites: keep the
// signature stable. PGlite's initdb costs ~3 s, so start one server per test file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildServer } from '../../server/app';

export interface TestServer {
  url: string;
  close(): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** POST /auth/login; resolves the JWT, rejects on any non-200. */
  login(email: string, password: string): Promise<string>;
}

export interface TestServerOptions {
  /** A data dir to use (kept on close); default a fresh one under os.tmpdir(), removed on close. */
  dataDir?: string;
  /** Login rate limit; default generous so suites can sign in freely. */
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** The built PWA to serve (e2e); default none. */
  staticDir?: string | null;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'driver-app-test-'));
  const server = await buildServer({
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    staticDir: opts.staticDir ?? null,
    loginRateLimit: opts.loginRateLimit ?? { max: 10_000, timeWindowMs: 60_000 },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    url,
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
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
