import { API, ERROR_TEXT, SIGN_IN_DEVICE_HEADER, type LoginResult } from '../domain';
import { authStateOf, readDeviceKey, writeDeviceKey, type DriverDatabase } from '../db';
import { AnswerNotUnderstood } from './endpointCall';
import type { HttpClient } from './http';
import { TransportError } from './transportError';

export interface SignInDeps {
  db: DriverDatabase;
  http: HttpClient;
  now: () => number;
  /** The session rules take the token (session.ts). */
  signedIn: (token: string) => Promise<void>;
}

/** SPEC §4 sign-in, with this phone's device key for that email (server/auth/deviceKey.ts). */
export async function signIn(deps: SignInDeps, email: string, password: string): Promise<LoginResult> {
  try {
    const deviceKey = await readDeviceKey(deps.db, email);
    const { answer: token, headers } = await deps.http.callWithHeaders(
      `POST ${API.login}`,
      { email, password },
      {
        auth: false,
        headers: deviceKey ? { [SIGN_IN_DEVICE_HEADER]: deviceKey } : {},
      },
    );
    const newKey = headers.get(SIGN_IN_DEVICE_HEADER);
    if (newKey) await writeDeviceKey(deps.db, email, newKey);
    const state = authStateOf(token, deps.now());
    if (state.status !== 'authenticated') {
      return { ok: false, error: 'NotAuthorized', message: ERROR_TEXT.NotAuthorized };
    }
    await deps.signedIn(token);
    return { ok: true };
  } catch (error) {
    // An answer that is no token: the SPEC §8 general text, not the parser's.
    if (error instanceof AnswerNotUnderstood) return { ok: false, error: 'GeneralError', message: ERROR_TEXT.GeneralError };
    if (error instanceof TransportError) {
      if (error.code === 'NetworkError' || error.code === 'Timeout' || error.code === 'PhotoMissing') {
        return { ok: false, error: 'GeneralError', message: 'Signing in needs a connection. Try again when you are online.' };
      }
      return { ok: false, error: error.code, message: error.message };
    }
    return { ok: false, error: 'GeneralError', message: ERROR_TEXT.GeneralError };
  }
}
