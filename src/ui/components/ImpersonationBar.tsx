import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mainAppLink, mainAppOrigin, orderOfAddress } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { useImpersonation } from '../hooks/useSessionNotes';
import { Button } from '../plain/controls';
import { t } from '../i18n';

/**
 * SPEC §6: while the office views the app as a driver (an impersonation token from the main
 * app), a bar under the app bar says so and offers End. End signs the viewed driver out and
 * returns to the main app on the sibling host, at the order on screen (orderId, orderType).
 */
export function ImpersonationBar() {
  const note = useImpersonation();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  if (!note) return null;

  const end = async (): Promise<void> => {
    setEnding(true);
    // The address bar, not the rendered location: the router commits a navigation's render in a
    // transition, so a tap right after opening an order can run with the previous screen's render.
    const here = window.location;
    const origin = mainAppOrigin(here);
    const target = origin ? mainAppLink(origin, orderOfAddress(here.pathname, here.search)) : null;
    await getSyncClient().endImpersonation();
    // No sibling host (an IP, plain localhost): the sign-in screen is the way out.
    if (target) window.location.assign(target);
    else void navigate('/login', { replace: true });
  };

  return (
    <aside aria-label={t('common.impersonation.label')} className="impersonation-bar" data-testid="impersonation-bar">
      <div className="impersonation-bar__row">
        <div className="impersonation-bar__text">
          <p className="impersonation-bar__name">{t('common.impersonation.viewingAs', { name: note.name })}</p>
          {note.kept > 0 ? <p>{keptText(note.kept, note.kept_for)}</p> : null}
        </div>
        <Button size="lg" className="impersonation-bar__end" loading={ending} onClick={() => void end()} data-testid="end-impersonation">
          {t('common.impersonation.end')}
        </Button>
      </div>
    </aside>
  );
}

/** "Saying so" (SPEC §4): what happened to the unsent work of whoever used this phone before. */
function keptText(kept: number, owner: string | null): string {
  return owner ? t('common.impersonation.keptOwner', { count: kept, owner }) : t('common.impersonation.kept', { count: kept });
}
