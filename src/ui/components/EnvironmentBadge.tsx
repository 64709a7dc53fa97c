import { Badge } from '@chakra-ui/react';
import { environmentOf } from '../../domain';
import { domainText } from '../i18n/domainText';

/**
 * SPEC §9: outside production the login and support screens say which environment this is
 * (named from the host), so nobody mistakes a test copy for the real one. Production: nothing.
 */
export function EnvironmentBadge() {
  const name = environmentOf(window.location.hostname);
  if (name === 'Production') return null;
  // Dark text on the warning yellow (the palette's solid pair) keeps 7:1.
  return (
    <Badge colorPalette="yellow" variant="solid" size="lg" fontSize="md" px="2" py="1" data-testid="environment-badge">
      {domainText(`environments.${name}`, name)}
    </Badge>
  );
}
