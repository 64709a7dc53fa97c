// The server as a real process (issue 9): `npm start` stops cleanly on SIGTERM — an upload in
// flight finishes, npm and every process under it exit 0, nothing keeps the port — and after a
// kill -9 and a restart, an Idempotency-Key claim the killed process left is taken over at once
// (not 409 for two minutes). Processes run on a free port with a temp data dir (a copy of the
// seeded template; PostgreSQL in integration-pg).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { hookRequestHash } from '../../server/http/idempotency';
import { API, PROFILE_API } from '../../src/domain';
import { testDatabase } from '../support/server';
import { SUMMIT_DRIVER, makeImage } from './helpers';
import { freePort } from '../support/freePort';

const ROOT = new URL('../../', import.meta.url).pathname;
/** How long one process may take to answer /health (tsx, PGlite's start, the migrations check). */
const START_DEADLINE_MS = 90_000;
/**
 * A test's time-out covers the starts it makes (two at most) and the rest: the project's 60 s
 * is less than one start's deadline, and the kill -9 test (22 s alone) took 47 s in a full run.
 */
const PROCESS_TEST = { timeout: 2 * START_DEADLINE_MS + 60_000 };
const SECRET = 'server-process-test-secret-0123456789';

interface Running {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  exited: Promise<number | null>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function newDataDir(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-process-'));
  const database = await testDatabase(dataDir, false); // kept: a restart on the dir finds the same data
  cleanups.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
  return { dataDir, databaseUrl: database.databaseUrl };
}

/** `npm start` (command 'npm') or the server alone ('main'), up once /health answers. */
async function start(how: 'npm' | 'main', dir: { dataDir: string; databaseUrl?: string }): Promise<Running> {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir.dataDir,
    JWT_SECRET: SECRET,
    DATABASE_URL: dir.databaseUrl ?? '',
    DRIVER_APP_SKIP_BUILD: '1',
    SHUTDOWN_GRACE_MS: '10000',
  };
  const child =
    how === 'npm'
      ? spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
      : spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => {
    for (const pid of processesOf(dir.dataDir)) process.kill(pid, 'SIGKILL');
    return Promise.resolve();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    const up = await fetch(`${url}${API.health}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start (exit ${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, url, port, dataDir: dir.dataDir, exited };
}

/** Every live process started for this data dir (its environment names it): npm, sh, start.mjs, the server. */
function processesOf(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`DATA_DIR=${dataDir}`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

const portRefuses = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}${API.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SUMMIT_DRIVER) });
  return JSON.parse(await res.text()) as string;
}

describe('npm start and SIGTERM', () => {
  it('finishes the upload in flight, then npm and everything under it exit 0 and the port is free', PROCESS_TEST, async () => {
    const dir = await newDataDir();
    const server = await start('npm', dir);
    const token = await login(server.url);
    expect(processesOf(dir.dataDir).length).toBeGreaterThanOrEqual(2); // npm → start.mjs → server

    // A multipart upload whose body arrives in two halves, SIGTERM sent between them.
    const form = new FormData();
    form.append('file-0', new Blob([new Uint8Array(await makeImage('jpeg', 7))], { type: 'image/jpeg' }), 'p.jpg');
    const encoded = new Response(form);
    const bytes = Buffer.from(await encoded.arrayBuffer());
    let refusedWhileInFlight = false;
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${server.url}${API.upload}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'x-upload-folder': '/deliver-onlot-inventory-order/delivery',
            'content-type': encoded.headers.get('content-type') ?? '',
            'content-length': bytes.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      const half = Math.floor(bytes.length / 2);
      req.write(bytes.subarray(0, half));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        // Stopped accepting while the upload is still half sent; then its second half goes. Polled
        // until it refuses, not checked once after 1 s: how soon the signal crosses npm and
        // start.mjs is the machine's business (a loaded run once took longer).
        void (async () => {
          while (!(await portRefuses(server.port))) await new Promise((resolve) => setTimeout(resolve, 100));
          refusedWhileInFlight = true;
          req.end(bytes.subarray(half));
        })();
      }, 500);
    });
    const done = await answer;
    expect(refusedWhileInFlight).toBe(true);
    expect(done.status, done.text).toBe(200);
    expect(done.text).toContain('/files/');
    expect(await server.exited).toBe(0);
    expect(await portRefuses(server.port)).toBe(true);
    expect(processesOf(dir.dataDir)).toEqual([]);
  });
});

describe('kill -9 and a restart', () => {
  it('the claim the killed process left is taken over by the first retry, not 409', PROCESS_TEST, async () => {
    const dir = await newDataDir();
    const first = await start('main', dir);
    const token = await login(first.url);
    first.child.kill('SIGKILL');
    await first.exited;

    // The killed process is still in the registry; give it a claim "running" right now, as if
    // it had been killed in the middle of the request.
    const database = await openDatabase({ databaseUrl: dir.databaseUrl, pgliteDir: join(dir.dataDir, 'pglite') });
    const key = randomUUID();
    try {
      const [dead] = await database.raw.query<{ id: string }>('SELECT id FROM server_instances');
      expect(dead).toBeDefined();
      const [account] = await database.raw.query<{ id: number; company_id: number }>('SELECT id, company_id FROM accounts WHERE email = $1', [
        SUMMIT_DRIVER.email,
      ]);
      const path = PROFILE_API.dismissAllNotifications;
      await database.raw.query(
        `INSERT INTO idempotency_keys (key, account_id, company_id, method, path, request_hash, state, instance_id)
         VALUES ($1, $2, $3, 'POST', $4, $5, 'running', $6)`,
        [key, account?.id, account?.company_id, path, hookRequestHash('POST', path, {}, {}), dead?.id],
      );
    } finally {
      await database.close();
    }

    const second = await start('main', dir);
    const retry = await fetch(`${second.url}${PROFILE_API.dismissAllNotifications}`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect(retry.status, await retry.clone().text()).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
