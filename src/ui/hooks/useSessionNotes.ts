import type { ImpersonationNote, LoginState } from '../../db';
import { impersonationNote$, loginState$ } from '../../db/sessionNotes';
import { useDbObservable } from './useDatabase';

/** The login screen's data (SPEC §4) from the page's database: Login inside the app. */
export function useLoginState(): LoginState | undefined {
  return useDbObservable((db) => loginState$(db), []);
}

/** The impersonation in progress (SPEC §6), for the "Viewing as" bar; null when none. */
export function useImpersonation(): ImpersonationNote | null | undefined {
  return useDbObservable((db) => impersonationNote$(db), []);
}
