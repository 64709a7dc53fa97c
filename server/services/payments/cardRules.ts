// Pure card / bank-account rules of the sandbox processor: Luhn, brands, the documented test
// numbers (README.md here), ABA routing checksums, expiry, and the shapes of the ids it mints.
import { clockDate } from '../../clock';
import { randomInt } from 'node:crypto';
import type { SandboxOutcome } from '../../repositories/paymentLedger';
import type { CardBrand } from './gateway';

// Luhn and card-number normalizing are shared with the app's card form (src/domain/cardForm).
export { luhnValid, normalizeCardNumber as normalizePan } from '../../../src/domain/cardForm';

export function brandOf(pan: string): CardBrand {
  if (/^4/.test(pan)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(pan)) return 'MC';
  if (/^3[47]/.test(pan)) return 'AMEX';
  if (/^(6011|65|64[4-9])/.test(pan)) return 'DISC';
  return 'UNKNOWN';
}

/** Test numbers that do not approve (Luhn-valid, so they reach the "processor"). */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, SandboxOutcome>> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient',
  '4000000000000069': 'expired',
  '4000000000000127': 'cvv',
};

export function outcomeOfPan(pan: string): SandboxOutcome {
  return TEST_CARD_OUTCOMES[pan] ?? 'approve';
}

/** Bank accounts ending in these digits do not approve (the rest of a valid account does). */
export function outcomeOfAccount(accountNumber: string): SandboxOutcome {
  if (accountNumber.endsWith('0002')) return 'decline';
  if (accountNumber.endsWith('9995')) return 'insufficient';
  return 'approve';
}

/** ABA routing number: 9 digits, 3-7-1 weighted checksum, not all zeros. */
export function abaRoutingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing) || /^0+$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) + 7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) + ((d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0));
  return sum % 10 === 0;
}

export function bankAccountValid(account: string): boolean {
  return /^\d{4,17}$/.test(account) && !/^0+$/.test(account);
}

export type ExpiryCheck = 'ok' | 'format' | 'expired';

/** MMYY; a card is good through the last day of its month. */
export function checkExpiry(mmyy: string, now = clockDate()): ExpiryCheck {
  const match = /^(0[1-9]|1[0-2])(\d{2})$/.exec(mmyy);
  if (!match) return 'format';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const endOfMonth = Date.UTC(year, month, 1); // first instant of the following month
  return now.getTime() < endOfMonth ? 'ok' : 'expired';
}

const digits = (n: number): string => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** CardConnect-like token: 16 digits, a leading 9, the card's last four at the end. */
export const newCardToken = (lastFour: string): string => `9${digits(11)}${lastFour}`;
/** ACH tokens share the shape; they live in their own table. */
export const newAchToken = (lastFour: string): string => `9${digits(11)}${lastFour}`;
export const newRetref = (): string => `${randomInt(1, 10)}${digits(11)}`;
export const newProfileId = (): string => `${randomInt(1, 10)}${digits(19)}`;
export const newAuthCode = (): string => `${randomInt(100000, 1000000)}`;

/** A card token as minted above (never a PAN: 9 is no card network's first digit). */
export { looksLikeToken } from '../cardSecrets';
