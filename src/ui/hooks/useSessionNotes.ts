import { useMemo } from 'react';
import type { ImpersonationNote, LoginState } from '../../db';
import { impersonationNote$, loginState$ } from '../../db/sessionNotes';
import { useOpenDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/** The login screen's data (SPEC §4) from the page's database: Login inside the app. */
export function useLoginState(): LoginState | undefined {
  const db = useOpenDatabase();
  const source = useMemo(() => db && loginState$(db), [db]);
  return useObservable(source);
}

/** The impersonation in progress (SPEC §6), for the "Viewing as" bar; null when none. */
export function useImpersonation(): ImpersonationNote | null | undefined {
  const db = useOpenDatabase();
  const source = useMemo(() => db && impersonationNote$(db), [db]);
  return useObservable(source);
}
