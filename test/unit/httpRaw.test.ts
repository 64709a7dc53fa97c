// SPEC §7: the log-list export "returns the raw response": the HTTP client hands back its bytes,
// type and file name (never a path), and a failure still maps through SPEC §8's transport rule.
import { describe, expect, it } from 'vitest';
import { createHttpClient, filenameOf, TransportError } from '../../src/replication';

const client = (response: Response) =>
  createHttpClient({
    fetch: () => Promise.resolve(response),
    hosts: { main: 'http://x', remix: 'http://x', report: 'http://x' },
    getToken: () => Promise.resolve('t'),
  });

describe('raw answers', () => {
  it('reads the bytes, the type and the file name', async () => {
    const csv = 'Date Delivered,Order Number\r\n11/20/2026,SS-1\r\n';
    const raw = await client(
      new Response(csv, {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="delivery-log-2026-11-23.csv"' },
      }),
    ).getRaw('/api/driver/exports/log-list');
    expect(new TextDecoder().decode(raw.bytes)).toBe(csv);
    expect(raw.contentType).toBe('text/csv; charset=utf-8');
    expect(raw.filename).toBe('delivery-log-2026-11-23.csv');
  });

  it('keeps nothing path-like in a file name, and maps failures', async () => {
    expect(filenameOf('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(filenameOf(null)).toBeNull();
    const failing = client(new Response(JSON.stringify({ error: 'NotFound', message: 'Not found' }), { status: 404 }));
    await expect(failing.getRaw('/api/driver/exports/log-list')).rejects.toBeInstanceOf(TransportError);
  });
});
