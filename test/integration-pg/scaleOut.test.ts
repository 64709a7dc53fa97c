// Scale-out (issue 9), only in the 'integration-pg' project: TWO real server processes
// (`server/main.ts`, as in production) on one PostgreSQL and one S3-compatible server
// (s3rver in this process), all on loopback, as two instances behind a load balancer would
// be. A delivery's photo uploaded through A, the deliver call sent to B and replayed on A
// with the same Idempotency-Key: one delivery, the same answer; files and certificates read
// through either. Also: instances booting at once on an empty database migrate and seed it
// once; main.ts refuses PostgreSQL + S3 without JWT_SECRET; an unusable bucket stops the start
// with a clear message.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../../server/app';
import { DEMO_COMPANIES } from '../../server/db/seedData';
import { openDatabase, type Database } from '../../server/db/client';
import { API, CERTIFICATE_PATH, CUSTOMER_DELIVER } from '../../src/domain';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { databaseUrl as pgDatabaseUrl } from '../support/pgCluster';
import { adminQuery, quoteIdent, usesPostgres } from '../support/pgDatabase';
import { testDatabase, type TestServer } from '../support/server';
import {
  CUSTOMER_PHOTO_FOLDER,
  SIGNATURE_FOLDER,
  assignLiveCustomerOrders,
  countRows,
  customerBody,
  setBilling,
  signatureFields,
  uploadTo,
} from '../integration/deliveryFixtures';
import { SUMMIT_DRIVER, call, deliverBody, liveOrderIds, newKey, postJson, uploadPhoto } from '../integration/helpers';
import { freePort } from '../support/freePort';

const ROOT = new URL('../../', import.meta.url).pathname;
const SECRET = 'scale-out-test-secret-0123456789abcdef';

if (!usesPostgres()) throw new Error('scaleOut.test.ts belongs to the integration-pg project (it needs a real PostgreSQL)');

