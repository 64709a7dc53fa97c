// Sign-in (SPEC §4, §7) after the limits (services/loginLimits.ts) let the attempt through:
// the password through the hash gate, a token for a driver, a device key for next time; and
// the removed-user poll.
import type { TokenClaims } from '../../src/domain';
import type { DeviceKey, DeviceKeys } from '../auth/deviceKey';
import type { JwtKeys } from '../auth/jwt';
import type { Executor } from '../db/client';
import { ERROR_TEXT } from '../../src/domain';
import { HttpError } from '../http/errors';
import { accountGoneFrom, signInRowOf } from '../repositories/accounts';
import type { LoginGuard } from './loginLimits';
import type { Passwords } from './passwords';

export interface SignInDeps {
  db: Executor;
  passwords: Passwords;
  jwt: JwtKeys;
  guard: LoginGuard;
  devices: DeviceKeys;
}

export interface Credentials {
  email: string;
  password: string;
  address: string;
  /** A valid device key sent with the sign-in (of any account: checked against the email's). */
  deviceKey: DeviceKey | null;
  knownAddress: boolean;
}

/** A token and the device key to keep, or null: wrong email or password (or a removed account). */
export type SignedIn = { token: string; deviceKey: string } | null;

export async function signIn(deps: SignInDeps, credentials: Credentials): Promise<SignedIn> {
  const { email, password, address, deviceKey, knownAddress } = credentials;
  const account = await signInRowOf(deps.db, email);
  // A key of another account under this email (removed and made again) is no key.
  const deviceKeyId = deviceKey && account?.id === deviceKey.accountId ? deviceKey.id : null;
  const attempt = await deps.guard.attempt({ email, address, deviceKeyId }, deviceKeyId !== null || knownAddress);
  let ok: boolean;
  try {
    ok = await deps.passwords.verify(password, account?.passwordHash ?? null, attempt.lane);
  } catch (err) {
    await attempt.giveBack(); // refused as busy: no guess was made
    throw err;
  }
  if (!account || !ok || account.removedAt) return null;
  await attempt.succeeded(); // the right password: not a failure
  // SPEC §4: the app is for drivers; an office account gets no token every route would refuse.
  if (account.role !== 'driver') throw new HttpError(403, 'NotAuthorized', ERROR_TEXT.NotAuthorized);
  const token = await deps.jwt.sign({
    company_id: account.companyId,
    role: account.role,
    account_id: account.id,
    company: account.company,
    name: `${account.firstName} ${account.lastName}`,
    email: account.email,
    tv: account.tokenVersion,
  });
  return { token, deviceKey: await deps.devices.sign(account.id, account.email) };
}

/** The removed-user poll: true when the account was removed or moved to another company. */
export function isRemoved(db: Executor, auth: TokenClaims): Promise<boolean> {
  return accountGoneFrom(db, auth.account_id, auth.company_id);
}
