// Opens the database: embedded PGlite (a data dir on disk) by default, or PostgreSQL via
// node-postgres when a DATABASE_URL is given. Both expose the same drizzle API and a small
// raw-SQL interface (used by the migrator and by tests).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repository functions accept both. */
export type Executor = Db | Tx;

export interface RawSql {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: RawSql;
  /** A raw transaction, for the migrator (scripts of many statements). */
  rawTransaction<T>(fn: (raw: RawSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openDatabase(opts: { pgliteDir?: string; databaseUrl?: string; applicationName?: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.applicationName);
  if (!opts.pgliteDir) throw new Error('openDatabase needs a PGlite data dir or a DATABASE_URL');
  return openPglite(opts.pgliteDir);
}

const BYTEA_OID = 17;

// bytea through PGlite in one Buffer call each way. PGlite's own converters go through a JS
// array of one string per byte (Array.from(bytes).map(...).join, and one substring + parseInt
// per byte back): writing an upload's 5 re-encoded photos (6 MB) took ~400 MB of garbage and
// set the process's memory peak (issue 20, upload amplification).
function byteaToHex(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

/** A Buffer of its own (never a slice of node's shared pool): callers may hand its .buffer on. */
function byteaFromHex(text: string): Buffer {
  const out = Buffer.alloc((text.length - 2) / 2);
  out.write(text.slice(2), 'hex');
  return out;
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { serializers: { [BYTEA_OID]: byteaToHex }, parsers: { [BYTEA_OID]: byteaFromHex } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const rawOf = (c: Pick<PGlite, 'query' | 'exec'>): RawSql => ({
    query: async <T>(sql: string, params?: unknown[]) => (await c.query<T>(sql, params)).rows,
    exec: async (sql: string) => {
      await c.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    db,
    raw: rawOf(client),
    rawTransaction: (fn) => client.transaction((tx) => fn(rawOf(tx))),
    close: () => client.close(),
  };
}

/** `applicationName` names this process's sessions in pg_stat_activity (services/instances.ts reads it). */
async function openPostgres(url: string, applicationName?: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(applicationName ? { application_name: applicationName } : {}) });
  // node-postgres emits backend errors of idle clients (a restart, a dropped database, a cut
  // network) on the pool; without a listener they crash the process. The next query reconnects.
  pool.on('error', (err) => console.warn(`postgres: an idle connection failed: ${err.message}`));
  // Fail fast on a wrong URL rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const rawOf = (c: pg.Pool | pg.PoolClient): RawSql => ({
    query: async <T>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as T[],
    exec: async (sql: string) => {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    db,
    raw: rawOf(pool),
    rawTransaction: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn(rawOf(conn));
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK');
        throw err;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
