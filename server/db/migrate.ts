// A tiny migrator: applies server/db/migrations/NNNN_name.sql in order, each in its own
// transaction, recording it in schema_migrations. Same files for PGlite and PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant: serialises concurrent migrators on one PostgreSQL (two servers starting).
const MIGRATION_LOCK = 728_301;

export function migrationFiles(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/** Returns the names of the migrations it applied. */
export async function migrate(database: Database): Promise<string[]> {
  // Under the lock too: two CREATE TABLE IF NOT EXISTS racing on an empty PostgreSQL fail
  // (duplicate key in pg_type) when several instances boot at once.
  await database.rawTransaction(async (raw) => {
    await raw.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const done = await database.rawTransaction(async (raw) => {
      await raw.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const rows = await raw.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file.name]);
      if (rows.length > 0) return false;
      await raw.exec(file.sql);
      await raw.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file.name]);
      return true;
    });
    if (done) applied.push(file.name);
  }
  return applied;
}
