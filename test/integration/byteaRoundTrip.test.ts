// bytea through the database client (server/db/client.ts gives PGlite its own hex converters:
// PGlite's built-in ones allocated a string per byte, issue 20 item 8). Bytes of every size come
// back identical, as Buffers that own their memory, through drizzle and through raw SQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { uploads } from '../../server/db/schema';
import { testDatabase } from '../support/server';

let dataDir: string;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'driver-app-bytea-'));
  const made = await testDatabase(dataDir);
  drop = () => made.drop();
  database = await openDatabase({ databaseUrl: made.databaseUrl, pgliteDir: join(dataDir, 'pglite') });
});
afterAll(async () => {
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bytea round trip', () => {
  it('stores and reads back bytes of 1 B to 6 MB unchanged', async () => {
    const [owner] = await database.raw.query<{ id: number; company_id: number }>(
      "SELECT id, company_id FROM accounts WHERE role = 'driver' ORDER BY id LIMIT 1",
    );
    for (const size of [1, 3, 4095, 70_000, 6 * 1024 * 1024]) {
      const bytes = randomBytes(size);
      const guid = crypto.randomUUID();
      await database.db.insert(uploads).values({
        guid,
        companyId: owner?.company_id ?? 0,
        accountId: owner?.id ?? 0,
        folder: '/test',
        mime: 'image/png',
        extension: 'png',
        bytes,
        byteSize: size,
        sha256: 'x',
        width: 1,
        height: 1,
      });
      const [row] = await database.db.select({ bytes: uploads.bytes }).from(uploads).where(eq(uploads.guid, guid));
      expect(Buffer.isBuffer(row?.bytes)).toBe(true);
      expect(row?.bytes.equals(bytes)).toBe(true);
      const [raw] = await database.raw.query<{ bytes: Uint8Array }>('SELECT bytes FROM uploads WHERE guid = $1', [guid]);
      expect(Buffer.from(raw?.bytes ?? []).equals(bytes)).toBe(true);
    }
  });

  it('takes a Uint8Array view into a larger buffer as just its bytes', async () => {
    const whole = randomBytes(64);
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 8, 16);
    const [row] = await database.raw.query<{ hex: string }>("SELECT encode($1::bytea, 'hex') AS hex", [view]);
    expect(row?.hex).toBe(whole.subarray(8, 24).toString('hex'));
  });
});
