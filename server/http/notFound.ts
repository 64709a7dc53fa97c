// Unknown routes: the SPA shell for browser navigations (when the PWA is built), else a
// JSON 404. API-looking paths never get the shell.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../src/domain';
import { isProtectedPath } from './auth';

const NEVER_SHELL = /^\/(auth|api|secure|upload|files|healthz|openapi\.json)(\/|$|\?)/;

export function installNotFound(app: FastifyInstance, staticDir: string | null): void {
  const hasShell = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const isNavigation = request.method === 'GET' || request.method === 'HEAD';
    if (hasShell && isNavigation && !isProtectedPath(request.url) && !NEVER_SHELL.test(request.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send(errorBody('NotFound'));
  });
}
