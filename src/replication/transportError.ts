import { ERROR_TEXT, isErrorCode, LOGIN_FAILURE_TEXT, orderHolderOf, type ErrorCode, type OrderHolder } from '../domain';

/**
 * How a failed call should be treated: retry later (network, timeout, 5xx, 429, a request
 * still in flight), pause until the driver signs in again (401), pause until the app is
 * updated (426 ClientTooOld: the server no longer accepts this build's contract), or stop and
 * show the driver (other 4xx and business errors).
 */
export type FailureKind = 'retry' | 'auth' | 'upgrade' | 'permanent';

export class TransportError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly code: ErrorCode | 'NetworkError' | 'Timeout' | 'PhotoMissing',
    message: string,
    readonly status: number | null,
    /** Who has the order now, when a deliver call's refusal names them (src/domain/orderHolder.ts). */
    readonly holder: OrderHolder | null = null,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export function networkError(cause: unknown): TransportError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new TransportError('retry', 'NetworkError', `The server could not be reached (${detail})`, null);
}

export function timeoutError(ms: number): TransportError {
  return new TransportError('retry', 'Timeout', `The server did not answer within ${Math.round(ms / 1000)} s`, null);
}

/** A call with a body that stopped moving (progressBudget.ts): retried like a time-out. */
export function stalledError(ms: number): TransportError {
  return new TransportError('retry', 'Timeout', `Nothing reached the server or came back for ${Math.round(ms / 1000)} s`, null);
}

/** SPEC §8's transport rule, using the server's `{error, message}` body when it has one. */
export function httpError(status: number, bodyText: string): TransportError {
  let code: ErrorCode = 'GeneralError';
  let message: string = ERROR_TEXT.GeneralError;
  let holder: OrderHolder | null = null;
  if (bodyText.trim() === LOGIN_FAILURE_TEXT) {
    code = 'IncorrectEmailOrPassword';
    message = ERROR_TEXT.IncorrectEmailOrPassword;
  } else {
    const parsed = parseErrorBody(bodyText);
    if (parsed) {
      code = parsed.code;
      message = parsed.message;
      holder = parsed.holder;
    } else if (status === 404) {
      code = 'NotFound';
      message = ERROR_TEXT.NotFound;
    } else if (status === 401) {
      // SPEC §8: a 401 is "not authorized"; "not authenticated" is only a call made without a token (http.ts).
      code = 'NotAuthorized';
      message = ERROR_TEXT.NotAuthorized;
    } else if (status === 426) {
      code = 'ClientTooOld';
      message = ERROR_TEXT.ClientTooOld;
    } else if (status === 403) {
      code = 'NotAuthorized';
      message = ERROR_TEXT.NotAuthorized;
    }
  }
  return new TransportError(kindOfStatus(status, code), code, message, status, holder);
}

function kindOfStatus(status: number, code: ErrorCode): FailureKind {
  if (status === 401) return 'auth';
  if (status === 426) return 'upgrade';
  if (status >= 500 || status === 429 || status === 408) return 'retry';
  if (status === 409 && code === 'IdempotencyKeyInFlight') return 'retry';
  return 'permanent';
}

function parseErrorBody(text: string): { code: ErrorCode; message: string; holder: OrderHolder | null } | null {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (!isErrorCode(body.error)) return null;
    const message = typeof body.message === 'string' && body.message ? body.message : ERROR_TEXT[body.error];
    return { code: body.error, message, holder: orderHolderOf(body) };
  } catch {
    return null;
  }
}
