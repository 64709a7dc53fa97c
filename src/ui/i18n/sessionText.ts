// The login screen's "why you were signed out" in the active language. The English texts are
// those of `signedOutText` in src/domain/session.ts (a unit test keeps the two equal).
import type { SignOutReason } from '../../domain';
import { errorText } from './domainText';
import { t } from './index';

export function signedOutText(reason: SignOutReason, pending: number): { title: string; detail: string | null } {
  if (reason === 'removed') {
    return {
      title: t('login.removedTitle'),
      detail: pending > 0 ? t('login.removedPending', { count: pending }) : t('login.removedNone'),
    };
  }
  const title = reason === 'role' ? errorText('NotAuthorized') : t(`login.${reason}`);
  return { title, detail: pending > 0 ? t('login.waiting', { count: pending }) : null };
}
