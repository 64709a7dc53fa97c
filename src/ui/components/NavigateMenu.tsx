import { Button, Drawer, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { isUsablePosition, navigationLinks, type LatLon } from '../../domain';
import { AppDrawer } from './AppDrawer';
import { registerTexts, t } from '../i18n';
import { order as orderTexts } from '../i18n/en/order';

registerTexts('order', orderTexts);

interface Props {
  /** Where to go; nothing is shown when it is missing or not a usable position. */
  to: LatLon | null | undefined;
  /** How the destination is named (the drawer's title and the geo: label). */
  label: string;
  buttonProps?: ButtonProps;
}

/**
 * "Navigate": a bottom sheet offering the phone's map apps on the destination (Google Maps,
 * Apple Maps, or any app through geo:). Turn-by-turn is theirs; the app only hands over the
 * position. Hidden when no position is known.
 */
export function NavigateMenu({ to, label, buttonProps }: Props) {
  const [open, setOpen] = useState(false);
  if (!isUsablePosition(to)) return null;
  const links = navigationLinks(to, label);
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <>
      <Button colorPalette="primary" variant="outline" data-testid="navigate" onClick={() => setOpen(true)} {...buttonProps}>
        <NavigateIcon />
        {t('order.navigate')}
      </Button>
      <AppDrawer
        open={open}
        onClose={() => setOpen(false)}
        placement="bottom"
        contentProps={{ roundedTop: 'l3', maxW: '3xl', mx: 'auto' }}
        header={
          <Stack gap="0">
            <Drawer.Title>{t('order.navigateTo', { name: label })}</Drawer.Title>
            <Text fontSize="md" color="fg.muted">
              {to.lat.toFixed(5)}, {to.lon.toFixed(5)}
            </Text>
          </Stack>
        }
        bodyProps={{ pb: '6' }}
      >
        <Stack gap="3" data-testid="navigate-links">
          <Button asChild colorPalette="primary" size="lg" onClick={() => setOpen(false)}>
            <a href={links.google} {...external}>
              Google Maps
            </a>
          </Button>
          <Button asChild colorPalette="primary" variant="outline" size="lg" onClick={() => setOpen(false)}>
            <a href={links.apple} {...external}>
              Apple Maps
            </a>
          </Button>
          <Button asChild colorPalette="primary" variant="outline" size="lg" onClick={() => setOpen(false)}>
            {/* geo: opens the phone's chooser of map apps (Android); no target, it is not a web page. */}
            <a href={links.geo}>{t('order.otherMapApp')}</a>
          </Button>
        </Stack>
      </AppDrawer>
    </>
  );
}

function NavigateIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M21.7 2.3a1 1 0 0 0-1.06-.23l-18 7a1 1 0 0 0 .08 1.89l7.56 2.16 2.16 7.56a1 1 0 0 0 .93.72h.03a1 1 0 0 0 .93-.64l7-18a1 1 0 0 0-.23-1.06z" />
    </svg>
  );
}
