// Bearer-token authentication for every non-public path (DESIGN §6). Runs on onRequest,
// before any body is read, so an anonymous client cannot make us parse an upload.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALLOWED_ROLES, type TokenClaims } from '../../src/domain';
import type { JwtKeys } from '../auth/jwt';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TokenClaims | null;
  }
}

// Everything but login, health, the OpenAPI document and the PWA's files needs a token.
const PROTECTED_PREFIXES = ['/api/', '/secure/', '/upload', '/files/', '/send-email'];

export function isProtectedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return PROTECTED_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

export function installAuth(app: FastifyInstance, jwt: JwtKeys): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!isProtectedPath(request.url)) return;
    // Never the cookie: only the Authorization header counts (CSRF cannot forge it).
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new HttpError(401, 'NotAuthenticated');
    const claims = await jwt.verify(token);
    if (!claims) throw new HttpError(401, 'NotAuthenticated');
    if (!(ALLOWED_ROLES as readonly string[]).includes(claims.role)) throw new HttpError(403, 'NotAuthorized');
    request.auth = claims;
  });
}

/** The verified claims of this request; route code on protected paths calls this. */
export function authOf(request: FastifyRequest): TokenClaims {
  if (!request.auth) throw new HttpError(401, 'NotAuthenticated');
  return request.auth;
}
