// `npm run admin` (issue 20 item 10) as a child process against a RUNNING server process
// (server/main.ts): on PGlite through the server's operator socket <DATA_DIR>/admin.sock (the
// server owns the data dir), on PostgreSQL (integration-pg) on its own connection. Removing a
// driver and resetting a password end the account's sessions on their next call; refusals
// exit non-zero with the reason on stderr (the table of them in this process: adminHere). With no server on a PGlite data dir the CLI opens it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/admin/cli';
import { API } from '../../src/domain';
import { startMain, type RunningMain } from '../support/mainProcess';
import { usesPostgres } from '../support/pgDatabase';
import { testDatabase } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_ADMIN, SUMMIT_DRIVER, SUMMIT_DRIVER2 } from './helpers';

const ROOT = new URL('../../', import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …args` (or the script alone: the same file npm runs, without npm's start-up). */
function admin(env: { DATA_DIR: string; DATABASE_URL?: string }, args: string[], viaNpm = false): Promise<Run> {
  const command = viaNpm ? 'npm' : process.execPath;
  const argv = viaNpm ? ['run', '--silent', 'admin', '--', ...args] : ['--import', 'tsx', 'scripts/admin.ts', ...args];
  const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL ?? '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * The same command line in this process (server/admin/cli.ts's runCli, which scripts/admin.ts
 * runs): for the table of refusals, whose subject is the arguments and the lookups. Each child
 * process costs ~2 s of CPU starting tsx and the server's modules; the other tests keep the
 * child process (exit codes and stderr through a real process).
 */
async function adminHere(env: { DATA_DIR: string; DATABASE_URL?: string }, args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    { DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL ?? '' },
    {
      out: (line) => (stdout += `${line}\n`),
      err: (line) => (stderr += `${line}\n`),
    },
  );
  return { code, stdout, stderr };
}

let main: RunningMain;
let dir: { DATA_DIR: string; DATABASE_URL?: string };
let drop: () => Promise<void>;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-admin-'));
  const database = await testDatabase(dataDir);
  drop = () => database.drop();
  dir = { DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl };
  main = await startMain({ DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl ?? '' });
});

afterAll(async () => {
  await main?.cleanup();
  await drop?.();
  rmSync(dir.DATA_DIR, { recursive: true, force: true });
});

async function signIn(account: { email: string; password: string }): Promise<{ status: number; token: string }> {
  const res = await fetch(`${main.url}${API.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const text = await res.text();
  return { status: res.status, token: res.status === 200 ? (JSON.parse(text) as string) : '' };
}

async function orderList(token: string): Promise<{ status: number; error?: string }> {
  const res = await fetch(`${main.url}/api/driver/order-list`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { error?: string };
  return { status: res.status, error: body.error };
}

describe('npm run admin against the running server', () => {
  it('list-drivers shows the demo drivers (not the office admin)', async () => {
    const run = await admin(dir, ['list-drivers'], true);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const driver of [SUMMIT_DRIVER, SUMMIT_DRIVER2, RIDGE_DRIVER]) expect(run.stdout).toMatch(new RegExp(`^${driver.email}\\s.*\\sactive$`, 'm'));
    expect(run.stdout).not.toContain(SUMMIT_ADMIN.email);
  });

  if (!usesPostgres()) {
    it('serves PGlite through a socket in the data dir that only its owner may use (mode 600)', () => {
      const stat = statSync(join(dir.DATA_DIR, 'admin.sock'));
      expect(stat.isSocket()).toBe(true);
      expect(stat.mode & 0o777).toBe(0o600);
    });
  }

  it("remove-driver: the driver's token answers 401 AccountRemoved on its next call, and it cannot sign in", async () => {
    const { token } = await signIn(SUMMIT_DRIVER2);
    expect((await orderList(token)).status).toBe(200);
    const run = await admin(dir, ['remove-driver', SUMMIT_DRIVER2.email.toUpperCase()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Removed ${SUMMIT_DRIVER2.email}`);
    expect(await orderList(token)).toEqual({ status: 401, error: 'AccountRemoved' });
    expect((await signIn(SUMMIT_DRIVER2)).status).toBe(401);
    expect((await admin(dir, ['list-drivers'])).stdout).toMatch(new RegExp(`^${SUMMIT_DRIVER2.email}\\s.*\\sremoved \\d{4}-`, 'm'));
    const again = await admin(dir, ['remove-driver', SUMMIT_DRIVER2.email]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already removed');
  });

  it('reset-password: the old password fails, the new one works, the old token answers 401 TokenRevoked', async () => {
    const { token } = await signIn(RIDGE_DRIVER);
    const fresh = 'ridge-new-password-7';
    const run = await admin(dir, ['reset-password', RIDGE_DRIVER.email, '--password', fresh]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await orderList(token)).toEqual({ status: 401, error: 'TokenRevoked' });
    expect((await signIn(RIDGE_DRIVER)).status).toBe(401);
    const signedIn = await signIn({ email: RIDGE_DRIVER.email, password: fresh });
    expect(signedIn.status).toBe(200);
    expect((await orderList(signedIn.token)).status).toBe(200);

    // Without --password a password is generated and printed.
    const generated = await admin(dir, ['reset-password', RIDGE_DRIVER.email]);
    expect(generated.code).toBe(0);
    const password = /^New password for driver@ridge\.test: (\S+)$/m.exec(generated.stdout)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(await orderList(signedIn.token)).toEqual({ status: 401, error: 'TokenRevoked' });
    expect((await signIn({ email: RIDGE_DRIVER.email, password })).status).toBe(200);
  });

  it('refuses an unknown email, an admin account and bad arguments: non-zero exit, the reason on stderr', async () => {
    const cases: [string[], number, RegExp][] = [
      [['remove-driver', 'nobody@summit.test'], 1, /No account has the email nobody@summit\.test/],
      [['reset-password', 'nobody@summit.test', '--password', 'long-enough-1'], 1, /No account has the email/],
      [['remove-driver', SUMMIT_ADMIN.email], 1, /admin@summit\.test is an office_admin account, not a driver/],
      [['reset-password', SUMMIT_ADMIN.email], 1, /not a driver/],
      [[], 2, /Usage: npm run admin/],
      [['delete-everything'], 2, /Unknown command "delete-everything"/],
      [['remove-driver'], 2, /remove-driver needs one EMAIL/],
      [['remove-driver', 'not-an-email'], 2, /Not an email address/],
      [['reset-password', SUMMIT_DRIVER.email, '--password', 'short'], 2, /8 to 200 characters/],
      [['reset-password', SUMMIT_DRIVER.email, '--password'], 2, /--password needs a value/],
      [['remove-driver', SUMMIT_DRIVER.email, '--password', 'long-enough-1'], 2, /takes no --password/],
      [['list-drivers', SUMMIT_DRIVER.email], 2, /takes no email/],
    ];
    for (const [args, code, message] of cases) {
      const run = await adminHere(dir, args);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code, stdout: '' });
      expect(run.stderr).toMatch(message);
    }
    // The refused commands changed nothing: the driver they named still signs in.
    expect((await signIn(SUMMIT_DRIVER)).status).toBe(200);
  });
});

if (!usesPostgres())
  describe('npm run admin with no server on the PGlite data dir', () => {
    it('opens the data dir itself, also past a socket a killed server left', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-admin-idle-'));
      try {
        await testDatabase(dataDir);
        // A socket file nobody listens on, as a server killed with SIGKILL leaves it.
        const stale = spawn(process.execPath, [
          '-e',
          `require('net').createServer().listen(${JSON.stringify(join(dataDir, 'admin.sock'))}, () => process.kill(process.pid, 'SIGKILL'))`,
        ]);
        await new Promise((resolve) => stale.once('exit', resolve));
        expect(statSync(join(dataDir, 'admin.sock')).isSocket()).toBe(true);
        const run = await admin({ DATA_DIR: dataDir }, ['remove-driver', SUMMIT_DRIVER.email]);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect((await admin({ DATA_DIR: dataDir }, ['list-drivers'])).stdout).toMatch(/^driver@summit\.test\s.*\sremoved /m);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('says so when DATA_DIR holds no database', async () => {
      const empty = mkdtempSync(join(tmpdir(), 'driver-app-admin-empty-'));
      try {
        const run = await admin({ DATA_DIR: empty }, ['list-drivers']);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('No database in');
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    });
  });
