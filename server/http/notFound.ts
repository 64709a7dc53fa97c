// Unknown routes: the SPA shell for browser navigations (when the PWA is built), else a
// JSON 404. API-looking paths never get the shell. A known path asked with a method it does
// not take → 405 with `Allow` (methodNotAllowed.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../src/domain';
import { isProtectedPath } from './auth';
import { createAllowLookup } from './methodNotAllowed';
import type { RouteDoc } from './openapi';

const NEVER_SHELL = /^\/(auth|api|secure|upload|files|healthz|openapi\.json)(\/|$|\?)/;

export function installNotFound(app: FastifyInstance, staticDir: string | null, routes: readonly RouteDoc[]): void {
  const hasShell = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  // /login has a document of its own: the sign-in form in HTML, usable before the app's code
  // arrives (login.html, issue 24). A build without it gets the shell, whose code shows the form.
  const hasLoginPage = staticDir !== null && existsSync(join(staticDir, 'login.html'));
  const shellFor = (url: string): string => (hasLoginPage && url.split('?')[0] === '/login' ? 'login.html' : 'index.html');
  const allowedFor = createAllowLookup(routes);
  app.setNotFoundHandler((request, reply) => {
    const allowed = allowedFor(request.url);
    if (allowed.length > 0) {
      const message = `${request.method} is not allowed here; use ${allowed.join(', ')}`;
      return reply.code(405).header('allow', allowed.join(', ')).send(errorBody('MethodNotAllowed', message));
    }
    const isNavigation = request.method === 'GET' || request.method === 'HEAD';
    if (hasShell && isNavigation && !isProtectedPath(request.url) && !NEVER_SHELL.test(request.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(shellFor(request.url));
    }
    return reply.code(404).send(errorBody('NotFound'));
  });
}
