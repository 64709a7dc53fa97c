// The worker's calls, named by endpoint-table key (src/domain/endpoints, DESIGN §6): the key
// gives the method and path, the entry's body (or query) schema types what is sent, and its
// response schema validates what comes back: the schema /openapi.json documents and
// test/integration/openapiAnswers.test.ts holds the server's real answers to. No call site
// writes a path or casts an answer.
import * as v from 'valibot';
import {
  answerSchemaOf,
  pathOf,
  type AnswerOf,
  type BodyOf,
  type EndpointKey,
  type GetKey,
  type HeadersOf,
  type ParamNames,
  type PostKey,
  type QueryOf,
} from '../domain';
import type { RequestOptions } from './http';
import { TransportError } from './transportError';

/** What a key needs beyond the body: its path's parameters and the headers its entry declares (the upload folder). */
type Required<K extends EndpointKey> = ([ParamNames<K>] extends [never] ? unknown : { params: Record<ParamNames<K>, string> }) &
  ([HeadersOf<K>] extends [never] ? unknown : { headers: HeadersOf<K> });

export interface CallOptions {
  /** Every state-changing call carries one (DESIGN §6). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Sign-in is the one call without a bearer token. */
  auth?: boolean;
  /** Hears the body leave (http.ts): an upload's progress for the queue. */
  onUploadProgress?: (sent: number, total: number) => void;
}

/** The options argument: required when the key has path parameters or declared headers. */
export type OptionsArg<K extends EndpointKey> = unknown extends Required<K> ? [opts?: CallOptions] : [opts: CallOptions & Required<K>];

/** The query argument: left out for a GET whose entry takes none. */
type ReadArgs<K extends GetKey> =
  QueryOf<K> extends undefined
    ? unknown extends Required<K>
      ? [query?: undefined, opts?: CallOptions]
      : [query: undefined, opts: CallOptions & Required<K>]
    : [query: QueryOf<K>, ...OptionsArg<K>];

/**
 * A 2xx answer the entry's schema refuses: this build and the server disagree on the contract.
 * Retried like a server error (a fixed server answers again); `answer` keeps what came, for a
 * caller whose SPEC rule reads a refused answer (the certificate's "ERROR:" text).
 */
export class AnswerNotUnderstood extends TransportError {
  constructor(
    readonly path: string,
    readonly answer: unknown,
  ) {
    super('retry', 'GeneralError', `The server's answer to ${path} was not understood`, null);
    this.name = 'AnswerNotUnderstood';
  }
}

export interface EndpointCalls {
  /** A POST by key: the body typed by the entry, the answer validated by it. */
  call<K extends PostKey>(key: K, body: BodyOf<K>, ...opts: OptionsArg<K>): Promise<AnswerOf<K>>;
  /** The same, with the answer's headers (sign-in's device key). */
  callWithHeaders<K extends PostKey>(key: K, body: BodyOf<K>, ...opts: OptionsArg<K>): Promise<{ answer: AnswerOf<K>; headers: Headers }>;
  /** A GET by key: the query typed by the entry, the answer validated by it. */
  read<K extends GetKey>(key: K, ...args: ReadArgs<K>): Promise<AnswerOf<K>>;
  /**
   * A GET validated against `view`, a narrower reading of the entry's answer: only the parts the
   * caller uses (a pull page's envelope whose rows it validates one by one, skipping a bad row
   * instead of the page; an order's notes out of its details).
   */
  readAs<K extends GetKey, T>(key: K, view: v.GenericSchema<unknown, T>, ...args: ReadArgs<K>): Promise<T>;
}

/** What the calls need of the transport: one request, its JSON (or text) answer and headers. */
export type Send = (method: 'GET' | 'POST', path: string, opts: RequestOptions) => Promise<{ body: unknown; headers: Headers }>;

/** `/api/check-feature-flag/:flag` with {flag: 'payments_v2'} → `/api/check-feature-flag/payments_v2`. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

type AnyOptions = CallOptions & { params?: Readonly<Record<string, string>> };

export function endpointCalls(send: Send): EndpointCalls {
  async function exchange<T>(key: EndpointKey, schema: v.GenericSchema<unknown, T>, input: { body?: unknown; query?: unknown }, opts: AnyOptions = {}) {
    const { params, ...request } = opts;
    const path = fillPath(pathOf(key), params);
    const method = key.startsWith('POST ') ? 'POST' : 'GET';
    const payload = input.body instanceof FormData ? { form: input.body } : method === 'POST' ? { json: input.body } : {};
    // The entries' query schemas hold flat values (ids, dates, flags, a list): what buildUrl writes.
    const query = typeof input.query === 'object' && input.query !== null ? { query: input.query as RequestOptions['query'] } : {};
    const { body, headers } = await send(method, path, { ...request, ...payload, ...query });
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new AnswerNotUnderstood(path, body);
    return { answer: parsed.output, headers };
  }
  // The typed signatures above check each call site; inside, the options are one shape for every key.
  const options = (rest: readonly unknown[]) => rest[0] as AnyOptions | undefined;
  return {
    call: async (key, body, ...opts) => (await exchange(key, answerSchemaOf(key), { body }, options(opts))).answer,
    callWithHeaders: (key, body, ...opts) => exchange(key, answerSchemaOf(key), { body }, options(opts)),
    read: async (key, ...args) => (await exchange(key, answerSchemaOf(key), { query: args[0] }, options(args.slice(1)))).answer,
    readAs: async (key, view, ...args) => (await exchange(key, view, { query: args[0] }, options(args.slice(1)))).answer,
  };
}
