// Bearer-token authentication for every non-public path (DESIGN §6). Runs on onRequest,
// before any body is read, so an anonymous client cannot make us parse an upload.
// A valid signature is not enough (issue 9, revocation): every call also reads the account's
// row by primary key (one indexed lookup, ~0.1-0.3 ms; no cache, so a removal or a password
// change counts on the very next call, on every instance). Removed (or moved to another
// company) → 401 AccountRemoved; a token older than the account's token_version → 401
// TokenRevoked — except the one session the bump kept (`kept_session`: the phone that
// changed the password stays signed in). Both are 401s: any client treats them as "sign in again".
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALLOWED_ROLES, type TokenClaims } from '../../src/domain';
import type { JwtKeys } from '../auth/jwt';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TokenClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers a removed account itself (GET /api/company-user-is-removed answers
     * `true`, SPEC §4): the hook still checks the signature and the token version.
     */
    answersRemoved?: boolean;
  }
}

// Everything but login, health, the OpenAPI document and the PWA's files needs a token.
const PROTECTED_PREFIXES = ['/api/', '/secure/', '/upload', '/files/', '/send-email'];

export function isProtectedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return PROTECTED_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

// The scheme is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` count too.
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,4096})$/i;

/** Tokens signed before token_version existed carry no `tv`: they are version 1. */
export const tokenVersionOf = (claims: TokenClaims): number => claims.tv ?? 1;

/** sha256 of this request's bearer token: how `accounts.kept_session` names a session. */
export function sessionHashOf(request: FastifyRequest): string | null {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return token ? createHash('sha256').update(token).digest('hex') : null;
}

export function installAuth(app: FastifyInstance, jwt: JwtKeys, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!isProtectedPath(request.url)) return;
    // Never the cookie: only the Authorization header counts (CSRF cannot forge it).
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    // SPEC §8: no token is "not authenticated"; a token we refuse (signature, expiry, age,
    // claims) is a 401 "not authorized", so a client can tell the two apart.
    if (!token) throw new HttpError(401, 'NotAuthenticated');
    const claims = await jwt.verify(token);
    if (!claims) throw new HttpError(401, 'NotAuthorized');
    if (!(ALLOWED_ROLES as readonly string[]).includes(claims.role)) throw new HttpError(403, 'NotAuthorized');
    const [account] = await db
      .select({
        companyId: accounts.companyId,
        removedAt: accounts.removedAt,
        tokenVersion: accounts.tokenVersion,
        kept: accounts.keptSession,
        role: accounts.role,
      })
      .from(accounts)
      .where(eq(accounts.id, claims.account_id));
    const removed = !account || account.removedAt !== null || account.companyId !== claims.company_id;
    if (removed && !request.routeOptions.config.answersRemoved) throw new HttpError(401, 'AccountRemoved');
    // The account's role, not only the token's: a token claiming "driver" for an office account
    // (minted with the shared key) is refused as sign-in refuses that account.
    if (account && !(ALLOWED_ROLES as readonly string[]).includes(account.role)) throw new HttpError(403, 'NotAuthorized');
    if (account && !removed && account.tokenVersion !== tokenVersionOf(claims) && account.kept !== `${account.tokenVersion}:${sessionHashOf(request)}`) {
      throw new HttpError(401, 'TokenRevoked');
    }
    request.auth = claims;
  });
}

/** The verified claims of this request; route code on protected paths calls this. */
export function authOf(request: FastifyRequest): TokenClaims {
  if (!request.auth) throw new HttpError(401, 'NotAuthenticated');
  return request.auth;
}
