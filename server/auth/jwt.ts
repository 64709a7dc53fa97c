// HS256 JWTs via jose. The algorithm is pinned on verify, so 'none' or HS512 tokens fail.
// Each token has a random jti: two sign-ins in the same second are still two sessions (the
// auth hook can keep one of them across a password change, http/auth.ts).
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import * as v from 'valibot';
import { TOKEN_LIFETIME_SECONDS, TokenClaimsSchema, type TokenClaims } from '../../src/domain';

export type ClaimsInput = Omit<TokenClaims, 'exp'>;

export interface JwtKeys {
  sign(claims: ClaimsInput, lifetimeSeconds?: number): Promise<string>;
  /** The claims of a valid, unexpired token, or null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function jwtKeys(secret: string): JwtKeys {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, lifetimeSeconds = TOKEN_LIFETIME_SECONDS) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setJti(randomUUID())
        .setExpirationTime(now + lifetimeSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = v.safeParse(TokenClaimsSchema, payload);
        return parsed.success ? parsed.output : null;
      } catch {
        return null;
      }
    },
  };
}
