import type { FetchLike } from '../../src/replication';

/** Bytes the body stream hands the socket at a time. */
const CHUNK = 16 * 1024;

/**
 * Node's fetch, which (like the worker's XMLHttpRequest, src/replication/xhrFetch.ts) reports a
 * body's progress when the request asks for it: 0 when it starts, then the bytes the socket has
 * taken. The body is streamed from its serialized form, so what counts as sent is what Node
 * handed the network (on loopback the kernel takes megabytes at once: the report then runs
 * ahead of the link, as a phone's does behind a deep radio buffer). `to` rewrites the URL
 * (the phone's requests through a proxy).
 */
export function progressFetch(to: (url: string) => string = (url) => url): FetchLike {
  return async (url, init) => {
    const { onUploadProgress, ...rest } = init;
    if (!onUploadProgress || rest.body === undefined || rest.body === null) return fetch(to(url), rest);
    // The multipart bytes and their boundary, as fetch would have sent them.
    const serialized = new Request(to(url), { method: rest.method, body: rest.body });
    const bytes = new Uint8Array(await serialized.arrayBuffer());
    const headers = new Headers(rest.headers);
    headers.set('content-type', headers.get('content-type') ?? serialized.headers.get('content-type') ?? 'application/octet-stream');
    headers.set('content-length', String(bytes.byteLength));
    let sent = 0;
    onUploadProgress(0, bytes.byteLength);
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent > 0) onUploadProgress(sent, bytes.byteLength);
          if (sent >= bytes.byteLength) return controller.close();
          const next = bytes.subarray(sent, sent + CHUNK);
          sent += next.byteLength;
          controller.enqueue(next);
        },
      },
      { highWaterMark: 0 },
    );
    return fetch(to(url), { ...rest, headers, body, duplex: 'half' } as RequestInit);
  };
}
