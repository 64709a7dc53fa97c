import type { LostWorkNote } from '../../db';
import { lostWorkNote$ } from '../../db/deviceReport';
import { useSession } from './useAuth';
import { useDbObservable } from './useDatabase';

/** The signed-in driver's notice of work a phone lost (issue 24 item 7), until they close it; null when none. */
export function useLostWork(): LostWorkNote | null | undefined {
  const { company_id, account_id } = useSession().claims;
  return useDbObservable((db) => lostWorkNote$(db, { company_id, account_id }), [company_id, account_id]);
}
