// Resumable uploads at /upload/tus (issue 23 item 2): the bearer token and POST /upload's rules
// (folder, photo type, order) on every request, an upload seen only by the driver of the
// company that created it for that folder and order, resume from the server's offset (also
// after a body cut mid-way), a bad file refused after its last byte with nothing kept, and a
// finished upload answering what POST /upload answers for the same image.
import { connect, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_UPLOAD_PATH, UPLOAD_RESULT_HEADER, type UploadResult } from '../../src/domain';
import type { AppContext } from '../../server/context';
import { clockMs } from '../../server/clock';
import { purgeResumableUploads } from '../../server/services/resumableUploads';
import { ResumableStore } from '../../server/services/tusStore';
import { objectKeyOf } from '../../server/services/storage/fileStore';
import { s3ObjectStore } from '../../server/services/storage/s3Store';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { startTestServer, type TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, makeImage, uploadFiles, useTestServer, type Answer } from './helpers';

let server: TestServer;
let summit: string;
let summit2: string;
let ridge: string;

let app: AppContext;

useTestServer({ summit: SUMMIT_DRIVER, summit2: SUMMIT_DRIVER2, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, summit2, ridge } = s), {
  build: { extraRoutes: (_fastify, ctx) => void (app = ctx) }, // the purge is called here, not waited for
});

const FOLDER = '/deliver-onlot-inventory-order/delivery';

/** POST /upload's headers for a building photo of `orderId`. */
const uploadHeaders = (orderId: number | string): Record<string, string> => ({
  'x-upload-folder': FOLDER,
  'x-photo-type': 'BuildingImage',
  'x-order-id': String(orderId),
});

const tusHeaders = (orderId: number | string): Record<string, string> => ({ 'tus-resumable': '1.0.0', ...uploadHeaders(orderId) });
const b64 = (text: string): string => Buffer.from(text).toString('base64');

function create(token: string | undefined, id: string, size: number, orderId: number | string): Promise<Answer> {
  return call(server, TUS_UPLOAD_PATH, {
    method: 'POST',
    token,
    headers: { ...tusHeaders(orderId), 'upload-length': String(size), 'upload-metadata': `id ${b64(id)},filename ${b64(`${id}.jpg`)}` },
  });
}

