import { environmentOf } from '../../domain';
import { domainText } from '../i18n/domainText';
import './EnvironmentBadge.css';

/**
 * SPEC §9: outside production the login and support screens say which environment this is
 * (named from the host), so nobody mistakes a test copy for the real one. Production: nothing.
 * Plain markup, no Chakra: the login screen shows it before Chakra is loaded (LoginScreen.tsx).
 */
export function EnvironmentBadge() {
  const name = environmentOf(window.location.hostname);
  if (name === 'Production') return null;
  return (
    <span className="environment-badge" data-testid="environment-badge">
      {domainText(`environments.${name}`, name)}
    </span>
  );
}
