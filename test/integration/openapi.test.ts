// GET /openapi.json describes every registered route (read from Fastify's router, not from
// the document), with bodies converted from the valibot schemas the handlers validate with.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { API, DeliverOnlotBodySchema, ERROR_TEXT, PULL_LIMIT_MAX } from '../../src/domain';
import { toJsonSchema } from '../../src/domain/valibotJsonSchema';
import { isProtectedPath } from '../../server/http/auth';
import { takesIdempotencyKey } from '../../server/http/idempotency';
import { ENDPOINTS, type EndpointSchemas } from '../../src/domain/endpoints';
import { collectRoutes, TABLE_FIELDS } from '../../server/http/openapi';
import { startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, call } from './helpers';

interface Operation {
  operationId: string;
  summary?: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: { Error: { properties: { error: { enum: string[] } } } } };
}

let server: TestServer;
let routes: RegisteredRoute[];
let doc: Document;

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes());
  const res = await call<Document>(server, API.openapi);
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => server.close());

const docPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');
const operation = (route: RegisteredRoute): Operation | undefined => doc.paths[docPath(route.url)]?.[route.method.toLowerCase()];
const writes = (): RegisteredRoute[] => routes.filter((r) => r.method !== 'GET');

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 and public', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect((await call(server, API.openapi, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(200);
  });

  it('lists every registered route with its method, and nothing that is not registered', () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const missing = routes.filter((r) => !operation(r)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${docPath(r.url)}`));
    const phantom = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .filter((k) => !registered.has(k));
    expect(phantom).toEqual([]);
  });

  it("gives every write route a request body schema (JSON, multipart, or a resumable upload's bytes)", () => {
    const without = writes()
      .filter((r) => {
        const content = operation(r)?.requestBody?.content ?? {};
        const schema = content['application/json']?.schema ?? content['multipart/form-data']?.schema ?? content['application/offset+octet-stream']?.schema;
        return !schema || Object.keys(schema).length === 0;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(without, 'name the valibot schema (bodySchema) in the endpoint table, src/domain/endpoints').toEqual([]);
  });

  it('the endpoint table names every registered route, and only those', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ENDPOINTS).filter((key) => !registered.has(key))).toEqual([]);
    expect([...registered].filter((key) => !(key in ENDPOINTS))).toEqual([]);
  });

  it("takes every summary and schema from the table: each operation has its entry's summary", () => {
    const table = ENDPOINTS as Record<string, EndpointSchemas>;
    const differing = routes
      .filter((r) => {
        const summary = table[`${r.method} ${r.url}`]?.summary;
        return !summary || operation(r)?.summary !== summary;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(differing).toEqual([]);
  });

  it('refuses a route whose config names a schema or summary instead of the table', async () => {
    for (const field of TABLE_FIELDS) {
      const app = Fastify();
      collectRoutes(app);
      expect(() => app.get(API.health, { config: { [field]: 'x' } }, () => ({ ok: true })), field).toThrow(/endpoint table/);
      await app.close();
    }
    const app = Fastify();
    collectRoutes(app);
    expect(() => app.get(API.health, { config: { answersRemoved: true } }, () => ({ ok: true }))).not.toThrow();
    await app.close();
  });

  it('documents the Idempotency-Key on every write route but login, and bearer auth on every protected route', () => {
    for (const route of routes) {
      const op = operation(route);
      const hasKey = (op?.parameters ?? []).some((p) => p.name === 'Idempotency-Key' && p.in === 'header');
      expect(hasKey, `${route.method} ${route.url}`).toBe(takesIdempotencyKey(route.method, route.url));
      expect(op?.security !== undefined, `${route.method} ${route.url}`).toBe(isProtectedPath(route.url));
    }
    expect(takesIdempotencyKey('POST', API.login)).toBe(false);
  });

  it('documents path parameters and error bodies', () => {
    const files = routes.find((r) => r.url.startsWith('/files/'));
    expect(files).toBeDefined();
    if (files) expect(operation(files)?.parameters).toContainEqual({ name: 'name', in: 'path', required: true, schema: { type: 'string' } });
    expect(doc.components.schemas.Error.properties.error.enum).toEqual(Object.keys(ERROR_TEXT));
  });

  it('the deliver body is the validating schema converted: required fields, bounds, formats, no extra fields', () => {
    const schema = doc.paths[API.deliverOnlot]?.post?.requestBody?.content['application/json']?.schema;
    expect(schema).toEqual(toJsonSchema(DeliverOnlotBodySchema));
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['onlot_inventory_order_id', 'date_delivered'],
      properties: {
        onlot_inventory_order_id: { type: 'integer', minimum: 1 },
        date_delivered: { type: 'string', format: 'date-time' },
        delivery_miles_driven: { anyOf: [{ type: 'number', minimum: 0, maximum: 100000 }, { type: 'null' }] },
        delivery_note: { type: 'string', maxLength: 4000, default: '' },
        building_images: { type: 'array', default: [], items: { properties: { guid: { type: 'string', format: 'uuid' } } } },
      },
    });
  });

  it('the upload is multipart with its folder header; login answers text on failure', () => {
    const upload = doc.paths[API.upload]?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(upload?.parameters.find((p) => p.name === 'x-upload-folder')).toMatchObject({ in: 'header', required: true });
    const login = doc.paths[API.login]?.post;
    expect(login?.requestBody?.content['application/json']?.schema).toMatchObject({ required: ['email', 'password'] });
    expect(login?.responses['401']).toMatchObject({ content: { 'text/plain': {} } });
  });
});

describe('valibot → JSON Schema', () => {
  it('converts the features src/domain uses', () => {
    const schema = v.strictObject({
      id: v.pipe(v.number(), v.integer(), v.minValue(1)),
      email: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254)),
      kind: v.picklist(['a', 'b']),
      zero: v.literal('0'),
      note: v.optional(v.string(), ''),
      maybe: v.nullish(v.boolean()),
      list: v.pipe(v.array(v.string()), v.maxLength(5)),
      either: v.union([v.string(), v.number()]),
      map: v.record(v.string(), v.number()),
      when: v.pipe(v.string(), v.isoTimestamp()),
      code: v.pipe(v.string(), v.regex(/^\d{4}$/), v.description('MMYY')),
    });
    expect(toJsonSchema(schema)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'email', 'kind', 'zero', 'list', 'either', 'map', 'when', 'code'],
      properties: {
        id: { type: 'integer', minimum: 1 },
        email: { type: 'string', format: 'email', maxLength: 254 },
        kind: { enum: ['a', 'b'] },
        zero: { const: '0' },
        note: { type: 'string', default: '' },
        maybe: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
        list: { type: 'array', items: { type: 'string' }, maxItems: 5 },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        map: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } },
        when: { type: 'string', format: 'date-time' },
        code: { type: 'string', pattern: '^\\d{4}$', description: 'MMYY' },
      },
    });
  });

  it('says so instead of guessing for a schema it does not know', () => {
    expect(toJsonSchema(v.map(v.string(), v.number()))).toEqual({ 'x-valibot': 'map' });
  });
});

describe('operations: ids, bounds and error answers', () => {
  const operations = (): [string, Operation][] =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => [`${m} ${path}`, op] as [string, Operation]));

  it('operationIds are unique and URL-safe', () => {
    const ids = operations().map(([, op]) => op.operationId);
    expect(ids.filter((id) => !/^[A-Za-z0-9_]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths[API.orderList]?.get?.operationId).toBe('get_api_driver_order_list');
  });

  it('every operation declares its 200 body and the {error, message} shape for 4xx (405 included)', () => {
    for (const [name, op] of operations()) {
      const ok = op.responses['200'] as { content?: Record<string, { schema: Record<string, unknown> }> };
      expect(Object.values(ok.content ?? {})[0]?.schema, name).toBeDefined();
      expect(op.responses['400'], name).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
      expect(op.responses['405'], name).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    }
  });

  it('query ids have minimum 1 and the pull limit its real bounds', () => {
    const query = (path: string, name: string) => doc.paths[path]?.get?.parameters.find((p) => p.name === name && p.in === 'query')?.schema;
    expect(query(API.onlotOrderDetails, 'onlotInventoryOrderId')).toMatchObject({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    expect(query('/api/driver/saved-checks', 'customer-order-id')).toMatchObject({ type: 'integer', minimum: 1 });
    expect(query(API.orderList, 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: PULL_LIMIT_MAX });
  });

  it('the server refuses what the document refuses: limit 0 and id 0 are 400', async () => {
    const token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
    expect((await call(server, `${API.orderList}?limit=0`, { token })).status).toBe(400);
    expect((await call(server, `${API.orderList}?limit=${PULL_LIMIT_MAX + 1}`, { token })).status).toBe(400);
    expect((await call(server, `${API.orderList}?limit=${PULL_LIMIT_MAX}`, { token })).status).toBe(200);
    expect((await call(server, `${API.onlotOrderDetails}?onlotInventoryOrderId=0`, { token })).status).toBe(400);
  });
});
