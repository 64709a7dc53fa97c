import { createContext, use } from 'react';
import type { AuthState, Session } from '../../db';
import { authState$ } from '../../db/localState';
import { useDbObservable } from './useDatabase';

/** The stored session (SPEC §4), or undefined while the first read is in flight. */
export function useAuth(): AuthState | undefined {
  return useDbObservable((db) => authState$(db), []);
}

/**
 * The auth guard provides the session to everything below it, so screens never see a
 * half-signed-out state (the guard swaps them for the login redirect in the same render).
 */
export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession outside the auth guard');
  return session;
}
