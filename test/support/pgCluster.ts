// A PostgreSQL server for the 'integration-pg' project: the one named by TEST_DATABASE_URL
// or DATABASE_URL when it answers, else a throwaway cluster of Debian's PostgreSQL (installed
// with apt-get when missing and we are root) in a temp dir, on a free loopback port, trust
// auth. Never skips: when no PostgreSQL can be had it throws a message saying why.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './freePort';

export interface PgServer {
  /** A superuser (or CREATEDB) URL; test databases are created through it. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** The same server, another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where to look and whether we may install: tests of the failure path override these. */
export interface ClusterEnvironment {
  binRoot: string;
  isRoot: boolean;
  install: () => void;
}

const DEBIAN: ClusterEnvironment = { binRoot: '/usr/lib/postgresql', isRoot: process.getuid?.() === 0, install: aptInstallPostgres };

export async function obtainPostgres(env: ClusterEnvironment = DEBIAN): Promise<PgServer> {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given && (await reachable(given))) return { adminUrl: given, stop: async () => {} };
  return startThrowawayCluster(env);
}

/** Debian keeps each major version's binaries in <binRoot>/<major>/bin. */
export function findBinDir(root: string): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

function aptInstallPostgres(): void {
  console.log('integration-pg: installing PostgreSQL (apt-get install -y postgresql)…');
  const res = spawnSync('bash', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql'], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`integration-pg: apt-get install postgresql failed (exit ${res.status ?? 'signal'}); the PostgreSQL suite cannot run.`);
}

async function startThrowawayCluster(env: ClusterEnvironment): Promise<PgServer> {
  let bin = findBinDir(env.binRoot);
  if (!bin) {
    if (!env.isRoot) {
      throw new Error(
        "integration-pg: PostgreSQL is not installed and we are not root. Install Debian's postgresql package " +
          '(apt-get install -y postgresql) or set TEST_DATABASE_URL to a server where this user may CREATE DATABASE.',
      );
    }
    env.install();
    bin = findBinDir(env.binRoot);
  }
  if (!bin) throw new Error('integration-pg: no initdb/pg_ctl under /usr/lib/postgresql/*/bin even after installing postgresql.');
  const dir = mkdtempSync(join(tmpdir(), 'driver-app-pg-'));
  const data = join(dir, 'data');
  // initdb and postgres refuse to run as root: run them as Debian's postgres user.
  const asUser = (cmd: string, args: string[]): string[] => (env.isRoot ? ['runuser', '-u', 'postgres', '--', cmd, ...args] : [cmd, ...args]);
  const run = (cmd: string, args: string[]): void => {
    const [file, ...rest] = asUser(cmd, args);
    try {
      execFileSync(file ?? cmd, rest, { stdio: 'pipe' });
    } catch (err) {
      const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
      throw new Error(`integration-pg: ${cmd} failed: ${e.stderr?.toString() || e.stdout?.toString() || e.message}`);
    }
  };
  if (env.isRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // Durability is worthless for a throwaway test cluster: trade it for speed on 2 cores.
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=64MB',
  ].join(' ');
  run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (!(await reachable(adminUrl))) throw new Error(`integration-pg: the cluster in ${data} started but does not answer on port ${port}.`);
  return {
    adminUrl,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return Promise.resolve();
    },
  };
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}
