// Per-server databases for the 'integration-pg' project: each startTestServer() gets a copy
// of the run's template database, dropped on close. Outside that project (the env flag
// below unset) nothing here runs and servers use PGlite.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrl } from './pgCluster';

/** Set by vitest.config.ts on the 'integration-pg' project only. */
export const PG_FLAG = 'DRIVER_APP_TEST_DB';

export function usesPostgres(): boolean {
  return process.env[PG_FLAG] === 'postgres';
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function adminQuery<T = Record<string, unknown>>(adminUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  /** Drops the database (a kept one, for a caller's own dataDir, stays until the run ends). */
  drop(): Promise<void>;
}

async function runContext(): Promise<{ adminUrl: string; runId: string }> {
  // Imported lazily: scripts (bench, replay) load startTestServer outside vitest.
  const { inject } = await import('vitest');
  const adminUrl = inject('pgAdminUrl');
  const runId = inject('pgRunId');
  if (!adminUrl || !runId) throw new Error(`${PG_FLAG}=postgres but the pg global setup provided no server`);
  return { adminUrl, runId };
}

/**
 * A database copied from the run's template. With `dataDir` the name is remembered in
 * <dataDir>/pg-database, so a restart on the same dir finds the same data (like PGlite).
 */
export async function createTestDatabase(dataDir?: string): Promise<TestDatabase> {
  const { adminUrl, runId } = await runContext();
  const marker = dataDir === undefined ? null : join(dataDir, 'pg-database');
  if (marker && existsSync(marker)) {
    const kept = readFileSync(marker, 'utf8').trim();
    return { url: databaseUrl(adminUrl, kept), drop: async () => {} };
  }
  const name = `${runId}_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(adminUrl, name, `${runId}_template`);
  if (marker) {
    writeFileSync(marker, name);
    return { url: databaseUrl(adminUrl, name), drop: async () => {} };
  }
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
  };
}

async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  // Two copies starting at once can see each other on the template ("being accessed by
  // other users", 55006): retry briefly rather than fail the test.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    }
  }
}
