import { CONTRACT_VERSION, CONTRACT_VERSION_HEADER, ERROR_TEXT, IDEMPOTENCY_HEADER, TIME_ZONE_HEADER } from '../domain';
import { endpointCalls, type EndpointCalls } from './endpointCall';
import { bodySize, progressBudget, type ProgressBudget } from './progressBudget';
import { httpError, networkError, stalledError, timeoutError, TransportError } from './transportError';

/**
 * What a request may ask of the transport beyond fetch: to hear how much of its body has been
 * handed to the network. A transport that can see it (XMLHttpRequest's `upload.onprogress`, in
 * the worker) calls it with 0 when the body starts going out, then as bytes go; plain fetch
 * cannot see it and never calls it.
 */
export interface TransportInit extends RequestInit {
  onUploadProgress?: (sent: number, total: number) => void;
}

export type FetchLike = (input: string, init: TransportInit) => Promise<Response>;

/** SPEC §7 host routing: reporting gateway, remix app (/api, /rmaembed) and the main API. */
export interface Hosts {
  main: string;
  remix: string;
  report: string;
}

export interface HttpDeps {
  fetch: FetchLike;
  hosts: Hosts;
  getToken: () => Promise<string | null>;
  /** A read's whole budget (GET): default 30 s. */
  timeoutMs?: number;
  /** A call with a body is cut after this long without progress (progressBudget.ts): default `timeoutMs`. */
  stallMs?: number;
  /** The slowest uplink a body's answer is waited for (bytes/s): default 16 kbit/s. */
  minUplinkBytesPerS?: number;
  timeZone?: string;
}

/** A query value; an array is sent comma-joined (the log filters' orderTypes). */
type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  /** Login is the one call without a bearer token. */
  auth?: boolean;
  /** Hears the body leave (an upload's progress for the queue); asks the transport to report it. */
  onUploadProgress?: (sent: number, total: number) => void;
  /** A body of bytes sent as they are (a resumable upload's chunk), with the caller's Content-Type; null: none. */
  bytes?: Blob | null;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH';

/** An answer whatever its status (the resumable upload's client reads statuses and headers itself). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** An answer read as bytes (SPEC §7: the log-list export "returns the raw response"; stored files). */
export interface RawResponse {
  bytes: ArrayBuffer;
  contentType: string;
  /** The file name of a Content-Disposition header, when it names one. */
  filename: string | null;
}

/**
 * JSON calls go by endpoint-table key (endpointCall.ts: typed body or query, validated answer);
 * `getRaw` reads bytes by path (stored files by the URL an answer named, the CSV export).
 */
export interface HttpClient extends EndpointCalls {
  getRaw(path: string, opts?: RequestOptions): Promise<RawResponse>;
  /** One request answered whatever its status; no signal or a time-out still throws (steps/tusUpload.ts). */
  send(method: Method, path: string, opts?: RequestOptions): Promise<Answer>;
}

/** `attachment; filename="delivery-log-2026-11-23.csv"` → the name; nothing path-like. */
export function filenameOf(disposition: string | null): string | null {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  const name = match?.[1]?.trim().replace(/[/\\]/g, '_');
  return name ? name : null;
}

export function hostFor(hosts: Hosts, path: string): string {
  if (path.startsWith('/secure/report/')) return hosts.report;
  if (path.startsWith('/api/') || path.startsWith('/rmaembed/')) return hosts.remix;
  return hosts.main;
}

