import { useCallback, useEffect } from 'react';
import { keepOrderListWarm } from '../../db/orderList';
import { useDatabase } from '../hooks/useDatabase';
import { useNavigate, useSearchParams } from 'react-router';
import { useLoginState } from '../hooks/useSessionNotes';
import { LoginScreen } from './LoginScreen';

/**
 * The /login route inside the app (after a sign-out or a guard's redirect): LoginScreen on the
 * router, reading the page's database, so the guard of the next screen has already seen the
 * new session when the screen moves on.
 */
export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useLoginState();
  // The order list's query runs before the first pull writes its pages (orderList.ts).
  const db = useDatabase();
  useEffect(() => keepOrderListWarm(db), [db]);
  const onAuthenticated = useCallback((target: string) => void navigate(target, { replace: true }), [navigate]);
  return <LoginScreen state={state} redirect={params.get('redirect') ?? ''} onAuthenticated={onAuthenticated} />;
}
