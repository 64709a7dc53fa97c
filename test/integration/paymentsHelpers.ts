// Shared bodies and lookups of the payments suites (payments*.test.ts).
import { PAYMENTS_API } from '../../src/domain';
import type { TestServer } from '../support/server';
import { call, postJson, type Answer } from './helpers';

export const P = PAYMENTS_API;

/** Test numbers of the sandbox (server/services/payments/README.md). */
export const CARDS = {
  visa: '4111111111111111',
  mastercard: '5454545454545454',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  expired: '4000000000000069',
  badCvv: '4000000000000127',
  luhnFails: '4111111111111112',
} as const;
/** A 4-digit CVV: rarer in random text than 3 digits, so the secret scans stay meaningful. */
export const CVV = '8319';
export const ROUTING = '021000021'; // a real, checksum-valid ABA routing number

const nextYear = (new Date().getUTCFullYear() + 2) % 100;
/**
 * Every leaf value and every key of stored rows, walked. A secret scan compares whole values, not
 * the text: the four digits of the CVV turn up inside random ids and retrefs (two full runs failed
 * on a text search, once in a profile id, once in a transaction row).
 */
export function storedLeaves(value: unknown): { values: string[]; keys: string[] } {
  const values: string[] = [];
  const keys: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        keys.push(k);
        walk(inner);
      }
    else values.push(String(v));
  };
  walk(value);
  return { values, keys };
}

export const FUTURE_EXPIRY = `12${String(nextYear).padStart(2, '0')}`;

let orderSeq = 0;
export const orderNumber = (): string => `TEST-${Date.now().toString(36)}-${(orderSeq += 1)}`;

export function cardBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    account_token: CARDS.visa,
    expiration: FUTURE_EXPIRY,
    amount: '125.50',
    first_name: 'Ada',
    last_name: 'Lovelace',
    billing_address: '12 Orchard Rd',
    billing_city: 'Lancaster',
    billing_state: 'PA',
    billing_email: 'ada@example.com',
    billing_phone: '7175550100',
    billing_zip: '17602',
    cvv: CVV,
    order_number: orderNumber(),
    ...overrides,
  };
}

export function achNewBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'ach-new',
    account_number: '123456789012',
    routing_number: ROUTING,
    amount: 410.25,
    first_name: 'Grace',
    last_name: 'Hopper',
    billing_address: '3 Mill Lane',
    billing_city: 'Dover',
    billing_state: 'DE',
    billing_zip: '19901',
    billing_phone: '3025550199',
    order_number: orderNumber(),
    ...overrides,
  };
}

export interface CardAnswer {
  approved: boolean;
  retref: string;
  profile_id: string;
  token: string;
  first_four_digits: string;
  last_four_digits: string;
  amount: string;
  status: string;
}

export interface PaymentError {
  traceId: string;
  error: string;
  message: string;
  fields?: Record<string, string>;
  retref?: string | null;
}

export const pay = <T = unknown>(server: TestServer, path: string, body: unknown, token: string, key?: string): Promise<Answer<T>> =>
  postJson<T>(server, path, body, { token, key });

export const savedCard = (server: TestServer, profileId: string, token: string): Promise<Answer> =>
  call(server, `${P.savedCardDetails}?profile_id=${encodeURIComponent(profileId)}`, { token });

export interface TxnRow {
  retref: string;
  company_id: number;
  kind: string;
  method: string;
  status: string;
  amount_cents: number;
  captured_cents: number;
  refunded_cents: number;
  parent_retref: string | null;
  token: string | null;
  profile_id: string | null;
  order_number: string | null;
  name: string | null;
}

export async function txn(server: TestServer, retref: string): Promise<TxnRow | undefined> {
  const [row] = await server.query<TxnRow>('SELECT * FROM payment_transactions WHERE retref = $1', [retref]);
  return row;
}

export async function txnsOfOrder(server: TestServer, order: string): Promise<TxnRow[]> {
  return server.query<TxnRow>('SELECT * FROM payment_transactions WHERE order_number = $1 ORDER BY id', [order]);
}

export async function companyIdOf(server: TestServer, email: string): Promise<number> {
  const [row] = await server.query<{ company_id: number }>('SELECT company_id FROM accounts WHERE email = $1', [email]);
  return row?.company_id ?? -1;
}
