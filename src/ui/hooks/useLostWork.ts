import { useMemo } from 'react';
import { lostWorkNote$, type LostWorkNote } from '../../db';
import { useSession } from './useAuth';
import { useDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/** The signed-in driver's notice of work a phone lost (issue 24 item 7), until they close it; null when none. */
export function useLostWork(): LostWorkNote | null | undefined {
  const db = useDatabase();
  const { company_id, account_id } = useSession().claims;
  const source = useMemo(() => lostWorkNote$(db, { company_id, account_id }), [db, company_id, account_id]);
  return useObservable(source);
}
