// Where an account signed in from before (issue 20): a correct password from such an address
// is served ahead of unknown ones and skips the account's failure delay, so a spray from
// other addresses cannot keep a driver out of the yard's wifi. Remembered 30 days after the
// last success; a phone on mobile data, whose address changes, is known by its device key
// instead (server/auth/deviceKey.ts).
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInKnownAddresses } from '../db/schema';

export const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_MS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000;

export async function isKnownAddress(db: Db, email: string, address: string, now: number): Promise<boolean> {
  const [row] = await db.select({ email: signInKnownAddresses.email }).from(signInKnownAddresses)
    .where(and(eq(signInKnownAddresses.email, email), eq(signInKnownAddresses.address, address), gt(signInKnownAddresses.lastSuccessAt, new Date(now - KNOWN_MS))));
  return row !== undefined;
}

export async function rememberAddress(db: Db, email: string, address: string, now: number): Promise<void> {
  const at = new Date(now);
  await db.insert(signInKnownAddresses).values({ email, address, lastSuccessAt: at })
    .onConflictDoUpdate({ target: [signInKnownAddresses.email, signInKnownAddresses.address], set: { lastSuccessAt: at } });
}

export async function purgeOldAddresses(db: Db, now: number): Promise<number> {
  const gone = await db.delete(signInKnownAddresses).where(lte(signInKnownAddresses.lastSuccessAt, new Date(now - KNOWN_MS)))
    .returning({ email: signInKnownAddresses.email });
  return gone.length;
}
