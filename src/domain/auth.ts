import * as v from 'valibot';

/** SPEC §6: only the driver role may enter the app. */
export const ALLOWED_ROLES = ['driver'] as const;
export const ROLES = [
  'customer',
  'dealer',
  'dispatch',
  'driver',
  'financing',
  'manufacturing',
  'office_admin',
  'rto',
  'sales_rep',
  'shop_staff',
  'super_admin',
] as const;
export type Role = (typeof ROLES)[number];

/** SPEC §9: a token within 15 minutes of expiry is not accepted. */
export const TOKEN_EXPIRY_MARGIN_MS = 15 * 60 * 1000;
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export const TokenClaimsSchema = v.object({
  company_id: v.number(),
  role: v.string(),
  exp: v.number(),
  account_id: v.number(),
  company: v.string(),
  name: v.string(),
  email: v.string(),
  /** The account's token_version when signed (server-side revocation); absent in tokens made before it existed (= 1). */
  tv: v.optional(v.number()),
});
export type TokenClaims = v.InferOutput<typeof TokenClaimsSchema>;

export type TokenVerdict = 'ok' | 'expired' | 'role' | 'malformed';

export function judgeClaims(claims: unknown, nowMs: number): TokenVerdict {
  const parsed = v.safeParse(TokenClaimsSchema, claims);
  if (!parsed.success) return 'malformed';
  if (parsed.output.exp * 1000 - TOKEN_EXPIRY_MARGIN_MS <= nowMs) return 'expired';
  if (!(ALLOWED_ROLES as readonly string[]).includes(parsed.output.role)) return 'role';
  return 'ok';
}

export const LoginBodySchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(254)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});

export type LoginResult = { ok: true } | { ok: false; error: import('./errors').ErrorCode; message: string };
