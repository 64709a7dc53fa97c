// Object storage that accepts connections and never answers (issue 20 item 5): the S3 store
// cuts a request that makes no progress, so the start stops with a message, an upload is
// 503 UploadFailed and a download 503 within the configured bounds (before, all three hung
// for minutes), nothing is half written, and once the store answers again everything works.
// s3rver behind a fault proxy that switches between forwarding and a blackhole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { s3ConfigFromEnv } from '../../server/services/storage/s3Config';
import type { S3StoreConfig } from '../../server/services/storage/s3Store';
import { CERTIFICATE_PATH, CUSTOMER_DELIVER } from '../../src/domain';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { spawnMain } from '../support/mainProcess';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { startTestServer, type TestServer } from '../support/server';
import { CUSTOMER_PHOTO_FOLDER, SIGNATURE_FOLDER, assignLiveCustomerOrders, customerBody, setBilling, signatureFields, uploadTo } from './deliveryFixtures';
import { SUMMIT_DRIVER, call, makeImage, postJson, uploadFiles } from './helpers';

// Small bounds so a hang costs the suite a second or two per call. The start's check is
// shorter than the idle cut, so its own total bound is what stops it.
const TIMEOUTS = { connectMs: 1_000, idleMs: 2_000, checkMs: 1_000 };
/** What any one call may take here: the bounds above plus slack for a loaded 2-core machine. */
const BOUND_MS = 6_000;

