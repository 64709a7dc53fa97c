import { takeImpersonationToken } from '../domain';
import { getSyncClient } from '../workers/client';
import { dropHomeSnapshot } from './homeSnapshot';
import { notify } from './toaster';

/**
 * SPEC §4/§6: the main app opens the driver app with `?impersonation_token=<JWT>` (see
 * IMPERSONATION_PARAM). The token leaves the address at once (never in history or a shared
 * link), then the worker stores it in place of the driver's own. The app renders after the
 * worker answered, so no screen shows the previous driver's data in between.
 */
export async function startImpersonationFromAddress(): Promise<void> {
  const { token, cleaned } = takeImpersonationToken(window.location.href);
  if (cleaned !== window.location.href) window.history.replaceState(window.history.state, '', cleaned);
  if (!token) return;
  // The driver viewed is not the one Home was kept for.
  dropHomeSnapshot();
  try {
    const result = await getSyncClient().impersonate(token);
    if (!result.ok) setTimeout(() => notify(result.message, 'error'), 300);
  } catch (error) {
    console.error('impersonation failed', error);
    setTimeout(() => notify("Could not open the driver's view. Open the link again from the main app.", 'error'), 300);
  }
}
