// Shared helpers of the integration suite: real HTTP against startTestServer, images made
// with sharp at test time, and lookups of seeded rows.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/server';

export const SUMMIT_DRIVER = { email: 'driver@summit.test', password: 'summit-driver-1' };
export const SUMMIT_DRIVER2 = { email: 'driver2@summit.test', password: 'summit-driver-2' };
export const RIDGE_DRIVER = { email: 'driver@ridge.test', password: 'ridge-driver-1' };
export const SUMMIT_ADMIN = { email: 'admin@summit.test', password: 'summit-admin-1' };

export type Accounts = Record<string, { email: string; password: string }>;

/** What useTestServer hands over once started: the server and each account's token, by the names given. */
export type StartedServer<A extends Accounts> = { server: TestServer } & { [K in keyof A]: string };

/** Logs these accounts in, in order: the server and their tokens by name. */
export async function logIn<A extends Accounts>(server: TestServer, accounts: A): Promise<StartedServer<A>> {
  const started: Record<string, unknown> = { server };
  for (const [name, account] of Object.entries(accounts)) started[name] = await server.login(account.email, account.password);
  return started as StartedServer<A>;
}

/**
 * The usual setup of a test file: before its tests, start a server and log these accounts in
 * (in order), handing both to `onStart`; after them, close the server. E.g.
 * `useTestServer({ summit: SUMMIT_DRIVER }, (s) => ({ server, summit } = s));`
 */
export function useTestServer<A extends Accounts>(accounts: A, onStart: (started: StartedServer<A>) => void, opts?: TestServerOptions): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(opts);
    onStart(await logIn(server, accounts));
  });
  afterAll(() => server?.close());
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** fetch + read; the body is parsed JSON when it is JSON, else the text. */
export async function call<T = unknown>(server: TestServer, path: string, init: RequestInit & { token?: string } = {}): Promise<Answer<T>> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${server.url}${path}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) body = JSON.parse(text) as unknown;
  return { status: res.status, body: body as T, text, headers: res.headers };
}

export function postJson<T = unknown>(server: TestServer, path: string, body: unknown, opts: { token?: string; key?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.key) headers['idempotency-key'] = opts.key;
  return call<T>(server, path, { method: 'POST', body: JSON.stringify(body), headers, token: opts.token });
}

const GPS_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'GPS Phone' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
};

/** A small real image carrying EXIF with GPS, distinct per seed. */
export async function makeImage(format: 'jpeg' | 'png', seed = 1, size = { width: 64, height: 48 }): Promise<Buffer> {
  const image = sharp({ create: { ...size, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 } } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).withExif(GPS_EXIF).toBuffer();
}

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

export function uploadFiles(
  server: TestServer,
  token: string,
  files: FilePart[],
  opts: { folder?: string | null; key?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const form = new FormData();
  files.forEach((file, i) => form.append(`file-${i}`, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name));
  const headers: Record<string, string> = { ...opts.headers };
  const folder = opts.folder === undefined ? '/deliver-onlot-inventory-order/delivery' : opts.folder;
  if (folder !== null) headers['x-upload-folder'] = folder;
  if (opts.key) headers['idempotency-key'] = opts.key;
  return call(server, '/upload', { method: 'POST', body: form, headers, token });
}

/** Uploads one fresh jpeg and answers its ImageRecord for building_images. */
export async function uploadPhoto(
  server: TestServer,
  token: string,
  seed = 1,
): Promise<{ guid: string; extension: 'jpg'; mime_type: 'image/jpeg'; download_urls: string[] }> {
  const res = await uploadFiles(server, token, [{ bytes: await makeImage('jpeg', seed), name: `p${seed}.jpg`, type: 'image/jpeg' }]);
  if (res.status !== 200) throw new Error(`upload failed ${res.status} ${res.text}`);
  const [entry] = res.body as { path: string }[];
  const guid = /\/files\/([0-9a-f-]{36})\./.exec(entry?.path ?? '')?.[1];
  if (!guid) throw new Error(`unexpected upload answer ${res.text}`);
  return { guid, extension: 'jpg', mime_type: 'image/jpeg', download_urls: [entry?.path ?? ''] };
}

/** Live (undelivered) orders of a kind assigned to the account with this email, by id. */
export async function liveOrderIds(server: TestServer, email: string, kind: 'customer' | 'onlot' | 'move'): Promise<number[]> {
  const rows = await server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id
     WHERE a.email = $1 AND o.kind = $2 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id`,
    [email, kind],
  );
  return rows.map((r) => r.id);
}

export function deliverBody(orderId: number, images: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    onlot_inventory_order_id: orderId,
    date_delivered: '2026-03-02T15:30:00.000Z',
    delivery_miles_driven: 42.5,
    delivery_gps_lat: 40.0384,
    delivery_gps_lon: -76.1063,
    delivery_began: '2026-03-02T14:00:00.000Z',
    delivery_ended: '2026-03-02T15:25:00.000Z',
    delivery_note: 'Set on blocks by the fence',
    building_images: images,
    ...overrides,
  };
}

export const newKey = (): string => randomUUID();
