import { useNavigate } from 'react-router';
import { Button } from '../plain/controls';
import { t } from '../i18n';

/** React Router's index of this entry in its history stack; 0 when the app was opened here. */
function historyIndex(): number | null {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  return typeof state.idx === 'number' ? state.idx : null;
}

/**
 * The way back from every screen below Home (the Shell shows it): the previous screen, or
 * Home when the app was opened on this screen (a link, a reload of a deep address).
 */
export function BackButton() {
  const navigate = useNavigate();
  const back = (): void => {
    const idx = historyIndex();
    if (idx !== null && idx > 0) void navigate(-1);
    else void navigate('/');
  };
  return (
    // px at the start: the arrow lines up with the screen's 12 px edge at any text size.
    <Button variant="ghost" className="back-button" onClick={back} data-testid="back-button">
      <BackIcon />
      {t('common.back')}
    </Button>
  );
}

function BackIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}
