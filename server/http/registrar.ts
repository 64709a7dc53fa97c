// The one place routes are registered (issue 21): each route is an entry of the endpoint table
// (src/domain/endpoints, "METHOD /path" with its schemas) plus a handler. The registrar parses
// the query and the body with the entry's schemas (400 InvalidRequest naming the field), runs
// every JSON write under its Idempotency-Key (the hook claimed it before; here the handler's
// work adopts that claim, so the record commits with the work) and sends the answer. A
// handler never validates its input again and never registers itself.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import * as v from 'valibot';
import { endpointOf, issuesMessage, pathOf, type AnswerOf, type EndpointKey, type EndpointSchemas, ENDPOINTS, type TokenClaims } from '../../src/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { Complete, Outcome } from '../services/idempotency';
import { authOf } from './auth';
import { HttpError } from './errors';
import { takesIdempotencyKey } from './idempotency';
import { runIdempotent } from './keyedAnswers';

type Entry<K extends EndpointKey> = (typeof ENDPOINTS)[K];
type Parsed<E, F extends string> = E extends Record<F, infer S> ? (S extends v.GenericSchema ? v.InferOutput<S> : never) : undefined;

/** What a handler is given: its input already parsed by the table's schemas. */
export interface RouteInput<K extends EndpointKey> {
  ctx: AppContext;
  /** The caller's claims (401 when the path is public and nobody signed in). */
  readonly auth: TokenClaims;
  body: Parsed<Entry<K>, 'bodySchema'>;
  query: Parsed<Entry<K>, 'querySchema'>;
  params: Record<string, string>;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Writes: marks the Idempotency-Key record done with this answer; call it inside the
   * transaction doing the work, so both commit or neither does. Not calling it is fine: the
   * answer is then remembered once it is sent (a failure releases the key).
   */
  complete: Complete;
  /**
   * Multipart writes only (their body is a stream the hook cannot hash): runs `work` under the
   * key, hashed over `parts` (e.g. the files' digests) with the method and path.
   */
  keyed: (parts: readonly (string | Buffer)[], work: (complete: Complete) => Promise<Outcome>) => Promise<unknown>;
}

/** The handler's answer: the 200 body (or an Outcome with its status), or the reply it sent itself. */
export type RouteAnswer<K extends EndpointKey> = AnswerOf<K> | Outcome | FastifyReply;

export interface RouteDef<K extends EndpointKey = EndpointKey> {
  key: K;
  handle: (input: RouteInput<K>) => Promise<RouteAnswer<K>>;
  /** This route's own Fastify options (hooks such as the card-entry guard, config). */
  options?: RouteShorthandOptions;
  /** The body to validate when a hook moved part of it aside (payments' card secrets). */
  bodyOf?: (request: FastifyRequest) => unknown;
  /**
   * The 400 for a body or query the schema refuses, in the route's own words (payments,
   * certificates, sign-in). Default: InvalidRequest naming the first field.
   */
  invalidInput?: (issues: readonly v.BaseIssue<unknown>[]) => HttpError;
}

/** A route of the table: `route('POST /x', handle)`; typed by the key. */
export function route<K extends EndpointKey>(key: K, handle: RouteDef<K>['handle'], extra: Omit<RouteDef<K>, 'key' | 'handle'> = {}): RouteDef {
  return { key, handle, ...extra };
}

const isOutcome = (value: unknown): value is Outcome =>
  value !== null && typeof value === 'object' && 'status' in value && 'body' in value && Object.keys(value).length === 2;

/**
 * Query values arrive as text: digits become numbers for the schema to judge, an empty value
 * is an absent one. A refusal names the parameter: "limit must be 1 to 2500".
 */
