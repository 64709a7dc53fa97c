import type { FetchLike, TransportInit } from './http';

/**
 * The worker's transport: fetch, except for a request that asks to hear its body leave (an
 * upload): fetch reports no upload progress, XMLHttpRequest's `upload.onprogress` does, in a
 * worker too. Same contract as fetch (a Response, a TypeError for no network, an AbortError
 * when the signal aborts), so the HTTP client and the tests' fault injection see no difference.
 */
export const xhrFetch: FetchLike = (url, init) => {
  const { onUploadProgress, ...rest } = init;
  return onUploadProgress ? xhrRequest(url, rest, onUploadProgress) : fetch(url, rest);
};

function xhrRequest(url: string, init: RequestInit, onUploadProgress: NonNullable<TransportInit['onUploadProgress']>): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const aborted = () => new DOMException('The operation was aborted', 'AbortError');
    if (init.signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'arraybuffer';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    const total = (e: ProgressEvent) => (e.lengthComputable ? e.total : Number.POSITIVE_INFINITY);
    xhr.upload.onloadstart = (e) => onUploadProgress(0, total(e));
    xhr.upload.onprogress = (e) => onUploadProgress(e.loaded, total(e));
    xhr.upload.onload = (e) => onUploadProgress(e.loaded, e.loaded);
    xhr.onload = () => {
      const nullBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(nullBody ? null : (xhr.response as ArrayBuffer), { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) }));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(aborted());
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
  });
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  const lines = xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/);
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}
