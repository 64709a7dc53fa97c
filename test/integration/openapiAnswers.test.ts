// Every operation of /openapi.json, called for real with a valid request on the demo data
// (openapiCalls.ts): each 200 answer must match the operation's declared response schema
// (JSON Schema 2020-12, checked with ajv), and the document itself must pass an independent
// OpenAPI 3.1 validator. An operation without a response schema fails.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain';
import { startServerWithRoutes, type RegisteredRoute } from '../support/routes';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, call } from './helpers';
import { callEveryOperation, type Called } from './openapiCalls';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let server: TestServer;
let routes: RegisteredRoute[];
let doc: Document;
let called: Called[];

beforeAll(async () => {
  ({ server, routes } = await startServerWithRoutes());
  doc = (await call<Document>(server, API.openapi)).body;
  called = await callEveryOperation(server, await server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password));
}, 120_000);
afterAll(() => server.close());

const docPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');
const okContent = (route: string) => {
  const [method = '', url = ''] = route.split(' ');
  return doc.paths[docPath(url)]?.[method.toLowerCase()]?.responses['200']?.content;
};

describe('/openapi.json against an independent OpenAPI validator', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe("every operation's real answer matches its declared 200 schema", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its plugin is the default export's `default`.
  (addFormats as unknown as { default: (instance: Ajv2020) => void }).default(ajv);
  const compiled = new Map<string, ValidateFunction>();

  it('every registered operation has a 200 response schema and was called', () => {
    const all = routes.map((r) => `${r.method} ${r.url}`);
    expect(
      all.filter((route) => !okContent(route)),
      'name a responseSchema in src/domain/endpoints',
    ).toEqual([]);
    const done = new Set(called.map((c) => c.route));
    expect(
      all.filter((route) => !done.has(route)),
      'call it in test/integration/openapiCalls.ts',
    ).toEqual([]);
  });

  it('each call answers 200 with a body its schema accepts', () => {
    const failures: string[] = [];
    for (const { route, answer } of called) {
      const content = okContent(route);
      const [media, entry] = Object.entries(content ?? {})[0] ?? [];
      if (answer.status !== 200 || !media || !entry) {
        failures.push(`${route}: ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      const type = answer.headers.get('content-type') ?? '';
      const [major, minor] = media.split('/');
      if (!type.startsWith(minor === '*' ? `${major}/` : media)) failures.push(`${route}: content-type ${type}, declared ${media}`);
      if (!media.startsWith('application/json') && !media.startsWith('text/')) continue; // bytes: the type is the check
      let validate = compiled.get(route);
      if (!validate) compiled.set(route, (validate = ajv.compile(entry.schema)));
      const body = media.startsWith('text/') ? answer.text : answer.body;
      if (!validate(body)) failures.push(`${route}: ${ajv.errorsText(validate.errors)} in ${answer.text.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });

  it('the check has teeth: a wrong answer fails its schema', () => {
    const schema = okContent('GET /api/driver/order-list')?.['application/json']?.schema ?? {};
    const validate = ajv.compile(schema);
    expect(validate({ documents: [{ id: 'oio-1', _deleted: false }], checkpoint: null })).toBe(false);
    expect(validate({ documents: [], checkpoint: null })).toBe(true);
  });
});
