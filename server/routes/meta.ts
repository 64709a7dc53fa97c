// Health and a small OpenAPI document built from the route table as routes register.
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain';

interface RouteDoc {
  method: string;
  url: string;
  summary: string;
}

const PUBLIC = new Set<string>([API.login, API.health, API.openapi]);

export function metaRoutes(app: FastifyInstance): void {
  const routes: RouteDoc[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (route.url === '/*' || route.url === '*') return; // the static files' wildcard
    for (const method of methods) routes.push({ method, url: route.url, summary: route.config?.summary ?? '' });
  });

  app.get(API.health, { config: { summary: 'Liveness probe' } }, () => ({ ok: true }));

  app.get(API.openapi, { config: { summary: 'This document' } }, () => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const op: Record<string, unknown> = {
        summary: route.summary,
        responses: { '200': { description: 'OK' }, default: { description: 'Error body {error, message}' } },
      };
      if (!PUBLIC.has(route.url)) op.security = [{ bearer: [] }];
      if (route.method === 'POST' && route.url !== API.login) {
        op.parameters = [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 128 } }];
      }
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: op };
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Driver App API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      paths,
    };
  });
}
