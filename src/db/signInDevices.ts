import type { DriverDatabase } from './database';

// The device keys the server handed this phone at sign-in, one per email (SIGN_IN_DEVICE_HEADER
// in src/domain/api.ts). Kept across sign-outs on purpose: a key opens nothing by itself (the
// password is still checked), it only tells the server this phone signed in here before, so a
// password spray against the account from elsewhere does not hold the driver up.

const DEVICE_KEYS_ID = 'sign-in-devices';
/** Emails remembered at most (a shared phone); the oldest goes first. */
const MAX_EMAILS = 20;

interface DeviceKeysData {
  keys: { email: string; key: string }[];
}

const normal = (email: string): string => email.trim().toLowerCase();

export async function readDeviceKey(db: DriverDatabase, email: string): Promise<string | null> {
  const doc = await db.getLocal<DeviceKeysData>(DEVICE_KEYS_ID);
  return doc?.toJSON().data.keys.find((k) => k.email === normal(email))?.key ?? null;
}

export async function writeDeviceKey(db: DriverDatabase, email: string, key: string): Promise<void> {
  const doc = await db.getLocal<DeviceKeysData>(DEVICE_KEYS_ID);
  const others = (doc?.toJSON().data.keys ?? []).filter((k) => k.email !== normal(email));
  await db.upsertLocal<DeviceKeysData>(DEVICE_KEYS_ID, { keys: [...others, { email: normal(email), key }].slice(-MAX_EMAILS) });
}
