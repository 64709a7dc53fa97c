// Which database this suite runs on. The 'integration' project uses PGlite; the
// 'integration-pg' project runs every file of this folder against a real PostgreSQL server,
// one database per startTestServer() copied from a migrated + seeded template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFiles } from '../../server/db/migrate';
import { usesPostgres } from '../support/pgDatabase';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the database under the suite', () => {
  it('is PostgreSQL over TCP in integration-pg, PGlite otherwise', async () => {
    const [row] = await server.query<{ db: string; port: number | null }>('SELECT current_database() AS db, inet_server_port() AS port');
    if (usesPostgres()) {
      expect(row?.db).toMatch(/^driver_app_\d+_[a-z0-9]+_[0-9a-f]{12}$/);
      expect(row?.port).toBeGreaterThan(0);
    } else {
      expect(row?.port).toBeNull(); // PGlite has no socket
    }
  });

  it('has every migration applied and the demo data seeded', async () => {
    const applied = await server.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((r) => r.name)).toEqual(migrationFiles().map((f) => f.name));
    const [companies] = await server.query<{ n: number }>('SELECT count(*)::int n FROM companies');
    expect(companies?.n).toBe(2);
  });

  it('gives each server its own database, dropped when the server closes', async () => {
    const count = async (): Promise<number> =>
      (await server.query<{ n: number }>(`SELECT count(*)::int n FROM pg_database WHERE datname LIKE 'driver_app_%'`))[0]?.n ?? -1;
    const before = await count();
    const other = await startTestServer();
    try {
      await other.query(`UPDATE companies SET name = 'Renamed' WHERE id = 1`);
      expect((await server.query<{ name: string }>('SELECT name FROM companies WHERE id = 1'))[0]?.name).toBe('Summit Sheds');
      if (usesPostgres()) expect(await count()).toBe(before + 1);
    } finally {
      await other.close();
    }
    if (usesPostgres()) expect(await count()).toBe(before);
  });
});
