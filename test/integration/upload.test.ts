// POST /upload and GET /files: type by magic bytes, metadata stripped, limits, folders,
// company isolation, and nothing stored when any file is refused.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXT, MAX_UPLOAD_BYTES, type UploadResult } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, makeImage, uploadFiles, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));

const countUploads = async (): Promise<number> => (await server.query<{ n: number }>('SELECT count(*)::int n FROM uploads'))[0]?.n ?? -1;

async function fetchFile(path: string, token: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

describe('POST /upload', () => {
  it('stores a png and a jpeg re-encoded without EXIF/GPS and serves them back to the same company', async () => {
    const png = await makeImage('png', 3);
    const jpeg = await makeImage('jpeg', 4);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined(); // the input does carry EXIF
    const res = await uploadFiles(server, summit, [
      { bytes: png, name: 'a.png', type: 'image/png' },
      { bytes: jpeg, name: 'b.jpeg', type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    const body = res.body as UploadResult;
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({ mimetype: 'image/png' });
    expect(body[0]?.path).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/);
    expect(body[1]).toMatchObject({ mimetype: 'image/jpeg' });
    expect(body[1]?.path).toMatch(/^\/files\/[0-9a-f-]{36}\.jpg$/);
    for (const [i, entry] of body.entries()) {
      const file = await fetchFile(entry.path, summit);
      expect(file.status).toBe(200);
      expect(file.type).toBe(entry.mimetype);
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe(i === 0 ? 'png' : 'jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(64);
      expect(file.bytes.includes('TestCam')).toBe(false);
    }
    // Only the driver who uploaded it reads it (DESIGN §6: company and driver): another Summit
    // driver gets 404 like Ridge, the same as a missing file (before: any driver of the company).
    const summit2 = await server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password);
    expect((await fetchFile(body[0]?.path ?? '', summit2)).status).toBe(404);
    const foreign = await call(server, body[0]?.path ?? '', { token: ridge });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'NotFound', message: 'Not found' });
    expect((await call(server, body[0]?.path ?? '')).status).toBe(401);
    expect((await call(server, (body[0]?.path ?? '').replace('.png', '.jpg'), { token: summit })).status).toBe(404);
    expect((await call(server, '/files/not-a-guid.png', { token: summit })).status).toBe(404);
  });

  it('refuses a text file renamed .png with WrongImageExtension, and stores nothing of the request', async () => {
    const before = await countUploads();
    const res = await uploadFiles(server, summit, [
      { bytes: await makeImage('jpeg', 5), name: 'good.jpg', type: 'image/jpeg' },
      { bytes: Buffer.from('hello, I am not an image\n'.repeat(20)), name: 'evil.png', type: 'image/png' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'WrongImageExtension' });
    expect(await countUploads()).toBe(before);
  });

  it('refuses a truncated image that only has the right magic bytes', async () => {
    const jpeg = await makeImage('jpeg', 6);
    const res = await uploadFiles(server, summit, [{ bytes: jpeg.subarray(0, 40), name: 'cut.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'WrongImageExtension' });
  });

  it('413 FileTooLarge past the size limit, storing nothing', async () => {
    const before = await countUploads();
    const big = Buffer.concat([await makeImage('jpeg', 7), Buffer.alloc(MAX_UPLOAD_BYTES + 1024)]);
    const res = await uploadFiles(server, summit, [
      { bytes: await makeImage('png', 8), name: 'ok.png', type: 'image/png' },
      { bytes: big, name: 'big.jpg', type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'FileTooLarge', message: 'Some files were rejected because they were too large' });
    expect(await countUploads()).toBe(before);
  });

  it('400 TooManyFiles past five files, storing nothing', async () => {
    const before = await countUploads();
    const files = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (seed) => ({ bytes: await makeImage('jpeg', seed), name: `${seed}.jpg`, type: 'image/jpeg' })),
    );
    const res = await uploadFiles(server, summit, files);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'TooManyFiles', message: 'Too many files' });
    expect(await countUploads()).toBe(before);
  });

  it('400 BucketToUploadPhoto for a missing or unknown folder', async () => {
    const file = { bytes: await makeImage('jpeg', 9), name: 'x.jpg', type: 'image/jpeg' };
    for (const folder of [null, '/etc', '../deliver-onlot-inventory-order/delivery']) {
      const res = await uploadFiles(server, summit, [file], { folder });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'BucketToUploadPhoto' });
    }
  });

  it('SPEC §5 Images: the photo type must be set and go to the folder, and all but a profile image name their order', async () => {
    const file = { bytes: await makeImage('jpeg', 12), name: 'x.jpg', type: 'image/jpeg' };
    const before = await countUploads();
    const refusals: [string, Record<string, string>, string][] = [
      ['/deliver-customer-order/signature', { 'x-order-id': '12' }, 'NoPhotoTypeSet'],
      ['/deliver-customer-order/signature', { 'x-photo-type': '', 'x-order-id': '12' }, 'NoPhotoTypeSet'],
      ['/deliver-customer-order/signature', { 'x-photo-type': 'Selfie', 'x-order-id': '12' }, 'NoPhotoTypeSet'],
      ['/deliver-customer-order/signature', { 'x-photo-type': 'Signature' }, 'NoOrderIdFound'],
      ['/deliver-customer-order/check', { 'x-photo-type': 'Check', 'x-order-id': '0' }, 'NoOrderIdFound'],
      ['/deliver-onlot-inventory-order/delivery', { 'x-photo-type': 'BuildingImage', 'x-order-id': 'abc' }, 'NoOrderIdFound'],
      ['/deliver-onlot-inventory-order/delivery', { 'x-photo-type': 'Signature', 'x-order-id': '12' }, 'BucketToUploadPhoto'],
    ];
    for (const [folder, headers, error] of refusals) {
      const res = await uploadFiles(server, summit, [file], { folder, headers });
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(res.body).toEqual({ error, message: ERROR_TEXT[error as keyof typeof ERROR_TEXT] });
    }
    expect(await countUploads()).toBe(before);
    expect(ERROR_TEXT.NoPhotoTypeSet).toBe('No photo type set');
    const accepted: [string, Record<string, string>][] = [
      ['/deliver-customer-order/signature', { 'x-photo-type': 'Signature', 'x-order-id': '12' }],
      ['/profile-pictures', { 'x-photo-type': 'ProfileImage' }],
      // A build from before these headers (its entries may still wait on a phone): the folder says the type.
      ['/deliver-customer-order/check', {}],
    ];
    for (const [folder, headers] of accepted) expect((await uploadFiles(server, summit, [file], { folder, headers })).status, folder).toBe(200);
  });

  it('400 when no file is sent, or the body is not multipart', async () => {
    const empty = await uploadFiles(server, summit, []);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'InvalidRequest' });
    const json = await call(server, '/upload', {
      method: 'POST',
      token: summit,
      body: '{}',
      headers: { 'content-type': 'application/json', 'x-upload-folder': '/deliver-onlot-inventory-order/delivery' },
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: 'InvalidRequest' });
  });

  it('an Idempotency-Key replays the first answer without storing the files twice', async () => {
    const before = await countUploads();
    const files = [{ bytes: await makeImage('jpeg', 11), name: 'r.jpg', type: 'image/jpeg' }];
    const key = crypto.randomUUID();
    const first = await uploadFiles(server, summit, files, { key });
    const second = await uploadFiles(server, summit, files, { key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await countUploads()).toBe(before + 1);
    const other = await uploadFiles(server, summit, [{ bytes: await makeImage('jpeg', 12), name: 'r.jpg', type: 'image/jpeg' }], { key });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'IdempotencyKeyReused' });
  });
});
