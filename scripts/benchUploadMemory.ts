// Issue 20 item 8: the server's peak memory under the tester's upload load. A real server
// process (server/main.ts on a copy of the seeded PGlite template), ACCOUNTS driver accounts
// (the demo drivers plus added ones, same password), then UPLOADS parallel POST /upload of 5
// PNGs of 7,700×7,700 (each a few hundred KB, ~59 megapixels decoded) spread over the accounts.
// Reports the server's RSS before, its peak (VmHWM from /proc) and the answers' statuses.
//   npx tsx scripts/benchUploadMemory.ts [--uploads=8] [--accounts=8] [--side=7700]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../server/db/client';
import { DEMO_COMPANIES } from '../server/db/seedData';
import { API } from '../src/domain';
import { freePort } from '../test/support/freePort';
import { testDatabase } from '../test/support/server';

const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const UPLOADS = arg('uploads', 8);
const ACCOUNTS = arg('accounts', 8);
const SIDE = arg('side', 7700);
const PASSWORD = 'summit-driver-1';
const FOLDER = '/deliver-onlot-inventory-order/delivery';

/** A mostly flat PNG (compresses to a few hundred KB) that decodes to SIDE² pixels. */
function bigPng(seed: number): Promise<Buffer> {
  return sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 200 } } })
    .composite([{ input: { text: { text: `photo ${seed}`, dpi: 2400 } }, top: 100, left: 100 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** ACCOUNTS driver accounts: the demo ones plus copies of driver@summit.test (same company and password). */
async function addDrivers(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    const extra = Math.max(0, ACCOUNTS - 3);
    await database.raw.query(
      `INSERT INTO accounts (company_id, email, password_hash, role, first_name, last_name)
      SELECT company_id, 'bench' || n || '@summit.test', password_hash, 'driver', 'Bench', 'Driver ' || n
      FROM accounts, generate_series(1, $1::int) n WHERE email = 'driver@summit.test'`,
      [extra],
    );
    const rows = await database.raw.query<{ email: string }>("SELECT email FROM accounts WHERE role = 'driver' AND removed_at IS NULL ORDER BY id");
    return rows.map((r) => r.email).slice(0, ACCOUNTS);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-upload-memory-'));
  await testDatabase(dataDir, false);
  const emails = await addDrivers(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'bench-upload-memory-secret-0123456789', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 90_000;
    while (
      !(await fetch(`${url}${API.health}`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const tokens = await Promise.all(
      emails.map(async (email) => {
        const password = DEMO_COMPANIES.flatMap((c) => c.accounts).find((a) => a.email === email)?.password ?? PASSWORD;
        const res = await fetch(`${url}${API.login}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
        return JSON.parse(await res.text()) as string;
      }),
    );
    const pngs = await Promise.all([1, 2, 3, 4, 5].map(bigPng));
    const pid = child.pid ?? 0;
    const before = memoryOf(pid);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const form = new FormData();
        pngs.forEach((png, n) => form.append(`file-${n}`, new Blob([new Uint8Array(png)], { type: 'image/png' }), `p${n}.png`));
        const res = await fetch(`${url}${API.upload}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i % tokens.length] ?? ''}`, 'x-upload-folder': FOLDER },
          body: form,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const after = memoryOf(pid);
    const statuses = answers.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    console.log(
      JSON.stringify({
        uploads: UPLOADS,
        accounts: emails.length,
        pngBytes: pngs.map((p) => p.length),
        side: SIDE,
        rssBeforeMb: Math.round(before.rssMb),
        peakBeforeMb: Math.round(before.peakMb),
        peakAfterMb: Math.round(after.peakMb),
        addedMb: Math.round(after.peakMb - before.rssMb),
        seconds: (Date.now() - started) / 1000,
        statuses,
      }),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
