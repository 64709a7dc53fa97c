// The fleet's processes: each instance is `server/main.ts` in a process of its own (as
// deployed; its log goes to a file beside its data dir), the S3-compatible server another
// (s3Process.ts), so what each one costs is read from /proc: CPU seconds (utime + stime) and
// resident memory (VmRSS now, VmHWM its peak).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = new URL('../../', import.meta.url).pathname;
/** Linux's USER_HZ: /proc's CPU times are in these ticks. */
const TICKS_PER_SECOND = 100;

export interface Child {
  name: string;
  pid: number;
  exited: Promise<number | null>;
  /** Everything it wrote to stderr so far (the instances'), for a failure's message. */
  stderr(): string;
  /** SIGTERM, then the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

function track(name: string, child: ChildProcess, stderrFile?: string): Child {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    pid: child.pid ?? -1,
    exited,
    stderr: () => (stderrFile && existsSync(stderrFile) ? readFileSync(stderrFile, 'utf8').slice(-4000) : ''),
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Resolves when `ready` says so (checked on each new line of the file), or rejects when the process exits first or `timeoutMs` passes. */
async function waitForLine(file: string, child: Child, ready: (line: string) => string | null, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n')) {
      const found = ready(line);
      if (found) return found;
    }
    if (exited) throw new Error(`${child.name} exited before it was ready: ${child.stderr()}`);
    if (Date.now() > deadline) throw new Error(`${child.name} not ready after ${timeoutMs} ms: ${child.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Instance extends Child {
  url: string;
  logFile: string;
}

/** `node --import tsx server/main.ts` on PORT=0 with `env`; resolves once it listens (the port read from its start line). */
export async function startInstance(name: string, dataDir: string, env: Record<string, string>): Promise<Instance> {
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(dataDir, 'server.log');
  const errFile = join(dataDir, 'server.err');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '10000', ...env },
    stdio: ['ignore', openSync(logFile, 'a'), openSync(errFile, 'a')],
  });
  const tracked = track(name, child, errFile);
  const port = await waitForLine(logFile, tracked, (line) => /"msg":"Driver App on http:\/\/localhost:(\d+)/.exec(line)?.[1] ?? null, 180_000);
  return { ...tracked, url: `http://127.0.0.1:${port}`, logFile };
}

/** The S3-compatible server (s3rver, test/support/s3Server.ts) in a process of its own; resolves with its S3_* environment. */
export async function startS3Process(dataDir: string, prefix: string): Promise<{ child: Child; env: Record<string, string> }> {
  mkdirSync(dataDir, { recursive: true });
  const outFile = join(dataDir, 's3.out');
  const errFile = join(dataDir, 's3.err');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fleet/s3Process.ts', prefix], {
    cwd: ROOT,
    stdio: ['ignore', openSync(outFile, 'a'), openSync(errFile, 'a')],
  });
  const tracked = track('s3', child, errFile);
  const line = await waitForLine(outFile, tracked, (text) => (text.startsWith('{') ? text : null), 60_000);
  return { child: tracked, env: JSON.parse(line) as Record<string, string> };
}

/** CPU seconds a process has used (user + system), or null when /proc cannot say. */
export function cpuSeconds(pid: number): number | null {
  try {
    // Fields after the command (which may hold spaces) start at the last ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()?.trim().split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat: 12 and 13 after the state (field 3).
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Resident memory in MB: now, and the process's peak. */
export function memoryMb(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()?.trim().split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL server's processes (the postmaster and its children: backends, writers) when
 * it runs on this machine, found from a backend's parent; empty when /proc shows none.
 */
export async function postgresPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postmaster: number | null;
  try {
    const backend = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
    postmaster = parentOf(backend); // while the backend lives: it exits with the connection
  } finally {
    await client.end();
  }
  if (!postmaster || !existsSync(`/proc/${postmaster}`)) return [];
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => parentOf(pid) === postmaster);
  return [postmaster, ...children];
}
