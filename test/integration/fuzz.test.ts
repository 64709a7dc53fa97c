// No input yields a 500 (DESIGN §6): for EVERY registered route (read from Fastify's
// router), fast-check sends malformed and hostile requests — random JSON, wrong types,
// huge strings, negative/NaN/overflowing numbers, bad dates, unknown fields, broken JSON,
// wrong content types, bad query strings and path parameters, odd headers — and every
// answer must be < 500, 200 when it succeeds, and when an error a JSON {error, message}
// (login's 401 text aside).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LOGIN_FAILURE_TEXT, isErrorCode } from '../../src/domain';
import { startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import { jsonBodySchema, queryNames, sampleOf, type Schema } from '../support/sampleBody';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, call, liveOrderIds, makeImage } from './helpers';

// FUZZ_RUNS=300 digs deeper by hand; the suite's default keeps it well under a minute.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

let server: TestServer;
let routes: RegisteredRoute[];
let token: string;
let doc: { paths: Record<string, Record<string, unknown>> };
let ownOrder = 1;

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes());
  token = await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password);
  doc = (await call<typeof doc>(server, API.openapi)).body;
  ownOrder = (await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot'))[0] ?? 1;
});
afterAll(() => server.close());

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('x'.repeat(200_000), '', ' ', '\u0000', '💥'.repeat(500), '<script>alert(1)</script>', "'; DROP TABLE orders; --"),
  fc.constantFrom('NaN', 'Infinity', '-1', '1e309', '0x10', '2026-02-30T25:61:00Z', 'yesterday', '0000-00-00', '9999-99-99'),
  fc.constantFrom(-1, 0, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 3.14159),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A body: pure noise, the route's sample with one field made hostile, or plus unknown fields. */
function bodyArb(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const sample = sampleOf(schema, { byName: (name) => (/_order_id$|^id$/.test(name) ? ownOrder : undefined) });
  const fields = sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.keys(sample) : [];
  const options: fc.Arbitrary<unknown>[] = [hostile, fc.jsonValue({ maxDepth: 3 })];
  if (fields.length > 0) {
    const base = sample as Record<string, unknown>;
    options.push(
      fc.tuple(fc.constantFrom(...fields), hostile).map(([field, value]) => ({ ...base, [field]: value })),
      fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), hostile).map(([field, value]) => ({ ...base, [field]: value })),
      fc.subarray(fields).map((keep) => Object.fromEntries(keep.map((k) => [k, base[k]]))),
    );
  }
  return fc.oneof(...options);
}

const rawBody = fc.constantFrom('{', '{"a":', '[1,2', 'null', 'true', '"text"', '{"a":1}garbage', '\u0000\u0001', '{"__proto__":{"x":1}}', 'NaN');
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  null,
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('-1', '0', 'NaN', '1e309', '99999999999999999999', '', '%00', '[]', 'x'.repeat(5000), '2026-13-01'),
  fc.integer().map(String),
);
const pathParam = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom('..', '%2e%2e', 'x'.repeat(2000), '1', '00000000-0000-0000-0000-000000000000.jpg'),
);

interface Attempt {
  path: string;
  body: string | null;
  type: string | null;
  headers: Record<string, string>;
  withToken: boolean;
}

function attemptArb(route: RegisteredRoute): fc.Arbitrary<Attempt> {
  const names = queryNames(doc, route.method, route.url);
  // Pairs, not a map: a repeated name (?id=1&id=2) reaches the handler as an array.
  const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names, 'limit', 'checkpoint', 'id'), fc.string({ maxLength: 8 })), queryValue), { maxLength: 4 });
  const body =
    route.method === 'GET'
      ? fc.constant(null)
      : fc.oneof(
          { weight: 4, arbitrary: bodyArb(jsonBodySchema(doc, route.method, route.url)).map((b) => JSON.stringify(b) ?? 'null') },
          { weight: 1, arbitrary: rawBody },
        );
  const headers = fc.record(
    {
      'idempotency-key': fc.oneof(fc.uuid(), fc.string({ maxLength: 200 }), fc.constant('')),
      'x-upload-folder': fc.oneof(fc.constantFrom('/deliver-onlot-inventory-order/delivery', '/profile-pictures'), fc.string({ maxLength: 30 })),
      'x-time-zone': fc.constantFrom('America/New_York', 'Not/AZone', ''),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({
      params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
      query,
      body,
      type: route.method === 'GET' ? fc.constant(null) : contentType,
      headers,
      withToken: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ params, query: q, body: b, type, headers: h, withToken }) => {
      let i = 0;
      const path = route.url.replace(/:(\w+)/g, () => encodeURIComponent(params[i++] ?? 'x'));
      const search = new URLSearchParams(q).toString();
      return { path: search ? `${path}?${search}` : path, body: b, type, headers: h, withToken };
    });
}

