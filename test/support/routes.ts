// Every route the server really registered, read from Fastify's own router
// (app.printRoutes), independent of the OpenAPI document that the cross-cutting suites check.
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Parses printRoutes({commonPrefix: false}): a tree whose children extend their parent's path. */
export function parsePrintedRoutes(text: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.length = depth;
    stack[depth] = path;
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD' && path !== '/*' && path !== '*') routes.push({ method, url: path });
    }
  }
  return routes;
}

/** A test server plus the list of its routes as Fastify's router knows them. */
export async function startServerWithRoutes(opts: TestServerOptions = {}): Promise<{ server: TestServer; routes: RegisteredRoute[] }> {
  let app: FastifyInstance | null = null;
  const server = await startTestServer({
    ...opts,
    build: {
      ...opts.build,
      extraRoutes: (instance, ctx) => {
        app = instance;
        opts.build?.extraRoutes?.(instance, ctx);
      },
    },
  });
  const captured = app as FastifyInstance | null;
  if (!captured) throw new Error('extraRoutes was not called');
  return { server, routes: parsePrintedRoutes(captured.printRoutes({ commonPrefix: false })) };
}

/** Fills `:param` segments so the URL reaches the route. */
export function concreteUrl(url: string, value = '1'): string {
  return url.replace(/:(\w+)/g, () => value);
}
