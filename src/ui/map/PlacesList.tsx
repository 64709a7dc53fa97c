import { Alert, Card, chakra, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { MapSelection } from '../../domain';
import { OrdersPlace, SitePlace } from './PlaceDetails';
import { registerTexts, t } from '../i18n';
import { map as mapTexts } from '../i18n/en/map';

registerTexts('map', mapTexts);

/**
 * The map's places as a list, for phones that cannot draw the map (no WebGL): the same
 * orders, dealers and shops, each with Open order / Navigate.
 */
export function PlacesList({ selection }: { selection: MapSelection }) {
  return (
    <Stack gap="4" data-testid="places-list">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('map.cannotDraw')}</Alert.Title>
          <Alert.Description>{t('map.cannotDrawText')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Section title={t('map.ordersTitle')} count={selection.orders.length}>
        {selection.orders.map((order) => (
          <Place key={order.id}>
            <OrdersPlace orders={[order]} />
          </Place>
        ))}
      </Section>
      <Section title={t('map.dealersTitle')} count={selection.dealers.length}>
        {selection.dealers.map((dealer) => (
          <Place key={dealer.id}>
            <SitePlace site={{ kind: 'dealer', value: dealer }} />
          </Place>
        ))}
      </Section>
      <Section title={t('map.shopsTitle')} count={selection.shops.length}>
        {selection.shops.map((shop) => (
          <Place key={shop.id}>
            <SitePlace site={{ kind: 'shop', value: shop }} />
          </Place>
        ))}
      </Section>
    </Stack>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <chakra.section aria-label={title}>
      <Heading as="h3" fontSize="h2" mb="2">
        {title} ({count})
      </Heading>
      <chakra.ul listStyleType="none">{children}</chakra.ul>
    </chakra.section>
  );
}

function Place({ children }: { children: ReactNode }) {
  return (
    <chakra.li pb="2">
      <Card.Root size="sm">
        <Card.Body px="3" py="3">
          {children}
        </Card.Body>
      </Card.Root>
    </chakra.li>
  );
}
