import { ERROR_TEXT, type ErrorCode } from '../../domain';
import { isConnectivity } from '../fetchReport';
import { TransportError } from '../transportError';

// What the profile area's worker RPCs answer the page. They are online by nature (DESIGN §1):
// the page shows `message` (a SPEC §8 text) and, when the server named a reason, `detail`
// beside the field it concerns. No signal is not a failure to report, only a reason.

export interface RpcFailure {
  ok: false;
  /** No signal, a time-out, or the phone is offline: the page says so instead of an error. */
  offline: boolean;
  /** The SPEC §8 text of what failed ("Failed to save settings"). */
  message: string;
  /** The server's own message, when it gave one ("This email is already used by another account"). */
  detail: string | null;
  /** The form field the server's message is about, when it named one. */
  field: string | null;
}

export const OFFLINE_TEXT = 'You are offline. This needs a connection to the office.';

/** Turns what a call threw into the page's answer under `code`'s SPEC §8 text. */
export function failureOf(error: unknown, code: ErrorCode): RpcFailure {
  if (isConnectivity(error) && !(error instanceof TransportError && (error.kind === 'auth' || error.kind === 'upgrade'))) {
    return { ok: false, offline: true, message: OFFLINE_TEXT, detail: null, field: null };
  }
  let detail: string | null = null;
  let field: string | null = null;
  if (error instanceof TransportError && error.code !== 'GeneralError') {
    detail = error.message;
    if (error.code === 'EmailAlreadyInUse') field = 'email';
    // InvalidRequest names the field first: "email: Enter a valid email".
    const named = /^([a-z_]+): (.+)$/.exec(error.message);
    if (error.code === 'InvalidRequest' && named?.[1] && named[2]) [field, detail] = [named[1], named[2]];
  }
  return { ok: false, offline: false, message: ERROR_TEXT[code], detail, field };
}

export function plainFailure(code: ErrorCode, detail: string | null = null): RpcFailure {
  return { ok: false, offline: false, message: ERROR_TEXT[code], detail, field: null };
}
