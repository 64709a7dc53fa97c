import { useMemo } from 'react';
import type { LostWorkNote } from '../../db';
import { lostWorkNote$ } from '../../db/deviceReport';
import { useSession } from './useAuth';
import { useOpenDatabase } from './useDatabase';
import { useObservable } from './useObservable';

/** The signed-in driver's notice of work a phone lost (issue 24 item 7), until they close it; null when none. */
export function useLostWork(): LostWorkNote | null | undefined {
  const db = useOpenDatabase();
  const { company_id, account_id } = useSession().claims;
  const source = useMemo(() => db && lostWorkNote$(db, { company_id, account_id }), [db, company_id, account_id]);
  return useObservable(source);
}