/** HEAD has no body: its status and headers. */
async function head(token: string, id: string, orderId: number | string): Promise<{ status: number; headers: Headers }> {
  const res = await fetch(`${server.url}${TUS_UPLOAD_PATH}/${id}`, { method: 'HEAD', headers: { ...tusHeaders(orderId), authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers };
}

function patch(token: string, id: string, offset: number, bytes: Buffer, orderId: number | string): Promise<Answer> {
  return call(server, `${TUS_UPLOAD_PATH}/${id}`, {
    method: 'PATCH',
    token,
    headers: { ...tusHeaders(orderId), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

const offsetOf = (answer: { headers: Headers }): number => Number(answer.headers.get('upload-offset'));
const count = async (table: string): Promise<number> => (await server.query<{ n: number }>(`SELECT count(*)::int n FROM ${table}`))[0]?.n ?? -1;

/** ~60 KB of camera-like JPEG: noise does not compress. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Starts a PATCH of `bytes` from byte `from` whose body stops after `cutAt` bytes and then goes
 * silent, the connection left open: a phone whose link died without a word. Answers the socket.
 */
function silentPatch(token: string, id: string, from: number, bytes: Buffer, cutAt: number, orderId: number): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  const head = [
    `PATCH ${TUS_UPLOAD_PATH}/${id} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    `authorization: Bearer ${token}`,
    ...Object.entries(tusHeaders(orderId)).map(([name, value]) => `${name}: ${value}`),
    `upload-offset: ${from}`,
    'content-type: application/offset+octet-stream',
    `content-length: ${bytes.length}`,
  ].join('\r\n');
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${head}\r\n\r\n`);
      socket.write(bytes.subarray(0, cutAt), () => resolve(socket));
    });
    socket.on('error', () => undefined);
    socket.resume();
  });
}

describe('resumable uploads (tus) at /upload/tus', () => {
  it('needs the bearer token, and POST /upload`s folder, photo type and order (the SPEC errors)', async () => {
    const [order] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const id = randomUUID();
    const anonymous = await create(undefined, id, 100, order!);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'NotAuthenticated' });
    const noOrder = await call(server, TUS_UPLOAD_PATH, {
      method: 'POST',
      token: summit,
      headers: {
        'tus-resumable': '1.0.0',
        'x-upload-folder': FOLDER,
        'x-photo-type': 'BuildingImage',
        'upload-length': '100',
        'upload-metadata': `id ${b64(id)}`,
      },
    });
    expect(noOrder.status).toBe(400);
    expect(noOrder.body).toMatchObject({ error: 'NoOrderIdFound' });
    const wrongType = await call(server, TUS_UPLOAD_PATH, {
      method: 'POST',
      token: summit,
      headers: { ...tusHeaders(order!), 'x-photo-type': 'Signature', 'upload-length': '100', 'upload-metadata': `id ${b64(id)}` },
    });
    expect(wrongType.body).toMatchObject({ error: 'BucketToUploadPhoto' });
    const noId = await call(server, TUS_UPLOAD_PATH, { method: 'POST', token: summit, headers: { ...tusHeaders(order!), 'upload-length': '100' } });
    expect(noId.status).toBe(400);
    expect(noId.body).toMatchObject({ error: 'InvalidRequest' });
    expect(await server.query('SELECT id FROM tus_uploads WHERE id = $1', [id])).toEqual([]);
  });

  it('resumes from the offset the server holds (after a link that died mid-body too) and answers what POST /upload answers', async () => {
    const [order] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const photo = await cameraPhoto();
    expect(photo.length).toBeGreaterThan(20_000);
    const id = randomUUID();
    expect((await create(summit, id, photo.length, order!)).status).toBe(201);
    const again = await create(summit, id, photo.length, order!); // the creation's answer was lost: the same upload
    expect(again.status).toBe(201);
    expect(again.headers.get('location')).toBe(`${TUS_UPLOAD_PATH}/${id}`);

    const third = Math.floor(photo.length / 3);
    expect(offsetOf(await patch(summit, id, 0, photo.subarray(0, third), order!))).toBe(third);
    // The link dies mid-body without a word: the phone's next HEAD takes the upload over (tus's
    // lock asks the silent PATCH to stop), what arrived of it is kept, and HEAD says where to go on from.
    const silent = await silentPatch(summit, id, third, photo.subarray(third), 1000, order!);
    await expect.poll(async () => offsetOf(await head(summit, id, order!)), { timeout: 30_000, interval: 500 }).toBe(third + 1000);
    silent.destroy();
    const resumed = await head(summit, id, order!);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-length')).toBe(String(photo.length));
    // A PATCH from another offset changes nothing.
    const stale = await patch(summit, id, third, photo.subarray(third), order!);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'InvalidRequest' });

    const last = await patch(summit, id, third + 1000, photo.subarray(third + 1000), order!);
    expect(last.status).toBe(200);
    const record = last.body as UploadResult;
    expect(JSON.parse(last.headers.get(UPLOAD_RESULT_HEADER) ?? 'null')).toEqual(record);
    // A HEAD after it (the last answer was lost) answers the same record.
    const after = await head(summit, id, order!);
    expect(offsetOf(after)).toBe(photo.length);
    expect(JSON.parse(after.headers.get(UPLOAD_RESULT_HEADER) ?? 'null')).toEqual(record);
    expect(await server.query('SELECT * FROM tus_upload_parts WHERE upload_id = $1', [id])).toEqual([]);

    // The same image through POST /upload: the same shape, type and stored bytes.
    const multipart = await uploadFiles(server, summit, [{ bytes: photo, name: 'p.jpg', type: 'image/jpeg' }], { headers: uploadHeaders(order!) });
    const multi = multipart.body as UploadResult;
    expect(record).toHaveLength(1);
    expect(record[0]?.path).toMatch(/^\/files\/[0-9a-f-]{36}\.jpg$/);
    expect(record.map((r) => r.mimetype)).toEqual(multi.map((r) => r.mimetype));
    const read = async (path: string) =>
      Buffer.from(await (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${summit}` } })).arrayBuffer());
    expect((await read(record[0]!.path)).equals(await read(multi[0]!.path))).toBe(true);
  });

  it('is only the creating driver`s, for its order: another driver, another company or another order is 404 NotFound', async () => {
    const [order, otherOrder] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const photo = await makeImage('jpeg', 42);
    const id = randomUUID();
    expect((await create(summit, id, photo.length, order!)).status).toBe(201);
    for (const [token, orderId] of [
      [summit2, order],
      [ridge, order],
      [summit, otherOrder],
    ] as const) {
      expect((await head(token, id, orderId!)).status).toBe(404);
      const written = await patch(token, id, 0, photo, orderId!);
      expect(written.status).toBe(404);
      expect(written.body).toEqual({ error: 'NotFound', message: 'Not found' });
      // Nor can it take the id over by creating it again.
      expect((await create(token, id, photo.length, orderId!)).status).toBe(404);
    }
    expect(offsetOf(await head(summit, id, order!))).toBe(0);
  });

  it('refuses a file that is not an image after its last byte (WrongImageExtension) and keeps nothing of it', async () => {
    const [order] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const fake = Buffer.from('hello, I am not an image\n'.repeat(40));
    const id = randomUUID();
    const uploadsBefore = await count('uploads');
    expect((await create(summit, id, fake.length, order!)).status).toBe(201);
    expect((await patch(summit, id, 0, fake.subarray(0, 500), order!)).status).toBe(204);
    const last = await patch(summit, id, 500, fake.subarray(500), order!);
    expect(last.status).toBe(400);
    expect(last.body).toMatchObject({ error: 'WrongImageExtension' });
    expect(await count('uploads')).toBe(uploadsBefore);
    expect(await server.query('SELECT id FROM tus_uploads WHERE id = $1', [id])).toEqual([]);
    expect(await server.query('SELECT upload_id FROM tus_upload_parts WHERE upload_id = $1', [id])).toEqual([]);
    expect((await head(summit, id, order!)).status).toBe(404);
  });

  it('purges an unfinished upload after 7 days and a finished one after 30, with their bytes, and leaves a fresh one', async () => {
    const [order] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    const photo = await cameraPhoto();
    const [stale, finished, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [stale, finished, fresh]) expect((await create(summit, id, photo.length, order!)).status).toBe(201);
    expect((await patch(summit, stale, 0, photo.subarray(0, 1000), order!)).status).toBe(204);
    expect((await patch(summit, fresh, 0, photo.subarray(0, 1000), order!)).status).toBe(204);
    expect((await patch(summit, finished, 0, photo, order!)).status).toBe(200);
    await server.query(`UPDATE tus_uploads SET created_at = now() - interval '8 days' WHERE id = $1`, [stale]);
    await server.query(`UPDATE tus_uploads SET created_at = now() - interval '29 days' WHERE id = $1`, [finished]);
    await purgeResumableUploads({ db: app.db, store: new ResumableStore(app.db, app.files) }, clockMs());
    const left = async () =>
      (await server.query<{ id: string }>('SELECT id FROM tus_uploads WHERE id = ANY($1) ORDER BY id', [[stale, finished, fresh]])).map((r) => r.id);
    expect(await left()).toEqual([finished, fresh].sort());
    expect(await server.query('SELECT 1 FROM tus_upload_parts WHERE upload_id = $1', [stale])).toEqual([]);
    await server.query(`UPDATE tus_uploads SET created_at = now() - interval '31 days' WHERE id = $1`, [finished]);
    await purgeResumableUploads({ db: app.db, store: new ResumableStore(app.db, app.files) }, clockMs());
    expect(await left()).toEqual([fresh]);
    expect((await head(summit, fresh, order!)).status).toBe(200);
  });
});

