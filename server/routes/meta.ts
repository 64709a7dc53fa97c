// Health and the OpenAPI document, built from the route table as routes register
// (server/http/openapi.ts: app.ts calls collectRoutes before any route module).
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain';
import { openApiDocument, type RouteDoc } from '../http/openapi';

export function metaRoutes(app: FastifyInstance, routes: readonly RouteDoc[]): void {
  let document: Record<string, unknown> | null = null; // routes are fixed once the app is ready

  app.get(API.health, () => ({ ok: true }));

  app.get(API.openapi, () => {
    document ??= openApiDocument(routes);
    return document;
  });
}