function parseQuery(schema: v.GenericSchema, raw: unknown, invalid = defaultInvalidQuery): unknown {
  const text = (raw ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(text)) {
    if (value === '') continue;
    values[name] = typeof value === 'string' && /^\d{1,12}$/.test(value) && numeric(schema, name) ? Number(value) : value;
  }
  const parsed = v.safeParse(schema, values);
  if (parsed.success) return parsed.output;
  throw invalid(parsed.issues);
}

function defaultInvalidQuery(issues: readonly v.BaseIssue<unknown>[]): HttpError {
  const [issue] = issues;
  const name = issue ? (v.getDotPath(issue) ?? '') : '';
  return new HttpError(400, 'InvalidRequest', name ? `${name} ${issue?.message}` : (issue?.message ?? 'Invalid query'));
}

/** Whether the query schema's field takes a number (optional or not). */
function numeric(schema: v.GenericSchema, name: string): boolean {
  type Field = { type: string; wrapped?: Field };
  let field = (schema as { entries?: Record<string, Field> }).entries?.[name];
  while (field?.wrapped) field = field.wrapped;
  return field?.type === 'number';
}

function defaultInvalidBody(issues: readonly v.BaseIssue<unknown>[]): HttpError {
  return new HttpError(400, 'InvalidRequest', issuesMessage(issues));
}

function register(app: FastifyInstance, ctx: AppContext, def: RouteDef): void {
  const entry: EndpointSchemas | undefined = endpointOf(def.key);
  if (!entry) throw new Error(`${def.key} is not in the endpoint table`);
  const method = def.key.slice(0, def.key.indexOf(' '));
  const url = pathOf(def.key);
  const keyedWrite = takesIdempotencyKey(method, url) && entry.multipartFiles === undefined;

  app.route({
    ...def.options,
    method,
    url,
    handler: async (request, reply) => {
      const query = entry.querySchema ? parseQuery(entry.querySchema, request.query, def.invalidInput) : undefined;
      let body: unknown;
      if (entry.bodySchema) {
        const parsed = v.safeParse(entry.bodySchema, def.bodyOf ? def.bodyOf(request) : request.body);
        if (!parsed.success) throw (def.invalidInput ?? defaultInvalidBody)(parsed.issues);
        body = parsed.output;
      }
      const keyed: RouteInput<EndpointKey>['keyed'] = (parts, work) =>
        runIdempotent({
          db: ctx.db,
          request,
          reply,
          auth: authOf(request),
          parts,
          work,
        });
      const input = (complete: Complete): RouteInput<EndpointKey> =>
        ({
          ctx,
          body,
          query,
          request,
          reply,
          complete,
          keyed,
          params: (request.params ?? {}) as Record<string, string>,
          get auth() {
            return authOf(request);
          },
        }) as RouteInput<EndpointKey>;
      if (!keyedWrite) {
        const answer = await def.handle(input(async () => {}));
        if (answer === reply) return reply;
        if (isOutcome(answer)) return reply.code(answer.status).send(answer.body);
        return answer;
      }
      // The hook claimed the key before this handler (http/idempotency.ts): adopt it, so the
      // record commits with the work, and send the answer once, as the record holds it.
      return runIdempotent({
        db: ctx.db,
        request,
        reply,
        auth: authOf(request),
        work: async (complete) => {
          const answer = await def.handle(input(complete));
          return isOutcome(answer) ? answer : { status: 200, body: answer };
        },
      });
    },
  });
}

/** Registers every route of the list (the area files' ROUTES). */
export function registerEndpoints(app: FastifyInstance, ctx: AppContext, routes: readonly RouteDef[]): void {
  for (const def of routes) register(app, ctx, def);
}

/** A write's work and its Idempotency-Key record in one transaction: the answer is `run`'s. */
export function committed<T>(input: Pick<RouteInput<EndpointKey>, 'ctx' | 'complete'>, run: (tx: Tx) => Promise<T>): Promise<T> {
  return input.ctx.db.transaction(async (tx) => {
    const out = await run(tx);
    await input.complete(tx, 200, out);
    return out;
  });
}
