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

/** Verified tokens remembered (a phone sends the same token on every call for hours). */
const VERIFIED_CACHE_SIZE = 5_000;

export function jwtKeys(secret: string, now: () => number = Date.now): JwtKeys {
  const key = new TextEncoder().encode(secret);
  // Token text → its claims, once the signature checked out: the same bytes always verify the
  // same way, so only the expiry is judged again (HMAC through WebCrypto was a visible part of
  // a small read). Revocation is the auth hook's account check, on every call regardless.
  const verified = new Map<string, TokenClaims>();
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
      const known = verified.get(token);
      if (known) return known.exp * 1000 > now() ? known : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
        const parsed = v.safeParse(TokenClaimsSchema, payload);
        if (!parsed.success) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, parsed.output);
        return parsed.output;
      } catch {
        return null;
      }
    },
  };
}
