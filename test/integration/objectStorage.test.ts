// Object storage (issue 9, scale-out): the S3 store against a real S3-compatible server
// (s3rver on loopback), and the server with S3_* configured: uploads and certificates land in
// the bucket (rows keep no bytes), are served to their own company only, a missing object is
// a 404 and a store that is down a 503 (never a 500), files written to the database before S3
// was configured stay readable, and a start against an unusable bucket fails with a clear
// message.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { objectKeyOf, type StoredObject } from '../../server/services/storage/fileStore';
import { s3ConfigFromEnv } from '../../server/services/storage/s3Config';
import { s3ObjectStore } from '../../server/services/storage/s3Store';
import { CERTIFICATE_PATH, CUSTOMER_DELIVER } from '../../src/domain';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { startTestServer, type TestServer } from '../support/server';
import { CUSTOMER_PHOTO_FOLDER, SIGNATURE_FOLDER, assignLiveCustomerOrders, customerBody, setBilling, signatureFields, uploadTo } from './deliveryFixtures';
import { RIDGE_DRIVER, SUMMIT_DRIVER, call, logIn, makeImage, postJson, uploadFiles } from './helpers';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.stop());

async function readBody(object: StoredObject | null): Promise<Buffer> {
  if (!object) throw new Error('no such object');
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('the S3 store', () => {
  it('puts, gets and deletes under its prefix; a missing key is null', async () => {
    const store = s3ObjectStore(s3.config('unit/'));
    await store.check();
    await store.put('uploads/1/a.jpg', Buffer.from('photo bytes'), 'image/jpeg');
    const got = await store.get('uploads/1/a.jpg');
    expect(got?.size).toBe(11);
    expect((await readBody(got)).toString()).toBe('photo bytes');
    // The prefix is part of the key: a store without it does not see the object.
    expect(await s3ObjectStore(s3.config()).get('uploads/1/a.jpg')).toBeNull();
    expect(await s3ObjectStore(s3.config()).get('unit/uploads/1/a.jpg')).not.toBeNull();
    expect(await store.get('uploads/1/missing.jpg')).toBeNull();
    await store.delete('uploads/1/a.jpg');
    await store.delete('uploads/1/a.jpg'); // twice: no error
    expect(await store.get('uploads/1/a.jpg')).toBeNull();
  });

  it('check() says what is wrong: no bucket, bad credentials, no server', async () => {
    await expect(s3ObjectStore({ ...s3.config(), bucket: 'no-such-bucket' }).check()).rejects.toThrow(/bucket does not exist/);
    await expect(s3ObjectStore({ ...s3.config(), credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }).check()).rejects.toThrow(/access denied/);
    await expect(s3ObjectStore({ ...s3.config(), endpoint: 'http://127.0.0.1:1' }).check()).rejects.toThrow(/did not answer/);
  });

  it('S3_* from the environment: none → null, half set → a clear error, defaults', () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(() => s3ConfigFromEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET is required/);
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT must be a URL/);
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/go together/);
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b' })).toEqual({ bucket: 'b', region: 'us-east-1', forcePathStyle: false, prefix: '' });
    expect(s3ConfigFromEnv({ ...s3.env('files'), S3_REGION: 'eu-west-1' })).toEqual({
      bucket: s3.bucket,
      region: 'eu-west-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'files/',
    });
    expect(s3ConfigFromEnv({ ...s3.env(), S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle).toBe(false);
  });
});

