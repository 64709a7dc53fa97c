// Query strings held to the endpoint table (issue 20 item 7): a GET whose table entry does not
// name a query parameter answers 400 InvalidRequest "Unknown query parameter: <name>" before
// any handler runs. An outside tester's `&nocache=<n>` made every order-list read an answer-
// cache miss (the cache keyed on the address); now no parameter the route ignores can reach
// a handler or a cache key. One hook for every route, keyed by the route's table entry
// ("GET /path" as Fastify registered it; HEAD is GET's): the entry's querySchema is a strict
// object. Values stay the routes' parsers' (400 naming the field); routes without an entry
// (the static files, tests' probe routes) and unknown paths (404 / SPA shell) are left alone.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type EndpointSchemas } from '../../src/domain';
import { invalid } from './errors';

/** Names echoed back at most this long. */
const MAX_NAME = 64;

/** The query names each GET of the table takes: its querySchema's keys, none without one. */
export function queryNamesByRoute(): Map<string, ReadonlySet<string>> {
  const byRoute = new Map<string, ReadonlySet<string>>();
  for (const [key, entry] of Object.entries(ENDPOINTS) as [string, EndpointSchemas][]) {
    if (!key.startsWith('GET ')) continue;
    const schema = entry.querySchema as { entries?: Record<string, unknown> } | undefined;
    if (schema && typeof schema.entries !== 'object') throw new Error(`${key}: its querySchema must be an object schema`);
    byRoute.set(key, new Set(Object.keys(schema?.entries ?? {})));
  }
  return byRoute;
}

/** Install after the auth hook and the read budget: a protected path is 401 first, and refused queries count. */
export function installQueryCheck(app: FastifyInstance): void {
  const byRoute = queryNamesByRoute();
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url;
    const known = (request.method === 'GET' || request.method === 'HEAD') && url !== undefined ? byRoute.get(`GET ${url}`) : undefined;
    const unknown = known && Object.keys((request.query ?? {}) as Record<string, unknown>).find((name) => !known.has(name));
    done(unknown === undefined ? undefined : invalid(`Unknown query parameter: ${unknown.slice(0, MAX_NAME)}`));
  });
}
