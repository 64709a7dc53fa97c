import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth, SessionContext } from '../hooks/useAuth';
import { dropHomeSnapshot, removeBootSnapshot } from '../homeSnapshot';
import { loginPathFor } from '../loginRedirect';
import { Loading } from './Loading';

/** SPEC §2: every screen but Login needs a valid driver session; otherwise → Login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (!auth) return <Loading fullScreen />;
  if (auth.status !== 'authenticated') {
    // Signed out: the next driver on this phone never sees this one's list at a cold start.
    dropHomeSnapshot();
    removeBootSnapshot();
    return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  }
  return <SessionContext value={auth.session}>{children}</SessionContext>;
}