describe('the server with object storage', () => {
  let server: TestServer;
  let summit: string;
  let ridge: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'driver-app-s3-server-'));

  let store: ReturnType<typeof s3ObjectStore>;

  beforeAll(async () => {
    // First without S3: a photo stored in its row, as before object storage existed.
    const before = await startTestServer({ dataDir });
    const oldToken = await before.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    oldPhoto = await uploadTo(before, oldToken, CUSTOMER_PHOTO_FOLDER, 70);
    await before.close();
    server = await startTestServer({ dataDir, build: { s3: s3.config('srv/') } });
    ({ summit, ridge } = await logIn(server, { summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }));
    store = s3ObjectStore(s3.config('srv/'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  let oldPhoto: Awaited<ReturnType<typeof uploadTo>>;

  const get = (path: string, token: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('an upload lands in the bucket, its row keeps no bytes, and only its company reads it', async () => {
    const photo = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 71);
    const [row] = await server.query<{ n: number; company_id: number; byte_size: number }>(
      'SELECT octet_length(bytes) AS n, company_id, byte_size FROM uploads WHERE guid = $1',
      [photo.guid],
    );
    expect(row?.n).toBe(0);
    const object = await store.get(objectKeyOf({ area: 'uploads', companyId: row?.company_id ?? 0, name: `${photo.guid}.jpg` }));
    const stored = await readBody(object);
    expect(stored.length).toBe(row?.byte_size);
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const res = await get(photo.download_urls[0] ?? '', summit);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);
    expect((await get(photo.download_urls[0] ?? '', ridge)).status).toBe(404);
  });

  it('a row whose object is gone answers 404, not 500', async () => {
    const photo = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 72);
    const [row] = await server.query<{ company_id: number }>('SELECT company_id FROM uploads WHERE guid = $1', [photo.guid]);
    await store.delete(objectKeyOf({ area: 'uploads', companyId: row?.company_id ?? 0, name: `${photo.guid}.jpg` }));
    const res = await get(photo.download_urls[0] ?? '', summit);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'NotFound' });
  });

  it('a file stored in its row before S3 was configured is still served', async () => {
    const [row] = await server.query<{ n: number }>('SELECT octet_length(bytes) AS n FROM uploads WHERE guid = $1', [oldPhoto.guid]);
    expect(row?.n).toBeGreaterThan(0);
    const res = await get(oldPhoto.download_urls[0] ?? '', summit);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('a certificate is rendered from photos in the bucket and stored there', async () => {
    const [orderId] = await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email);
    if (orderId === undefined) throw new Error('no customer order');
    await setBilling(server, orderId, { balance: '300.00' });
    const photo = await uploadTo(server, summit, CUSTOMER_PHOTO_FOLDER, 73);
    const signature = await uploadTo(server, summit, SIGNATURE_FOLDER, 74, 'png');
    const delivered = await postJson(
      server,
      CUSTOMER_DELIVER.cash.path,
      customerBody(orderId, [photo, oldPhoto], { ...signatureFields(signature), payment_amount: '100' }),
      { token: summit },
    );
    expect(delivered.status, delivered.text).toBe(200);
    const generated = await call(server, CERTIFICATE_PATH, {
      method: 'POST',
      token: summit,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer_order_id: orderId, use_report2: false }),
    });
    expect(generated.status, generated.text).toBe(200);
    const guid = /([0-9a-f-]{36})\.pdf$/.exec(generated.text)?.[1];
    const [row] = await server.query<{ n: number; byte_size: number }>(
      'SELECT octet_length(bytes) AS n, byte_size FROM delivery_certificates WHERE guid = $1',
      [guid],
    );
    expect(row?.n).toBe(0);
    const pdf = await get(generated.text, summit);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.length).toBe(row?.byte_size);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Both photos (one from the bucket, one from its row) and the signature are drawn in it.
    const doc = await PDFDocument.load(bytes);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.length).toBeGreaterThanOrEqual(3);
    expect((await get(generated.text, ridge)).status).toBe(404);
  });

  it('a store that stops answering: upload and download are 503 (retried by the phone), never 500, and nothing is half stored', async () => {
    const doomed = await startTestS3('doomed-bucket');
    const other = await startTestServer({ build: { s3: doomed.config() } });
    try {
      const token = await other.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
      const photo = await uploadTo(other, token, CUSTOMER_PHOTO_FOLDER, 75);
      const before = await other.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
      await doomed.stop();
      const read = await fetch(`${other.url}${photo.download_urls[0] ?? ''}`, { headers: { authorization: `Bearer ${token}` } });
      expect(read.status).toBe(503);
      expect(await read.json()).toMatchObject({ error: 'GeneralError' });
      const upload = await uploadFiles(other, token, [{ bytes: await makeImage('jpeg', 76), name: 'p.jpg', type: 'image/jpeg' }]);
      expect(upload.status, upload.text).toBe(503);
      expect(upload.body).toMatchObject({ error: 'UploadFailed' });
      expect(await other.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads')).toEqual(before);
    } finally {
      await other.close();
    }
  });

  it('a start against a bucket that cannot be used fails with a clear message', async () => {
    await expect(buildServer({ logger: false, s3: { ...s3.config(), bucket: 'absent-bucket' } })).rejects.toThrow(
      /Object storage s3:\/\/absent-bucket\/ .* bucket does not exist/,
    );
  });
});
