// Seeded demo history must never lie in the future, whatever the hour of seeding: the seed
// takes its clock as a parameter, so this runs it at 00:05 and 23:55 UTC of a fixed day and
// checks every past-tense timestamp it wrote against that instant.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';

const PAST_COLUMNS = [
  ['orders', 'delivered_at'],
  ['orders', 'created_at'],
  ['deliveries', 'date_delivered'],
  ['deliveries', 'began_at'],
  ['deliveries', 'ended_at'],
  ['notifications', 'created_at'],
  ['notifications', 'dismissed_at'],
  ['order_notes', 'created_at'],
] as const;

describe('seed clock', () => {
  for (const at of ['2026-03-08T00:05:00Z', '2026-03-08T23:55:00Z']) {
    it(`dates nothing after the seeding instant when seeded at ${at}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'driver-app-seed-clock-'));
      const database = await openDatabase({ pgliteDir: join(dir, 'pglite') });
      try {
        await migrate(database);
        const now = Date.parse(at);
        expect(await seedIfEmpty(database.db, now)).toBe(true);
        for (const [table, column] of PAST_COLUMNS) {
          const [row] = await database.raw.query<{ latest: string | null; n: number }>(
            `SELECT max(${column})::text latest, count(${column})::int n FROM ${table}`,
          );
          expect(row?.n, `${table}.${column} has rows`).toBeGreaterThan(0);
          expect(Date.parse(row?.latest ?? ''), `${table}.${column}`).toBeLessThanOrEqual(now);
        }
        // "This week" of the delivery log is not empty: some history lands in the last 7 days.
        const [recent] = await database.raw.query<{ n: number }>(`SELECT count(*)::int n FROM deliveries WHERE date_delivered > $1::timestamptz`, [
          new Date(now - 7 * 86_400_000).toISOString(),
        ]);
        expect(recent?.n).toBeGreaterThan(0);
      } finally {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
