import * as v from 'valibot';
import { MAX_ID } from './ids';

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

/** A positive int4 id, as a number or as its decimal text (how JWT issuers often write `sub`). */
const AccountIdSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/), v.transform(Number))]),
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(MAX_ID),
);

/**
 * SPEC §6 confirms only `company_id`, `role` and `exp`; a token the main app hands over (the
 * `jwt` cookie) may carry nothing else. Our own sign-in adds `account_id`, `company`, `name`,
 * `email` and `tv`; all of them are optional here. The account is what both sides cannot do
 * without (whose orders, whose outbox): it is `account_id`, else the registered `sub` claim
 * (RFC 7519 §4.1.2, the token's subject); a token naming neither is refused (malformed).
 */
export const TokenClaimsSchema = v.pipe(
  v.object({
    company_id: v.number(),
    role: v.string(),
    exp: v.number(),
    account_id: v.optional(AccountIdSchema),
    sub: v.optional(v.unknown()),
    company: v.optional(v.string()),
    name: v.optional(v.string()),
    email: v.optional(v.string()),
    /** The account's token_version when signed (server-side revocation); absent in tokens made before it existed (= 1). */
    tv: v.optional(v.number()),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { sub, account_id, ...rest } = dataset.value;
    const fromSub = v.safeParse(AccountIdSchema, sub);
    const account = account_id ?? (fromSub.success ? fromSub.output : undefined);
    if (account === undefined) {
      addIssue({ message: 'The token names no account (account_id or sub)' });
      return NEVER;
    }
    return { ...rest, account_id: account };
  }),
);
export type TokenClaims = v.InferOutput<typeof TokenClaimsSchema>;

/** The claims of a decoded token, or null when they lack SPEC's confirmed ones or an account. */
export function parseClaims(raw: unknown): TokenClaims | null {
  const parsed = v.safeParse(TokenClaimsSchema, raw);
  return parsed.success ? parsed.output : null;
}

/** How the app names the signed-in driver: the token's name, else its email, else the account number. */
export function driverNameOf(claims: Pick<TokenClaims, 'name' | 'email' | 'account_id'>): string {
  return claims.name || claims.email || `#${claims.account_id}`;
}

export type TokenVerdict = 'ok' | 'expired' | 'role' | 'malformed';

export function judgeClaims(claims: unknown, nowMs: number): TokenVerdict {
  const parsed = parseClaims(claims);
  if (!parsed) return 'malformed';
  if (parsed.exp * 1000 - TOKEN_EXPIRY_MARGIN_MS <= nowMs) return 'expired';
  if (!(ALLOWED_ROLES as readonly string[]).includes(parsed.role)) return 'role';
  return 'ok';
}

export const LoginBodySchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(254)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});

export type LoginResult = { ok: true } | { ok: false; error: import('./errors').ErrorCode; message: string };
