// Where an account signed in from before (issue 20): a correct password from such an address
// is served ahead of unknown ones and skips the account's failure delay, so a spray from
// other addresses cannot keep a driver out of the yard's wifi. Remembered 30 days after the
// last success; a phone on mobile data, whose address changes, is known by its device key
// instead (server/auth/deviceKey.ts).
import type { Db } from '../db/client';
import { deleteAddressesSeenBefore, rememberSignInAddress, signedInFromSince } from '../repositories/signInCounters';

export const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_MS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000;

export function isKnownAddress(db: Db, email: string, address: string, now: number): Promise<boolean> {
  return signedInFromSince(db, email, address, new Date(now - KNOWN_MS));
}

export function rememberAddress(db: Db, email: string, address: string, now: number): Promise<void> {
  return rememberSignInAddress(db, email, address, new Date(now));
}

export function purgeOldAddresses(db: Db, now: number): Promise<number> {
  return deleteAddressesSeenBefore(db, new Date(now - KNOWN_MS));
}
