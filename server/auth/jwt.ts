// HS256 JWTs via jose. The algorithm is pinned on verify, so 'none' or HS512 tokens fail.
// Each token has a random jti: two sign-ins in the same second are still two sessions (the
// auth hook can keep one of them across a password change, http/auth.ts).
// A token lives at most MAX_TOKEN_AGE_SECONDS from its `iat`, whatever its `exp` says (issue 20:
// a token minted with a leaked secret and a far `exp` must not last a year). SPEC §6 promises
// only company_id, role and exp (the main app's tokens may carry no `iat`): one without `iat`
// is refused when its `exp` is further than that age from now, so no token lasts longer either
// way. Past either, verify answers null: the same 401 as an expired token.
import { clockMs } from '../clock';
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS, parseClaims, type TokenClaims } from '../../src/domain';

/** The longest a token is accepted after its `iat` (the lifetime sign gives it). */
export const MAX_TOKEN_AGE_SECONDS = TOKEN_LIFETIME_SECONDS;

/** How far ahead of this clock an `iat` may be (another instance's clock): a far future one would dodge the cap. */
const IAT_SKEW_MS = 5 * 60_000;

export type ClaimsInput = Omit<TokenClaims, 'exp'>;

export interface JwtKeys {
  sign(claims: ClaimsInput, lifetimeSeconds?: number): Promise<string>;
  /** The claims of a valid, unexpired token, or null. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Verified tokens remembered (a phone sends the same token on every call for hours). */
const VERIFIED_CACHE_SIZE = 5_000;

export function jwtKeys(secret: string, now: () => number = clockMs): JwtKeys {
  const key = new TextEncoder().encode(secret);
  // Token text → its claims, once the signature checked out: the same bytes always verify the
  // same way, so only its end (exp, or the age cap) is judged again (HMAC through WebCrypto was a visible part of
  // a small read). Revocation is the auth hook's account check, on every call regardless.
  const verified = new Map<string, { claims: TokenClaims; endsAtMs: number }>();
  return {
    async sign(claims, lifetimeSeconds = TOKEN_LIFETIME_SECONDS) {
      const now = Math.floor(clockMs() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setJti(randomUUID())
        .setExpirationTime(now + lifetimeSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.endsAtMs > now() ? known.claims : null;
      try {
        const at = now();
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(at) });
        const claims = parseClaims(payload);
        if (!claims) return null;
        const { iat } = payload;
        // Not jose's maxTokenAge: it refuses any `iat` a second ahead, and instances' clocks differ a little.
        if (iat !== undefined && (typeof iat !== 'number' || iat * 1000 > at + IAT_SKEW_MS)) return null;
        if (iat === undefined && claims.exp * 1000 > at + MAX_TOKEN_AGE_SECONDS * 1000 + IAT_SKEW_MS) return null;
        const endsAtMs = Math.min(claims.exp, (iat ?? claims.exp) + MAX_TOKEN_AGE_SECONDS) * 1000;
        if (endsAtMs <= at) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, endsAtMs });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
