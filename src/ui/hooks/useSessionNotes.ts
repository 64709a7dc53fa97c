import { useMemo } from 'react';
import { of } from 'rxjs';
import { impersonationNote$, signedOutNote$, unsentCount$, type ImpersonationNote, type SignedOutNote } from '../../db';
import { useDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/** Why the app last signed a driver out (SPEC §4), for the login screen; null when it did not. */
export function useSignedOutNote(): SignedOutNote | null | undefined {
  const db = useDatabase();
  const source = useMemo(() => signedOutNote$(db), [db]);
  return useObservable(source);
}

/** The impersonation in progress (SPEC §6), for the "Viewing as" bar; null when none. */
export function useImpersonation(): ImpersonationNote | null | undefined {
  const db = useDatabase();
  const source = useMemo(() => impersonationNote$(db), [db]);
  return useObservable(source);
}

/** Unsent outbox entries of one driver (signed in or not); 0 when nobody is named. */
export function useUnsentCount(who: { company_id: number; account_id: number } | null | undefined): number | undefined {
  const db = useDatabase();
  const company = who?.company_id;
  const account = who?.account_id;
  const source = useMemo(
    () => (company === undefined || account === undefined ? of(0) : unsentCount$(db, { company_id: company, account_id: account })),
    [db, company, account],
  );
  return useObservable(source);
}
