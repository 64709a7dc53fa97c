// GET /openapi.json: every registered route (collected by an onRoute hook), with its summary
// and its body, query, header and response schemas converted from the valibot schemas that
// validate them. All of it comes from the endpoint table in src/domain
// (src/domain/endpoints/table.ts), the only source: a route whose `config` names a schema or
// a summary is refused when it is registered.
import type { FastifyInstance } from 'fastify';
import type { GenericSchema } from 'valibot';
import { API, CONTRACT_VERSION, endpointOf, type EndpointSchemas, ERROR_TEXT, LOGIN_FAILURE_TEXT, MIN_CONTRACT_VERSION } from '../../src/domain';
import { toJsonSchema, type JsonSchema } from '../../src/domain/valibotJsonSchema';
import { isProtectedPath } from './auth';
import { isContractPath } from './contractVersion';
import { takesIdempotencyKey } from './idempotency';

export interface RouteDoc extends EndpointSchemas {
  method: string;
  url: string;
}

/** What a route's config must not name: the endpoint table holds it. */
export const TABLE_FIELDS = [
  'summary',
  'bodySchema',
  'querySchema',
  'headersSchema',
  'multipartFiles',
  'rawBody',
  'responseSchema',
  'responseMedia',
  'errors',
] as const;

/** The table fields a route's config names (none, for a route that follows the rule). */
export function tableFieldsIn(config: object | undefined): string[] {
  return TABLE_FIELDS.filter((field) => config !== undefined && field in config);
}

/** Starts collecting routes; call before any route is registered. */
export function collectRoutes(app: FastifyInstance): RouteDoc[] {
  const routes: RouteDoc[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url === '/*' || route.url === '*') return; // the static files' wildcard
    const named = tableFieldsIn(route.config);
    if (named.length > 0) {
      throw new Error(`${route.url}: config names ${named.join(', ')}; put it in the endpoint table (src/domain/endpoints)`);
    }
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      routes.push({ summary: '', ...endpointOf(`${method} ${route.url}`), method, url: route.url });
    }
  });
  return routes;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });
/** A 429 always says when to come back (http/errors.ts tooManyRequests). */
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } };

/** The refusals the route's table entry names (`errors`): status → {error, message} answer. */
function entryErrors(route: RouteDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(route.errors ?? {})) {
    out[status] = status === '429' ? { ...errorResponse(description), headers: RETRY_AFTER } : errorResponse(description);
  }
  return out;
}

/** An object schema's properties as OpenAPI parameters (`in` query, header or path). */
function parametersOf(schema: GenericSchema | undefined, where: 'query' | 'header'): Record<string, unknown>[] {
  if (!schema) return [];
  const json = toJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: required.has(name), schema: property }));
}

function requestBodyOf(route: RouteDoc): Record<string, unknown> | undefined {
  if (route.multipartFiles !== undefined) {
    const properties: Record<string, JsonSchema> = {};
    for (let i = 0; i < route.multipartFiles; i += 1) properties[`file-${i}`] = { type: 'string', format: 'binary' };
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, minProperties: 1 } } } };
  }
  if (route.bodySchema) return { required: true, content: { 'application/json': { schema: toJsonSchema(route.bodySchema) } } };
  if (route.rawBody) return { required: false, content: { [route.rawBody]: { schema: { type: 'string', format: 'binary' } } } };
  return undefined;
}

/** `GET /api/driver/order-list` → `get_api_driver_order_list`; `/files/:name` → `get_files_by_name`. */
export function operationIdOf(method: string, url: string): string {
  const path = url
    .replace(/:(\w+)/g, 'by_$1')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${method.toLowerCase()}_${path}`;
}

function operationOf(route: RouteDoc): Record<string, unknown> {
  const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const parameters = [...pathParams, ...parametersOf(route.querySchema, 'query'), ...parametersOf(route.headersSchema, 'header')];
  if (takesIdempotencyKey(route.method, route.url)) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Same key + same request within 30 days replays the first answer; another request → 422; still running → 409',
      schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' },
    });
  }
  if (isContractPath(route.url)) {
    parameters.push({
      name: 'X-Contract-Version',
      in: 'header',
      required: false,
      description: `The client's contract version (this server speaks ${CONTRACT_VERSION}, accepts ${MIN_CONTRACT_VERSION} and up); without it the current version is assumed; older → 426 ClientTooOld`,
      schema: { type: 'integer', minimum: 1 },
    });
  }
  const ok: Record<string, unknown> = { description: 'OK' };
  if (route.responseSchema) ok.content = { [route.responseMedia ?? 'application/json']: { schema: toJsonSchema(route.responseSchema) } };
  const responses: Record<string, unknown> = { '200': ok, '400': errorResponse('Bad input: {error, message}') };
  const isPublic = !isProtectedPath(route.url);
  if (!isPublic) {
    responses['401'] = errorResponse(
      'NotAuthenticated: no bearer token; NotAuthorized: an invalid, expired or revoked token (also TokenRevoked, AccountRemoved)',
    );
    responses['403'] = errorResponse('NotAuthorized: a role other than driver');
    responses['404'] = errorResponse("NotFound: not this company's (or driver's), or no such thing");
    // Every authenticated read draws from the account's read budget (http/readBudget.ts).
    if (route.method === 'GET')
      responses['429'] = { ...errorResponse("TooManyRequests: past the account's read budget (pulls have a smaller one of their own)"), headers: RETRY_AFTER };
  }
  if (takesIdempotencyKey(route.method, route.url)) {
    responses['409'] = errorResponse('IdempotencyKeyInFlight, or a business conflict (e.g. OrderAlreadyDelivered)');
    responses['422'] = errorResponse('IdempotencyKeyReused');
  }
  if (route.method === 'POST' && route.url === API.login) {
    responses['401'] = {
      description: `Wrong email or password: the text "${LOGIN_FAILURE_TEXT}"`,
      content: { 'text/plain': { schema: { const: LOGIN_FAILURE_TEXT } } },
    };
  }
  responses['405'] = errorResponse('MethodNotAllowed: the path takes other methods (see the Allow header)');
  if (isContractPath(route.url)) responses['426'] = errorResponse('ClientTooOld: X-Contract-Version is older than the server accepts; update the app');
  Object.assign(responses, entryErrors(route)); // the entry's own words win over the generic ones
  responses.default = errorResponse('Any other failure: {error, message}');
  const operation: Record<string, unknown> = {
    operationId: operationIdOf(route.method, route.url),
    summary: route.summary,
    parameters,
    responses,
  };
  const body = requestBodyOf(route);
  if (body) operation.requestBody = body;
  if (!isPublic) operation.security = [{ bearer: [] }];
  return operation;
}

export function openApiDocument(routes: readonly RouteDoc[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Driver App API',
      version: '0.1.0',
      description: 'Every call of SPEC §7 (DESIGN §6). Errors are {error, message} with SPEC §8 identifiers.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'string', enum: Object.keys(ERROR_TEXT) }, message: { type: 'string' } },
        },
      },
    },
    paths,
  };
}
