// A device's proof that it signed in to an account before (issue 20): handed out with every
// successful sign-in (SIGN_IN_DEVICE_HEADER, src/domain/api.ts) and sent back by the app with its
// next sign-in for that email. It is no credential (it opens nothing; the password is still
// checked): it only puts the attempt in the known lane, ahead of a spray from unknown
// addresses and past the account's failure delay (services/loginLimits.ts), and gives the
// device a failure budget of its own. HS256 with a key derived from the JWT secret, so it can
// never pass as a session token (nor a token as one of these); 90 days.
import { clockMs } from '../clock';
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const LIFETIME_SECONDS = 90 * 24 * 60 * 60;
const TYPE = 'sign-in-device';

export interface DeviceKey {
  id: string;
  accountId: number;
}

export interface DeviceKeys {
  sign(accountId: number, email: string): Promise<string>;
  /**
   * The key when it is valid, unexpired and names this email; else null. No database read (it
   * runs before any, for every sign-in): the caller compares `accountId` once it has the account.
   */
  verify(key: string | undefined, email: string): Promise<DeviceKey | null>;
}

export function deviceKeys(secret: string, now: () => number = clockMs): DeviceKeys {
  const key = createHmac('sha256', secret).update(TYPE).digest();
  return {
    async sign(accountId, email) {
      const at = Math.floor(now() / 1000);
      return new SignJWT({ email: email.toLowerCase() })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(String(accountId))
        .setIssuedAt(at)
        .setExpirationTime(at + LIFETIME_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token, email) {
      if (!token || token.length > 1_000) return null;
      try {
        const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()), typ: TYPE });
        const accountId = Number(payload.sub);
        const ok = protectedHeader.typ === TYPE && Number.isSafeInteger(accountId) && payload.email === email.toLowerCase() && typeof payload.jti === 'string';
        return ok ? { id: payload.jti as string, accountId } : null;
      } catch {
        return null;
      }
    },
  };
}
