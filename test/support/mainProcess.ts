// `server/main.ts` as a real process on 127.0.0.1, PORT=0 (the port is read from its start
// log), with its own data dir (a copy of the seeded template; PostgreSQL in integration-pg).
// Its JSON log lines are collected, and a test can wait for one: a signal handled, a request
// arrived. Killed with SIGKILL at cleanup if still running.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabase } from './server';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface LogLine {
  msg?: string;
  level?: number;
  req?: { method?: string; url?: string };
  [key: string]: unknown;
}

export interface MainProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** The first log line (already written or still to come) that matches; rejects if the process exits first. */
  logLine(match: (line: LogLine) => boolean): Promise<LogLine>;
  /** Kills what is left and removes the data dir. */
  cleanup(): Promise<void>;
}

export interface RunningMain extends MainProcess {
  url: string;
}

/** Spawns the server; `env` adds to (or overrides) the test defaults. Resolves once spawned, not once listening. */
export async function spawnMain(env: Record<string, string> = {}): Promise<MainProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-main-'));
  const database = await testDatabase(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'main-process-test-secret-0123456789',
      DATABASE_URL: database.databaseUrl ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let stderr = '';
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const raw of complete) {
      let line: LogLine;
      try {
        line = JSON.parse(raw) as LogLine;
      } catch {
        continue; // not a log line
      }
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.match(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  return {
    child,
    exited,
    stderr: () => stderr,
    logLine: (match) => {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then((code) => reject(new Error(`the server exited (${code}) before the log line; stderr: ${stderr.slice(-2000)}`)));
      });
    },
    async cleanup() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Spawns the server and waits until it listens. */
export async function startMain(env: Record<string, string> = {}): Promise<RunningMain> {
  const main = await spawnMain(env);
  try {
    const started = await main.logLine((line) => /^Driver App on http:\/\/localhost:\d+/.test(line.msg ?? ''));
    const port = /localhost:(\d+)/.exec(started.msg ?? '')?.[1];
    return { ...main, url: `http://127.0.0.1:${port}` };
  } catch (err) {
    await main.cleanup();
    throw err;
  }
}
