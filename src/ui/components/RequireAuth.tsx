import { useDeferredValue, useState, type ReactNode } from 'react';
import type { Session } from '../../db';
import { Navigate, useLocation } from 'react-router';
import { useAuth, SessionContext } from '../hooks/useAuth';
import { dropHomeSnapshot, keptHome } from '../homeSnapshot';
import { loginPathFor } from '../loginRedirect';
import { Loading } from './Loading';

/** SPEC §2: every screen but Login needs a valid driver session; otherwise → Login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const live = useAuth();
  // The first answer (signed in or not) renders the shell and the screen behind it: at a cold
  // start that was one render of ~270 ms at 4× CPU (Chakra styles every part on its first
  // render). Deferred, it renders in a transition, in slices that yield to paints, while the
  // loading screen (and the cold-start picture) stay. Nothing on screen takes a tap meanwhile.
  // Every later answer (a sign-out) is used at once.
  const first = useDeferredValue(live);
  const auth = first === undefined ? undefined : live;
  const location = useLocation();
  // Until PWADB answers, a start on Home draws for the driver its rows were kept for (the token
  // stays in PWADB: the page never sends it, the sync worker does); PWADB's answer then rules.
  const [kept] = useState(keptSession);
  if (!auth) return kept ? <SessionContext value={kept}>{children}</SessionContext> : <Loading fullScreen />;
  if (auth.status !== 'authenticated') {
    // Signed out: the next driver on this phone never sees this one's list at a cold start.
    dropHomeSnapshot();
    return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  }
  return <SessionContext value={auth.session}>{children}</SessionContext>;
}

function keptSession(): Session | null {
  const claims = keptHome()?.claims;
  return claims ? { token: '', claims } : null;
}
