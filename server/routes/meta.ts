// Health and the OpenAPI document, built from the route table as routes register
// (server/http/openapi.ts: app.ts calls collectRoutes before any route module).
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain';
import type { AppContext } from '../context';
import { openApiDocument, type RouteDoc } from '../http/openapi';
import { registerEndpoints, route } from '../http/registrar';

export function metaRoutes(app: FastifyInstance, ctx: AppContext, routes: readonly RouteDoc[]): void {
  let document: Record<string, unknown> | null = null; // routes are fixed once the app is ready
  registerEndpoints(app, ctx, [
    route(`GET ${API.health}`, () => Promise.resolve({ ok: true as const })),
    route(`GET ${API.openapi}`, () => {
      document ??= openApiDocument(routes);
      return Promise.resolve({ status: 200, body: document });
    }),
  ]);
}
