// Issue 20 item 8 (upload amplification): 8 parallel uploads of 5 big PNGs once decoded all at
// once (+380..850 MB of memory). Image decodes are bounded per instance (imageDecoding, default
// 1 at a time) and upload requests per account in flight (default 2, counted in this process's
// memory): a third at once answers 429 TooManyRequests with Retry-After. The decode hook counts
// decodes running at once; a hook that waits holds uploads in flight without any timing.
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, makeImage, uploadFiles, type Answer } from './helpers';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const EXTRA_DRIVER = { email: 'bench1@summit.test', password: SUMMIT_DRIVER.password };

/** A fourth driver (same company and password as SUMMIT_DRIVER): 4 accounts × 2 uploads = the tester's 8. */
async function fourDrivers(s: TestServer): Promise<string[]> {
  await s.query(
    `INSERT INTO accounts (company_id, email, password_hash, role, first_name, last_name)
    SELECT company_id, $1, password_hash, 'driver', 'Bench', 'Driver' FROM accounts WHERE email = $2`,
    [EXTRA_DRIVER.email, SUMMIT_DRIVER.email],
  );
  return Promise.all([SUMMIT_DRIVER, SUMMIT_DRIVER2, RIDGE_DRIVER, EXTRA_DRIVER].map((a) => s.login(a.email, a.password)));
}

/** A PNG of noise: slow enough to decode and re-encode (tens of ms) that unbounded decodes overlap. */
const noisyPng = (): Promise<Buffer> =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .png()
    .toBuffer();

const pngParts = (png: Buffer, n: number) => Array.from({ length: n }, (_, i) => ({ bytes: png, name: `p${i}.png`, type: 'image/png' }));
const jpegPart = (jpeg: Buffer) => [{ bytes: jpeg, name: 'p.jpg', type: 'image/jpeg' }];

describe('upload bounds', () => {
  it('8 parallel uploads of 5 images from 4 accounts never decode more than the bound at once, and all succeed', async () => {
    let running = 0;
    let most = 0;
    let decodes = 0;
    server = await startTestServer({
      build: {
        imageDecoding: {
          concurrency: 2,
          onDecode: (now) => {
            running = now;
            most = Math.max(most, now);
            decodes += 1;
          },
        },
      },
    });
    const tokens = await fourDrivers(server);
    const png = await noisyPng();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => uploadFiles(server as TestServer, tokens[i % 4] ?? '', pngParts(png, 5))));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(decodes).toBe(40);
    expect(most).toBeGreaterThanOrEqual(1);
    expect(most).toBeLessThanOrEqual(2);
    expect(running).toBeLessThanOrEqual(2);
  });

  it('a third upload of one account while two are in flight is 429 with Retry-After; other accounts and later uploads go through', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    let bothStarted: () => void = () => {};
    const twoInFlight = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    server = await startTestServer({
      build: {
        imageDecoding: {
          concurrency: 2,
          // The first two decodes (the summit driver's two uploads) wait until the test lets them go.
          onDecode: async () => {
            started += 1;
            if (started > 2) return;
            if (started === 2) bothStarted();
            await held;
          },
        },
      },
    });
    const s = server;
    const [summit, summit2] = await Promise.all([s.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password), s.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password)]);
    const jpeg = await makeImage('jpeg', 11);
    const first = [uploadFiles(s, summit ?? '', jpegPart(jpeg)), uploadFiles(s, summit ?? '', jpegPart(jpeg))];
    await twoInFlight;
    const third: Answer = await uploadFiles(s, summit ?? '', jpegPart(jpeg));
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: 'TooManyRequests' });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const other = uploadFiles(s, summit2 ?? '', jpegPart(jpeg)); // another account is not refused (it waits for a decode slot)
    release();
    expect((await Promise.all(first)).map((a) => a.status)).toEqual([200, 200]);
    expect((await other).status).toBe(200);
    expect((await uploadFiles(s, summit ?? '', jpegPart(jpeg))).status).toBe(200); // its slots were given back
    // A failed upload gives its slot back too.
    for (let i = 0; i < 3; i += 1)
      expect((await uploadFiles(s, summit ?? '', [{ bytes: Buffer.from('not an image'), name: 'x.png', type: 'image/png' }])).status).toBe(400);
  });
});
