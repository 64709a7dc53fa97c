import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type FetchLike } from '../../src/replication';
import { bodySize, progressBudget } from '../../src/replication/progressBudget';
import { uploadImage } from '../../src/replication/steps/upload';

// A call with a body is cut when nothing moves, not after a total time; reads keep theirs.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function budget(bodyBytes: number) {
  const abort = vi.fn();
  return { abort, timer: progressBudget({ stallMs: 3_000, bodyBytes, minBytesPerS: 2_000, abort }) };
}

describe('progressBudget', () => {
  it('a body that keeps moving is never cut, however long it takes', () => {
    const { abort, timer } = budget(100_000);
    for (let s = 0; s < 60; s++) {
      timer.sent(s * 1_000, 100_000);
      vi.advanceTimersByTime(2_900);
    }
    expect(abort).not.toHaveBeenCalled();
    timer.stop();
  });

  it('a body that stops moving is cut stallMs after its last byte', () => {
    const { abort, timer } = budget(100_000);
    timer.sent(0, 100_000);
    vi.advanceTimersByTime(2_000);
    timer.sent(10_000, 100_000);
    vi.advanceTimersByTime(2_999);
    expect(abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(abort).toHaveBeenCalledTimes(1);
    expect(timer.lastBudgetMs).toBe(3_000);
  });

  it('once the whole body is out, the answer is waited for stallMs plus the body at 16 kbit/s (it may still be in the buffers)', () => {
    const { abort, timer } = budget(10_000);
    timer.sent(10_000, 10_000);
    vi.advanceTimersByTime(3_000 + 5_000 - 1);
    expect(abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(abort).toHaveBeenCalledTimes(1);
  });

  it('a transport that reports no upload progress gets the same from the start; answer bytes reset to stallMs', () => {
    const { abort, timer } = budget(4_000);
    vi.advanceTimersByTime(4_999);
    timer.received();
    vi.advanceTimersByTime(2_999);
    expect(abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(abort).toHaveBeenCalledTimes(1);
  });

  it('measures a form by its files and fields, JSON by its bytes', () => {
    const form = new FormData();
    form.append('file-0', new Blob([new Uint8Array(1234)]), 'a.jpg');
    form.append('note', 'añ');
    expect(bodySize(form)).toBe(1234 + 3);
    expect(bodySize('{"a":"ñ"}')).toBe(10);
    expect(bodySize(undefined)).toBe(0);
  });
});

describe('the HTTP client', () => {
  const hosts = { main: 'https://main', remix: 'https://remix', report: 'https://report' };
  const answerText = JSON.stringify([{ path: '/files/0193a0f4-0000-7000-8000-000000000001.jpg', mimetype: 'image/jpeg' }]);
  const image = { id: '0193a0f4-0000-7000-8000-000000000001', extension: 'jpg', type: 'image/jpeg', bytes: new ArrayBuffer(100_000) };
  const folder = '/deliver-customer-order/delivery';

  it('an upload that crawls for 40 s past a 5 s budget finishes, reporting its progress', async () => {
    // A resumable upload's server (tus): the creation at once, then each chunk's bytes crawl at 2.5 KB/s.
    const slow: FetchLike = async (_url, init) => {
      if (init.method === 'POST') return new Response(null, { status: 201, headers: { location: `/upload/tus/${image.id}` } });
      const offset = Number(new Headers(init.headers).get('upload-offset'));
      const size = (init.body as Blob).size;
      for (let sent = 0; sent <= size; sent += 2_500) {
        init.onUploadProgress?.(sent, size);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const end = offset + size;
      if (end < image.bytes.byteLength) return new Response(null, { status: 204, headers: { 'upload-offset': String(end) } });
      return new Response(answerText, { status: 200, headers: { 'upload-offset': String(end), 'upload-result': answerText } });
    };
    const http = createHttpClient({ hosts, getToken: () => Promise.resolve('t'), fetch: slow, timeoutMs: 5_000 });
    const seen: number[] = [];
    const done = uploadImage(http, image, folder, 12, (sent) => seen.push(sent));
    await vi.advanceTimersByTimeAsync(45_000);
    await expect(done).resolves.toMatchObject({ guid: image.id });
    expect(seen.at(-1)).toBe(100_000);
    expect(seen.length).toBeGreaterThanOrEqual(41); // a report at least every 2.5 KB, in 64 KB chunks now
    expect(new Set(seen).size).toBeGreaterThanOrEqual(41);
  });

  it('an upload whose bytes stop moving is cut as a Timeout stallMs later; a read keeps its fixed budget', async () => {
    const stuck: FetchLike = (_url, init) =>
      new Promise<Response>((_, reject) => {
        init.onUploadProgress?.(0, 100_000);
        init.onUploadProgress?.(30_000, 100_000);
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const http = createHttpClient({ hosts, getToken: () => Promise.resolve('t'), fetch: stuck, timeoutMs: 5_000 });
    const upload = uploadImage(http, image, folder, 12, () => undefined);
    const read = http.read('GET /api/company-user-is-removed');
    const outcomes = Promise.allSettled([upload, read]);
    await vi.advanceTimersByTimeAsync(5_000);
    const [u, r] = await outcomes;
    expect(u).toMatchObject({ status: 'rejected', reason: { code: 'Timeout', kind: 'retry' } });
    expect(r).toMatchObject({ status: 'rejected', reason: { code: 'Timeout', kind: 'retry' } });
  });
});