describe('resumable uploads on an S3-compatible store', () => {
  let s3: TestS3;
  let onS3: TestServer;
  beforeAll(async () => {
    s3 = await startTestS3();
    onS3 = await startTestServer({ build: { s3: s3.config('tus/') } });
  });
  afterAll(async () => {
    await onS3?.close();
    await s3?.stop();
  });

  it('keeps the parts in the bucket (rows keep no bytes), stores the finished file there like POST /upload, and removes the parts', async () => {
    const token = await onS3.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    const [order] = await liveOrderIds(onS3, SUMMIT_DRIVER.email, 'onlot');
    const photo = await cameraPhoto();
    const id = randomUUID();
    const at = (path: string, init: RequestInit) =>
      fetch(`${onS3.url}${path}`, {
        ...init,
        headers: { ...tusHeaders(order!), authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });
    const b64id = Buffer.from(id).toString('base64');
    expect((await at(TUS_UPLOAD_PATH, { method: 'POST', headers: { 'upload-length': String(photo.length), 'upload-metadata': `id ${b64id}` } })).status).toBe(
      201,
    );
    const half = Math.floor(photo.length / 2);
    const chunk = (offset: number, bytes: Buffer) =>
      at(`${TUS_UPLOAD_PATH}/${id}`, {
        method: 'PATCH',
        headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      });
    expect((await chunk(0, photo.subarray(0, half))).status).toBe(204);
    const [company] = await onS3.query<{ company_id: number }>('SELECT company_id FROM tus_uploads WHERE id = $1', [id]);
    const store = s3ObjectStore(s3.config('tus/'));
    const partKey = objectKeyOf({ area: 'partial-uploads', companyId: company!.company_id, name: `${id}.0` });
    expect(await onS3.query('SELECT length(bytes)::int n FROM tus_upload_parts WHERE upload_id = $1', [id])).toEqual([{ n: 0 }]);
    expect((await store.get(partKey))?.size).toBe(half);

    const last = await chunk(half, photo.subarray(half));
    expect(last.status).toBe(200);
    const [record] = (await last.json()) as UploadResult;
    expect(await store.get(partKey)).toBeNull();
    const name = record!.path.replace('/files/', '');
    expect(await store.get(objectKeyOf({ area: 'uploads', companyId: company!.company_id, name }))).not.toBeNull();
    const served = await fetch(`${onS3.url}${record!.path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });
});