async function send(route: RegisteredRoute, attempt: Attempt) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(attempt.headers)) if (/^[\x20-\x7e]*$/.test(value)) headers[name] = value;
  if (attempt.type) headers['content-type'] = attempt.type;
  return call(server, attempt.path, {
    method: route.method,
    token: attempt.withToken ? token : undefined,
    headers,
    body: attempt.body ?? undefined,
  });
}

describe('no input yields a 500', () => {
  it('covers every registered route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
  });

  it(`every route, ${RUNS_PER_ROUTE} hostile requests each: status < 500 and an {error, message} body on errors`, async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(attemptArb(route), async (attempt) => {
          const res = await send(route, attempt);
          const label = `${route.method} ${attempt.path.slice(0, 200)} [${attempt.type}] ${String(attempt.body).slice(0, 300)}`;
          expect(res.status, label).toBeLessThan(500);
          if (res.status < 400) {
            expect(res.status, `${label}: successes answer 200 (SPEC §8 treats any other as an error)`).toBe(200);
            return;
          }
          if (route.url === API.login && res.status === 401) {
            expect(res.text, label).toBe(LOGIN_FAILURE_TEXT);
            return;
          }
          const body = res.body as { error?: unknown; message?: unknown };
          expect(isErrorCode(body.error), `${label} → ${res.text.slice(0, 300)}`).toBe(true);
          expect(typeof body.message, label).toBe('string');
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      ); // a failure prints its seed to replay it
    }
  }, 240_000);
});

describe('bodies built to break recursive code', () => {
  it('a JSON body nested deeper than 32 levels is 400 on every write route, with or without a key', async () => {
    const deep = (n: number): string => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const key of [undefined, `deep-${route.url}`.slice(0, 100)]) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (key) headers['idempotency-key'] = key;
        const res = await call(server, route.url.replace(/:(\w+)/g, 'x'), { method: route.method, token, headers, body: deep(200_000) });
        expect(res.status, `${route.method} ${route.url}`).toBe(400);
        expect(res.body, `${route.method} ${route.url}`).toMatchObject({ error: 'InvalidRequest', message: expect.stringContaining('nested') as string });
      }
    }
    // 32 levels are still fine for the parser (the route then judges the shape).
    const ok = await call(server, API.deliverOnlot, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: deep(31) });
    expect(ok.body).toMatchObject({ error: 'InvalidRequest', message: expect.not.stringContaining('nested') as string });
  });
});

describe('multipart bodies', () => {
  it('random parts, file names, types and bytes (magic numbers included) on every multipart route: < 500, {error, message}', async () => {
    const multipartRoutes = routes.filter((r) => {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()] as { requestBody?: { content?: Record<string, unknown> } } | undefined;
      return op?.requestBody?.content?.['multipart/form-data'] !== undefined;
    });
    expect(multipartRoutes.length).toBeGreaterThanOrEqual(1);
    const png = await makeImage('png', 3);
    const jpeg = await makeImage('jpeg', 4);
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 256 }),
      fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), tail])),
      fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), tail])),
      fc.nat({ max: png.length }).map((n) => png.subarray(0, n)),
      fc.nat({ max: jpeg.length }).map((n) => jpeg.subarray(0, n)),
      fc.constantFrom(png, jpeg),
    );
    const part = fc.record({
      field: fc.oneof(fc.constantFrom('file-0', 'file-1', 'file-4', 'file-99', 'file', ''), fc.string({ maxLength: 12 })),
      isFile: fc.boolean(),
      bytes,
      name: fc.oneof(fc.constantFrom('a.png', 'a.jpg', 'a.jpeg', 'a.gif', 'a', '../../etc/passwd', 'x'.repeat(300)), fc.string({ maxLength: 20 })),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
    });
    for (const route of multipartRoutes) {
      await fc.assert(
        fc.asyncProperty(fc.array(part, { maxLength: 8 }), fc.string({ maxLength: 40 }), fc.boolean(), async (parts, folder, validFolder) => {
          const form = new FormData();
          for (const p of parts) {
            if (p.isFile) form.append(p.field, new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name);
            else form.append(p.field, Buffer.from(p.bytes).toString('latin1'));
          }
          const headers: Record<string, string> = {
            'x-upload-folder': validFolder ? '/deliver-onlot-inventory-order/delivery' : folder.replace(/[^\x20-\x7e]/g, ''),
          };
          const res = await call(server, route.url, { method: route.method, token, headers, body: form });
          const label = `${route.method} ${route.url} ${JSON.stringify(parts.map((p) => [p.field, p.isFile, p.bytes.length, p.name, p.type]))}`;
          expect(res.status, `${label} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(isErrorCode((res.body as { error?: unknown }).error), `${label} → ${res.text.slice(0, 200)}`).toBe(true);
        }),
        { numRuns: 40, endOnFailure: true },
      );
    }
  });
});
