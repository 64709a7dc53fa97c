import { Button, Field, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '../toaster';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

interface Props {
  lat: number | null;
  lon: number | null;
  disabled: boolean;
  onChange: (position: { lat: number; lon: number } | null) => void;
}

/** Optional device position at delivery (sent as 0/0 when missing, SPEC §7). */
export function GpsField({ lat, lon, disabled, onChange }: Props) {
  const [locating, setLocating] = useState(false);
  const locate = (): void => {
    if (!('geolocation' in navigator)) {
      notify(t('deliver.noLocation'), 'warning');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onChange({ lat: pos.coords.latitude, lon: pos.coords.longitude });
      },
      (error) => {
        setLocating(false);
        notify(error.code === error.PERMISSION_DENIED ? t('deliver.locationDenied') : t('deliver.locationFailed'), 'warning');
      },
      // GPS without a network can take a while for a first fix.
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
    );
  };
  const hasPosition = lat !== null && lon !== null;
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{t('deliver.location')}</Field.Label>
      <HStack w="full" justify="space-between" flexWrap="wrap" rowGap="2">
        <Text fontSize="md" color={hasPosition ? 'fg' : 'fg.muted'} data-testid="gps-value">
          {hasPosition ? t('deliver.latLon', { lat: lat.toFixed(5), lon: lon.toFixed(5) }) : t('deliver.notSet')}
        </Text>
        <HStack flexWrap="wrap">
          {hasPosition && !disabled ? (
            <Button size="md" variant="ghost" colorPalette="primary" onClick={() => onChange(null)}>
              {t('deliver.clear')}
            </Button>
          ) : null}
          <Button size="md" variant="outline" colorPalette="primary" loading={locating} disabled={disabled} onClick={locate}>
            {t('deliver.useMyLocation')}
          </Button>
        </HStack>
      </HStack>
    </Field.Root>
  );
}
