// Card secrets (issue 21; PCI DSS 3.3/3.5): which body fields hold them is src/domain/cardSecrets.ts
// (the phone's export reads it too); this is what each use of the server keeps of them. Log lines
// never show them, hashes and stored bodies never hold a CVV or a full card or bank number, and a
// processor token (`9` + 15 digits) is no secret.
// The stand-ins below are what Idempotency-Key hashes were made of: a change here changes
// stored hashes, so a retry after a deploy would be refused as a reused key.

import { BANK_NUMBER_FIELDS, CARD_NUMBER_FIELDS, CVV_FIELDS, looksLikeToken } from '../../src/domain/cardSecrets';

export { BANK_NUMBER_FIELDS, CARD_NUMBER_FIELDS, CVV_FIELDS, looksLikeToken };

const isCvv = (key: string): boolean => CVV_FIELDS.includes(key);
const isCardNumber = (key: string): boolean => CARD_NUMBER_FIELDS.includes(key);
const isBankNumber = (key: string): boolean => BANK_NUMBER_FIELDS.includes(key);
const digitsOf = (value: string | number): string => String(value).replace(/[\s-]/g, '');
const lastFour = (prefix: string, text: string): string => `${prefix}:${text.length}:${text.slice(-4)}`;

/** Log redaction (pino paths): passwords, the bearer token and every card secret, at the top and one level down. */
export const LOG_REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'body.password',
  ...[...CVV_FIELDS, 'card_token', 'card_number', ...BANK_NUMBER_FIELDS].flatMap((field) => [field, `*.${field}`]),
];

/**
 * The body as hashed for Idempotency-Key: CVVs left out (a retry may re-type one), card and
 * bank numbers as length and last four, processor tokens as they are.
 */
export function redactForHash(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (isCvv(key)) continue;
    if (isBankNumber(key) && typeof value === 'string') safe[key] = lastFour('acct', value);
    else if (isCardNumber(key) && (typeof value === 'string' || typeof value === 'number')) {
      const text = digitsOf(value);
      safe[key] = looksLikeToken(text) ? text : lastFour('pan', text);
    } else safe[key] = value;
  }
  return safe;
}

/**
 * Splits a payment body into what may be kept (a card or bank number as length and last four,
 * a token as it is, no CVV) and the secrets the handler alone reads back.
 */
export function liftSecrets(body: Record<string, unknown>): { safe: Record<string, unknown>; secrets: Record<string, unknown> } {
  const secrets: Record<string, unknown> = {};
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (isCvv(key)) secrets[key] = value;
    else if (isCardNumber(key) || isBankNumber(key)) {
      secrets[key] = value;
      safe[key] = standIn(key, value);
    } else safe[key] = value;
  }
  return { safe, secrets };
}

function standIn(key: string, value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = digitsOf(value);
  if (isBankNumber(key)) return lastFour('acct', text);
  return looksLikeToken(text) ? value : lastFour('pan', text);
}

/** What is stored with a delivery: the body without its CVV (card numbers never reach a delivery body). */
export function withoutCvv(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([key]) => !isCvv(key)));
}
