import { useMemo } from 'react';
import { impersonationNote$, loginState$, type ImpersonationNote, type LoginState } from '../../db';
import { useDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/** The login screen's data (SPEC §4) from the page's database: Login inside the app. */
export function useLoginState(): LoginState | undefined {
  const db = useDatabase();
  const source = useMemo(() => loginState$(db), [db]);
  return useObservable(source);
}

/** The impersonation in progress (SPEC §6), for the "Viewing as" bar; null when none. */
export function useImpersonation(): ImpersonationNote | null | undefined {
  const db = useDatabase();
  const source = useMemo(() => impersonationNote$(db), [db]);
  return useObservable(source);
}