/** The promise, or a rejection naming what hung (without the fix the calls below never settle). */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    const value = await Promise.race([promise, limit]);
    return { value, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

let s3: TestS3;
let proxy: FaultProxy;
let config: S3StoreConfig;
beforeAll(async () => {
  s3 = await startTestS3('hang-bucket');
  proxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
  config = { ...s3.config('hang/'), endpoint: proxy.url, timeouts: TIMEOUTS };
});
afterAll(async () => {
  await proxy.close();
  await s3.stop();
});

describe('object storage that never answers', () => {
  it('S3_CONNECT_TIMEOUT_MS, S3_IDLE_TIMEOUT_MS, S3_CHECK_TIMEOUT_MS: given ones are kept, a bad one stops the start', () => {
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b', S3_IDLE_TIMEOUT_MS: '20000', S3_CHECK_TIMEOUT_MS: ' 3000 ' })?.timeouts).toEqual({
      idleMs: 20_000,
      checkMs: 3_000,
    });
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b', S3_CONNECT_TIMEOUT_MS: '2500' })?.timeouts).toEqual({ connectMs: 2_500 });
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b' })?.timeouts).toBeUndefined(); // the store's defaults
    for (const bad of ['0', '-1', '1.5', '10s', '600001']) {
      expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b', S3_IDLE_TIMEOUT_MS: bad })).toThrow(/S3_IDLE_TIMEOUT_MS must be a whole number of milliseconds/);
    }
  });

  it('a start against it stops with a clear message within the check bound', async () => {
    proxy.mode = 'blackhole';
    try {
      const accepted = proxy.accepted();
      const started = performance.now();
      const outcome = await within(
        BOUND_MS * 2,
        'buildServer',
        buildServer({ logger: false, s3: config }).then(
          async (server) => {
            await server.close();
            return 'started';
          },
          (err: unknown) => err,
        ),
      );
      expect(outcome.value).toBeInstanceOf(Error);
      expect(String((outcome.value as Error).message)).toMatch(/Object storage s3:\/\/hang-bucket\/hang\/ .*did not answer within 1000 ms/);
      expect(performance.now() - started).toBeLessThan(BOUND_MS);
      expect(proxy.accepted()).toBeGreaterThan(accepted); // it did reach the blackhole
    } finally {
      proxy.mode = 'forward';
    }
  });

  it('`server/main.ts` against it exits 1 with the message (S3_CHECK_TIMEOUT_MS from the environment)', async () => {
    proxy.mode = 'blackhole';
    const main = await spawnMain({ ...s3.env('hang/'), S3_ENDPOINT: proxy.url, S3_CHECK_TIMEOUT_MS: '1000' });
    try {
      // The process's own start (tsx, imports) is most of this bound; without a bound it never exited.
      const exited = await within(60_000, 'server/main.ts', main.exited);
      expect(exited.value).toBe(1);
      expect(main.stderr()).toMatch(
        /Object storage s3:\/\/hang-bucket\/hang\/ at http:\/\/127\.0\.0\.1:\d+ is not usable \(the endpoint did not answer within 1000 ms/,
      );
    } finally {
      proxy.mode = 'forward';
      await main.cleanup();
    }
  });

  describe('a running server', () => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      proxy.mode = 'forward';
      server = await startTestServer({ build: { s3: config } });
      token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    });
    afterAll(() => server.close());

    const uploadCount = async (): Promise<number> => (await server.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0]?.n ?? -1;

    it('upload 503 UploadFailed, download 503, certificate 503, quickly; nothing half written; all works once it answers again', async () => {
      const [orderId] = await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email);
      if (orderId === undefined) throw new Error('no customer order');
      await setBilling(server, orderId, { balance: '300.00' });
      const photo = await uploadTo(server, token, CUSTOMER_PHOTO_FOLDER, 81);
      const signature = await uploadTo(server, token, SIGNATURE_FOLDER, 82, 'png');
      const delivered = await postJson(
        server,
        CUSTOMER_DELIVER.cash.path,
        customerBody(orderId, [photo], { ...signatureFields(signature), payment_amount: '10' }),
        { token },
      );
      expect(delivered.status, delivered.text).toBe(200);
      const rowsBefore = await uploadCount();

      proxy.mode = 'blackhole';
      const image = await makeImage('jpeg', 83);
      const upload = await within(
        BOUND_MS * 2,
        'upload',
        uploadFiles(server, token, [{ bytes: image, name: 'p.jpg', type: 'image/jpeg' }], { folder: CUSTOMER_PHOTO_FOLDER }),
      );
      expect(upload.value.status, upload.value.text).toBe(503);
      expect(upload.value.body).toMatchObject({ error: 'UploadFailed' });
      expect(upload.ms).toBeLessThan(BOUND_MS);
      expect(await uploadCount()).toBe(rowsBefore); // no row whose object never got stored

      const read = await within(BOUND_MS * 2, 'download', call(server, photo.download_urls[0] ?? '', { token }));
      expect(read.value.status).toBe(503);
      expect(read.value.body).toMatchObject({ error: 'GeneralError' });
      expect(read.ms).toBeLessThan(BOUND_MS);

      // The certificate reads the delivery's photos through the store.
      const certificate = await within(
        BOUND_MS * 2,
        'certificate',
        postJson(server, CERTIFICATE_PATH, { customer_order_id: orderId, use_report2: false }, { token }),
      );
      expect(certificate.value.status, certificate.value.text).toBe(503);
      expect(certificate.ms).toBeLessThan(BOUND_MS);

      proxy.mode = 'forward';
      const again = await within(
        BOUND_MS * 2,
        'upload after recovery',
        uploadFiles(server, token, [{ bytes: image, name: 'p.jpg', type: 'image/jpeg' }], { folder: CUSTOMER_PHOTO_FOLDER }),
      );
      expect(again.value.status, again.value.text).toBe(200);
      expect(await uploadCount()).toBe(rowsBefore + 1);
      const path = (again.value.body as { path: string }[])[0]?.path ?? '';
      const served = await call(server, path, { token });
      expect(served.status).toBe(200);
      expect((await call(server, photo.download_urls[0] ?? '', { token })).status).toBe(200);
      const generated = await postJson(server, CERTIFICATE_PATH, { customer_order_id: orderId, use_report2: false }, { token });
      expect(generated.status, generated.text).toBe(200);
    });
  });
});
