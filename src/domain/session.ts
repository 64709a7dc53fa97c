// SPEC §4/§6 session rules as pure functions: when a stored token stops counting, and what
// the driver is told on the login screen after being signed out. The clock is always passed.
import { TOKEN_EXPIRY_MARGIN_MS, type TokenClaims } from './auth';
import { ERROR_TEXT } from './errors';

/**
 * Why the app signed the driver out (kept as a note on the phone until the next sign-in):
 * the token expired (or came within the 15-minute margin), its role is not allowed, it could
 * not be read, the server refused it (401), or the office removed the account.
 */
export type SignOutReason = 'expired' | 'role' | 'malformed' | 'rejected' | 'removed';

/** The last moment (ms) a token counts: 15 minutes before its `exp` (SPEC §9). */
export function tokenUsableUntilMs(claims: Pick<TokenClaims, 'exp'>): number {
  return claims.exp * 1000 - TOKEN_EXPIRY_MARGIN_MS;
}

/** How long until the token stops counting (0 when it already has), for a timer. */
export function msUntilTokenUnusable(claims: Pick<TokenClaims, 'exp'>, nowMs: number): number {
  return Math.max(0, tokenUsableUntilMs(claims) - nowMs);
}

function actions(n: number): string {
  return n === 1 ? '1 action' : `${n} actions`;
}

/**
 * The login screen's explanation. `pending` counts the signed-out driver's unsent outbox
 * entries: they stay on the phone and go after that driver signs in again, except when the
 * account was removed (nothing can send them: the office has to be called).
 */
export function signedOutText(reason: SignOutReason, pending: number): { title: string; detail: string | null } {
  if (reason === 'removed') {
    return {
      title: 'Your account was removed by the office.',
      detail:
        pending > 0
          ? `Call the office: ${actions(pending)} on this phone ${pending === 1 ? 'was' : 'were'} not sent.`
          : 'Call the office if this is a mistake.',
    };
  }
  const why: Record<Exclude<SignOutReason, 'removed'>, string> = {
    expired: 'You were signed out because your session expired.',
    rejected: 'You were signed out because the server no longer accepts your session.',
    role: ERROR_TEXT.NotAuthorized,
    malformed: 'You were signed out because your session could not be read.',
  };
  const waiting = pending > 0 ? `${actions(pending)} ${pending === 1 ? 'waits' : 'wait'} on this phone and will be sent after you sign in.` : null;
  return { title: why[reason], detail: waiting };
}