interface Instance {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

const started: Instance[] = [];
const dirs: string[] = [];

/** `node --import tsx server/main.ts` with this environment; resolves once /health answers, or with the exit when it stops first. */
async function spawnServer(env: Record<string, string>): Promise<Instance & { up: boolean }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-scale-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DRIVER_APP_SKIP_BUILD: '1', SHUTDOWN_GRACE_MS: '5000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const instance = { child, url: `http://127.0.0.1:${port}`, exited, stderr: () => stderr };
  started.push(instance);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) return { ...instance, up: false };
    if (
      await fetch(`${instance.url}${API.health}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { ...instance, up: true };
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let s3: TestS3;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let database: Database;
let a: TestServer;
let b: TestServer;
let token: string;

/** The helpers' TestServer over a process: its URL, and SQL on the shared database. */
function asTestServer(url: string): TestServer {
  return {
    url,
    close: () => Promise.resolve(),
    query: (sql, params) => database.raw.query(sql, params),
    bytesSent: () => 0,
    async login(email, password) {
      const res = await postJson(asTestServer(url), API.login, { email, password });
      if (res.status !== 200) throw new Error(`login failed ${res.status} ${res.text}`);
      return res.body as string;
    },
  };
}

beforeAll(async () => {
  s3 = await startTestS3();
  const dir = mkdtempSync(join(tmpdir(), 'driver-app-scale-db-'));
  dirs.push(dir);
  const db = await testDatabase(dir);
  if (!db.databaseUrl) throw new Error('no PostgreSQL database');
  databaseUrl = db.databaseUrl;
  dropDatabase = () => db.drop();
  database = await openDatabase({ databaseUrl });
  // Behind a trusted proxy (as deployed): X-Forwarded-For names the client the limits count.
  const env = { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET, TRUST_PROXY: '1', ...s3.env('scale/') };
  // One after the other: two instances of a 2-core machine booting at once only costs time.
  const first = await spawnServer(env);
  const second = await spawnServer(env);
  if (!first.up || !second.up) throw new Error(`an instance did not start: ${first.stderr()} ${second.stderr()}`);
  a = asTestServer(first.url);
  b = asTestServer(second.url);
  token = await a.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
});

afterAll(async () => {
  for (const instance of started) {
    if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
    await instance.exited;
  }
  await database.close();
  await dropDatabase();
  await s3.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function download(server: TestServer, path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('two instances on one PostgreSQL and one bucket', () => {
  it("photo uploaded through A, delivered through B, replayed on A with the same key: one delivery, the same answer; A's remembered list drops the order", async () => {
    const [orderId] = await liveOrderIds(a, SUMMIT_DRIVER.email, 'onlot');
    if (orderId === undefined) throw new Error('no on-lot order');
    const photo = await uploadPhoto(a, token, 81);
    const [row] = await database.raw.query<{ n: number }>('SELECT octet_length(bytes) AS n FROM uploads WHERE guid = $1', [photo.guid]);
    expect(row?.n).toBe(0); // in the bucket, not the row

    // A's answer cache remembers the list; the delivery through B must still show on A.
    const listed = async (server: TestServer) =>
      (await call<{ documents: { id: string }[] }>(server, API.orderList, { token })).body.documents.map((d) => d.id);
    expect(await listed(a)).toContain(`oio-${orderId}`);
    expect(await listed(a)).toContain(`oio-${orderId}`);

    const key = newKey();
    const body = deliverBody(orderId, [photo]);
    const onB = await postJson(b, API.deliverOnlot, body, { token, key });
    expect(onB.status, onB.text).toBe(200);
    const onA = await postJson(a, API.deliverOnlot, body, { token, key });
    expect(onA.status, onA.text).toBe(200);
    expect(onA.body).toEqual(onB.body); // the remembered answer (jsonb: the same JSON, keys maybe reordered)
    expect((onA.body as { delivery_id: number }).delivery_id).toBeGreaterThan(0);
    expect(await countRows(a, 'SELECT 1 FROM deliveries WHERE order_id = $1', [orderId])).toBe(1);
    expect(await listed(a)).not.toContain(`oio-${orderId}`);

    const viaA = await download(a, photo.download_urls[0] ?? '');
    const viaB = await download(b, photo.download_urls[0] ?? '');
    expect(viaA.status).toBe(200);
    expect(viaB.status).toBe(200);
    expect(viaB.type).toBe('image/jpeg');
    expect(viaB.bytes.equals(viaA.bytes)).toBe(true);
    expect(viaA.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('a certificate generated through A is readable through both, and B answers the same one', async () => {
    const [orderId] = await assignLiveCustomerOrders(a, SUMMIT_DRIVER.email);
    if (orderId === undefined) throw new Error('no customer order');
    await setBilling(a, orderId, { balance: '250.00' });
    const photo = await uploadTo(a, token, CUSTOMER_PHOTO_FOLDER, 82);
    const signature = await uploadTo(b, token, SIGNATURE_FOLDER, 83, 'png');
    const delivered = await postJson(b, CUSTOMER_DELIVER.cash.path, customerBody(orderId, [photo], { ...signatureFields(signature), payment_amount: '50' }), {
      token,
      key: newKey(),
    });
    expect(delivered.status, delivered.text).toBe(200);

    const generate = (server: TestServer) =>
      call(server, CERTIFICATE_PATH, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
        body: JSON.stringify({ customer_order_id: orderId, use_report2: true }),
      });
    const first = await generate(a);
    expect(first.status, first.text).toBe(200);
    expect(first.text).toMatch(/^\/files\/certificates\/[0-9a-f-]{36}\.pdf$/);
    expect((await generate(b)).text).toBe(first.text);
    expect(await countRows(a, 'SELECT 1 FROM delivery_certificates WHERE order_id = $1', [orderId])).toBe(1);

    const viaA = await download(a, first.text);
    const viaB = await download(b, first.text);
    expect(viaA.status).toBe(200);
    expect(viaB.status).toBe(200);
    expect(viaB.type).toBe('application/pdf');
    expect(viaB.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(viaB.bytes.equals(viaA.bytes)).toBe(true);
  });
});

describe('sign-in limits across the two instances', () => {
  it('count one budget per address: attempts spread over A and B are refused after the 20th', async () => {
    // Windows are fixed minutes of the real clock: a run that straddles a minute's end is
    // tried again from another address (at most once more: the run takes a second or two).
    for (let tries = 0; tries < 2; tries++) {
      const address = `198.51.100.${7 + tries}`;
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await call(i % 2 === 0 ? a : b, API.login, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email: `spread-${tries}-${i}@example.test`, password: 'wrong-password' }),
        });
        statuses.push(res.status);
      }
      if ((await countRows(a, 'SELECT 1 FROM rate_limits WHERE key = $1', [`login-ip:${address}`])) > 1) continue;
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual([429, 429]); // one on each instance, counted in the database
      return;
    }
    throw new Error('both runs straddled a minute');
  });
});

describe('starting an instance of that deployment', () => {
  it('several instances booting at once on an empty database: one seeds, every one starts', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `${inject('pgRunId')}_boot_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
    try {
      const url = pgDatabaseUrl(adminUrl, name);
      const built = await Promise.all([0, 1].map(() => buildServer({ databaseUrl: url, logger: false, staticDir: null })));
      try {
        const [row] = (await built[0]?.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM companies')) ?? [];
        expect(row?.n).toBe(DEMO_COMPANIES.length);
      } finally {
        for (const server of built) await server.close();
      }
    } finally {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    }
  });

  it('refuses PostgreSQL + object storage without JWT_SECRET, naming it', async () => {
    const refused = await spawnServer({ DATABASE_URL: databaseUrl, JWT_SECRET: '', ...s3.env('scale/') });
    expect(refused.up).toBe(false);
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('JWT_SECRET is required with DATABASE_URL and object storage');
  });

  it('stops with a clear message when the bucket cannot be used', async () => {
    const refused = await spawnServer({ DATABASE_URL: databaseUrl, JWT_SECRET: SECRET, ...s3.env(), S3_BUCKET: 'missing-bucket' });
    expect(refused.up).toBe(false);
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toMatch(/Object storage s3:\/\/missing-bucket\/ at http:\/\/127\.0\.0\.1:\d+ is not usable \(the bucket does not exist\)/);
  });
});
