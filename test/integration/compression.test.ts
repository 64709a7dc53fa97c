// Answers on the wire are compressed: built assets precompressed at build time
// (scripts/precompress.mjs) and served with long cache lifetimes when hashed, API answers
// compressed per request, and an idempotent replay is the same answer once decoded.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PROFILE_API } from '../../src/domain';
import { seedBulkOrders } from '../../server/db/seedBulkOrders';
import { startTestServer, type TestServer } from '../support/server';
import { SUMMIT_DRIVER } from './helpers';

let server: TestServer;
let token: string;
let dist: string;
const script = 'console.log("driver app");\n'.repeat(400);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'driver-app-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body>${'<!-- shell -->'.repeat(100)}</body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), script);
  writeFileSync(join(dist, 'sync-worker.js'), `import "./assets/app-1a2b3c.js";\n${script}`);
  writeFileSync(join(dist, 'sw.js'), script);
  writeFileSync(join(dist, 'home-snapshot.js'), script);
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Driver App' }));
  execFileSync(process.execPath, ['scripts/precompress.mjs', dist]);
  server = await startTestServer({ staticDir: dist });
  token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

async function raw(path: string, encoding: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  // node:http, not fetch: fetch decodes the body, and the test must see the bytes sent.
  const { request } = await import('node:http');
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: { 'accept-encoding': encoding, ...(init.headers as Record<string, string>) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (init.body) req.write(init.body as string);
    req.end();
  });
}

describe('compression on the wire', () => {
  it('serves hashed assets precompressed (brotli, else gzip) and immutable; the shell and the sync worker entry revalidate', async () => {
    const br = await raw('/assets/app-1a2b3c.js', 'br, gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A script is no document: no CSP or framing headers on it, but nosniff and the resource policy stay.
    expect(br.headers.get('content-security-policy')).toBeNull();
    expect(br.headers.get('x-frame-options')).toBeNull();
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
    expect(br.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(script);
    expect(br.bytes.length).toBeLessThan(script.length / 10);
    const gz = await raw('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(script);
    const plain = await raw('/assets/app-1a2b3c.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(script);
    for (const path of ['/', '/login']) {
      const shell = await raw(path, 'br');
      expect(shell.status).toBe(200);
      expect(shell.headers.get('cache-control')).toBe('no-cache');
      expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(brotliDecompressSync(shell.bytes).toString()).toContain('/assets/app-1a2b3c.js');
    }
    // A fixed name the page points at (vite.config.ts): cached for good, an update would never arrive.
    const worker = await raw('/sync-worker.js', 'br');
    expect(worker.headers.get('content-encoding')).toBe('br');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    // A worker's CSP comes with its own script.
    expect(worker.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await raw('/sw.js', 'br')).headers.get('content-security-policy')).toContain("script-src 'self'");
    // Fixed names that govern nothing (the page's CSP covers what they do): no document headers.
    for (const path of ['/home-snapshot.js', '/manifest.webmanifest']) {
      const fixed = await raw(path, 'br');
      expect(fixed.status, path).toBe(200);
      expect(fixed.headers.get('cache-control'), path).toBe('no-cache');
      expect(fixed.headers.get('content-security-policy'), path).toBeNull();
      expect(fixed.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('compresses API answers when the client accepts it', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const br = await raw(`${API.orderList}?limit=200`, 'br', { headers });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(br.bytes).toString()) as { documents: unknown[] };
    const plain = await raw(`${API.orderList}?limit=200`, 'identity', { headers });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(plain.bytes.toString())).toEqual(decoded);
    expect(br.bytes.length * 4).toBeLessThan(plain.bytes.length);
  });

  it('a large answer (a page of 1,000 orders, compressed off the event loop) decodes to the same JSON; Vary names the encoding', async () => {
    await seedBulkOrders({ query: (sql, params) => server.query(sql, params) }, { perDriver: 1_000, now: Date.now(), driverEmail: SUMMIT_DRIVER.email });
    const headers = { authorization: `Bearer ${token}` };
    const plain = await raw(`${API.orderList}?limit=1000`, 'identity', { headers });
    expect(plain.bytes.length).toBeGreaterThan(128 * 1024);
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await raw(`${API.orderList}?limit=1000`, `${encoding}`, { headers });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(JSON.parse(decode(packed.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
      expect(packed.bytes.length * 8).toBeLessThan(plain.bytes.length);
    }
  });

  it('an idempotent replay sends the same answer, compressed or not', async () => {
    const key = crypto.randomUUID();
    const init = { method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key } };
    const first = await raw(PROFILE_API.dismissAllNotifications, 'identity', init);
    const again = await raw(PROFILE_API.dismissAllNotifications, 'gzip', init);
    expect(first.status).toBe(200);
    expect(again.status).toBe(first.status);
    const decoded = again.headers.get('content-encoding') === 'gzip' ? gunzipSync(again.bytes) : again.bytes;
    expect(decoded.toString()).toBe(first.bytes.toString());
  });
});
