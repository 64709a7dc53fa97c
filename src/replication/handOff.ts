import { API, ERROR_TEXT, type ErrorCode } from '../domain';
import { authStateOf, readImpersonationNote, readToken, type DriverDatabase } from '../db';
import type { HttpClient } from './http';
import { TransportError } from './transportError';

/**
 * What became of a token the main app handed over in the `jwt` cookie. `retry`: nothing could
 * be decided (no signal): the page offers the same cookie again on its next load.
 */
export type HandOffResult =
  | { ok: true; signedIn: boolean }
  /** `kept`: a driver's session is still stored (the refusal changed nothing for them). */
  | { ok: false; error: ErrorCode; message: string; retry: boolean; kept: boolean };

type Refusal = Omit<Extract<HandOffResult, { ok: false }>, 'kept'>;

export interface HandOffDeps {
  db: DriverDatabase;
  now: () => number;
  /** A client whose calls carry `token` as their bearer token, whatever is stored. */
  httpWith: (token: string) => HttpClient;
  /** The session rules' sign-in: stores the token, clears the notes, syncs now. */
  signedIn: (token: string) => Promise<void>;
}

const refused = (error: ErrorCode, message: string = ERROR_TEXT[error]): Refusal => ({ ok: false, error, message, retry: false });

/**
 * SPEC §6/§9: the main app keeps the driver's token in a `jwt` cookie; the page reads it and
 * hands it here. It gets every check a bearer token gets before it becomes the session: the
 * phone's (claims, expiry margin, driver role) and the server's (signature, expiry, role,
 * revocation, a removed account), by one call of the removed-user check under that token. A
 * refused token leaves the stored session as it was; an impersonation in progress takes
 * precedence (SPEC §6) and is kept.
 */
export async function handOffToken(deps: HandOffDeps, token: string): Promise<HandOffResult> {
  const result = await judgeHandOff(deps, token);
  if (result.ok) return result;
  return { ...result, kept: authStateOf(await readToken(deps.db), deps.now()).status === 'authenticated' };
}

async function judgeHandOff(deps: HandOffDeps, token: string): Promise<{ ok: true; signedIn: boolean } | Refusal> {
  const state = authStateOf(token, deps.now());
  if (state.status !== 'authenticated') return refused('NotAuthorized');
  if ((await readToken(deps.db)) === token) return { ok: true, signedIn: false };
  if (await readImpersonationNote(deps.db)) return { ok: true, signedIn: false };
  try {
    const removed = await deps.httpWith(token).read(`GET ${API.companyUserIsRemoved}`);
    if (removed) return refused('AccountRemoved');
  } catch (error) {
    if (!(error instanceof TransportError)) return refused('GeneralError');
    // No signal, a time-out, an app too old for the server: nothing decided, the cookie is offered again next load.
    if (error.code === 'NetworkError' || error.code === 'Timeout' || error.kind === 'upgrade' || error.kind === 'retry') {
      const message = error.kind === 'upgrade' ? ERROR_TEXT.ClientTooOld : 'Signing in needs a connection. Try again when you are online.';
      return { ok: false, error: error.kind === 'upgrade' ? 'ClientTooOld' : 'GeneralError', message, retry: true };
    }
    // A 401 is "not authorized" (SPEC §8; AccountRemoved and TokenRevoked keep their words), a 403 the role.
    if (error.code === 'AccountRemoved' || error.code === 'TokenRevoked') return refused(error.code);
    return refused(error.status === 401 || error.status === 403 ? 'NotAuthorized' : 'GeneralError');
  }
  await deps.signedIn(token);
  return { ok: true, signedIn: true };
}