/** SPEC §5: empty query values are left out of requests. */
export function buildUrl(base: string, path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/** The answer's bytes, each chunk counted as progress. */
async function readAll(response: Response, budget: ProgressBudget): Promise<ArrayBuffer> {
  if (!response.body) return response.arrayBuffer();
  budget.received();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    budget.received();
    chunks.push(value);
    length += value.byteLength;
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all.buffer;
}

export function createHttpClient(deps: HttpDeps): HttpClient {
  const timeoutMs = deps.timeoutMs ?? 30_000;

  /** One call: the answer and its bytes, whatever its status; no answer is the SPEC §8 transport error. */
  async function transmit(method: Method, path: string, opts: RequestOptions): Promise<{ response: Response; bytes: ArrayBuffer }> {
    // Every call says which contract this build speaks (426 ClientTooOld when the server no longer accepts it).
    const headers: Record<string, string> = { Accept: 'application/json', [CONTRACT_VERSION_HEADER]: String(CONTRACT_VERSION), ...(opts.headers ?? {}) };
    if (deps.timeZone) headers[TIME_ZONE_HEADER] = deps.timeZone;
    if (opts.auth !== false) {
      const token = await deps.getToken();
      if (!token) throw new TransportError('auth', 'NotAuthenticated', ERROR_TEXT.NotAuthenticated, null);
      headers.Authorization = `Bearer ${token}`;
    }
    if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.bytes !== undefined) body = opts.bytes ?? undefined;
    else if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json ?? {});
    }
    const controller = new AbortController();
    // A read has a fixed budget; a call with a body is cut only when nothing moves (progressBudget.ts).
    const budget = method === 'GET' || method === 'HEAD' ? null : sendBudget(body, () => controller.abort(), opts.onUploadProgress);
    const timer = budget ? null : setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let bytes: ArrayBuffer;
    try {
      const init: TransportInit = { method, headers, body, signal: controller.signal };
      // Only a caller that shows progress asks the transport for it (the worker's then uses XMLHttpRequest).
      if (budget && opts.onUploadProgress) init.onUploadProgress = budget.onUploadProgress;
      response = await deps.fetch(buildUrl(hostFor(deps.hosts, path), path, opts.query), init);
      bytes = budget ? await readAll(response, budget.timer) : await response.arrayBuffer();
    } catch (error) {
      if (!controller.signal.aborted) throw networkError(error);
      throw budget ? stalledError(budget.timer.lastBudgetMs) : timeoutError(timeoutMs);
    } finally {
      if (timer !== null) clearTimeout(timer);
      budget?.timer.stop();
    }
    return { response, bytes };
  }

  /** One call: the answer's bytes once it is 2xx, else the SPEC §8 transport error. */
  async function exchange(method: Method, path: string, opts: RequestOptions): Promise<{ response: Response; bytes: ArrayBuffer }> {
    const answer = await transmit(method, path, opts);
    if (!answer.response.ok) throw httpError(answer.response.status, new TextDecoder().decode(answer.bytes));
    return answer;
  }

  function sendBudget(body: BodyInit | undefined, abort: () => void, listener?: (sent: number, total: number) => void) {
    const timer = progressBudget({
      stallMs: deps.stallMs ?? timeoutMs,
      minBytesPerS: deps.minUplinkBytesPerS,
      bodyBytes: bodySize(body instanceof FormData || body instanceof Blob || typeof body === 'string' ? body : undefined),
      abort,
    });
    const onUploadProgress = (sent: number, total: number): void => {
      timer.sent(sent, total);
      listener?.(sent, total);
    };
    return { timer, onUploadProgress };
  }

  /** The answer as JSON, or as text when it is not JSON (the certificate's URL), or undefined when empty. */
  async function request(method: 'GET' | 'POST', path: string, opts: RequestOptions): Promise<{ body: unknown; headers: Headers }> {
    const { response, bytes } = await exchange(method, path, opts);
    const text = new TextDecoder().decode(bytes);
    if (!text) return { body: undefined, headers: response.headers };
    try {
      return { body: JSON.parse(text) as unknown, headers: response.headers };
    } catch {
      return { body: text, headers: response.headers };
    }
  }

  return {
    ...endpointCalls(request),
    async getRaw(path, opts = {}) {
      const { response, bytes } = await exchange('GET', path, { ...opts, headers: { Accept: '*/*', ...(opts.headers ?? {}) } });
      return {
        bytes,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        filename: filenameOf(response.headers.get('content-disposition')),
      };
    },
    async send(method, path, opts = {}) {
      const { response, bytes } = await transmit(method, path, opts);
      return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes) };
    },
  };
}
