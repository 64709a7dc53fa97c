import { Alert, Box, Button, EmptyState, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CACHE_KEYS } from '../../db/cache';
import { filterOrders, filterParams, parseFilterParams, selectMapPoints, type KeptBasemap, type MapSelection, type OrderMap } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { Loading } from '../components/Loading';
import { formatDateTime } from '../format';
import { useCached } from '../hooks/useCached';
import { useOrders } from '../hooks/useOrders';
import { useNavigatorOnline } from '../hooks/useNavigatorOnline';
import { MAP_COLORS } from '../map/layers';
import { PlacesList } from '../map/PlacesList';
import { hasWebGL } from '../map/webgl';
import { registerTexts, t } from '../i18n';
import { map as mapTexts } from '../i18n/en/map';
import { filterLabel } from '../i18n/domainText';

registerTexts('map', mapTexts);

// maplibre (~250 KB gzipped) loads with the map itself, after this screen's own chunk.
const MapView = lazy(() => import('../map/MapView'));

/**
 * The screen fills the phone below the app bar (Shell: 16 px above, 12 px below), at least: a
 * large text size or a phone turned sideways leaves the map too short for a popup, so the map
 * keeps 20rem and the page scrolls instead (issue 25).
 */
const SCREEN_HEIGHT = {
  base: 'calc(100dvh - 56px - env(safe-area-inset-top) - 28px)',
  sm: 'calc(100dvh - 64px - env(safe-area-inset-top) - 28px)',
};

/**
 * /map (SPEC §2, §4): the orders of Home's filtered list (the same `?f=…&q=…`), with the
 * dealers and shops named like the search, from the order-map snapshot the sync worker
 * keeps; it works offline on the basemap shipped with the app.
 */
export default function MapScreen() {
  const [params] = useSearchParams();
  const { selected, search } = useMemo(() => parseFilterParams(params), [params]);
  const all = useOrders('');
  const snapshot = useCached<OrderMap>(CACHE_KEYS.orderMap);
  const keptBasemap = useCached<KeptBasemap>(CACHE_KEYS.mapTiles);
  const online = useNavigatorOnline();
  const listed = useMemo(() => (all ? filterOrders(all, selected, search) : undefined), [all, selected, search]);
  const selection = useMemo(() => (snapshot && listed ? selectMapPoints(snapshot.data, listed, search) : undefined), [snapshot, listed, search]);
  const [canDraw, setCanDraw] = useState(hasWebGL);
  const narrowed = selected.length > 0 || search.trim() !== '';
  const query = filterParams(selected, search).toString();
  const filterText = [...selected.map((key) => filterLabel(key)), ...(search.trim() ? [`“${search.trim()}”`] : [])].join(' · ');

  const header = (
    <HStack justify="space-between" align="center" gap="3" flexShrink={0} flexWrap="wrap">
      <Stack gap="0" minW="0" flex="1 1 12rem">
        <Summary selection={selection} />
        <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere" data-testid="map-subtitle">
          {narrowed ? t('map.filtered', { filters: filterText }) : snapshot ? t('map.dataOf', { time: formatDateTime(snapshot.fetchedAt) }) : ''}
        </Text>
      </Stack>
      <Button asChild colorPalette="primary" variant="outline" flexShrink={0}>
        <Link to={query ? `/?${query}` : '/'} data-testid="list-link">
          <ListIcon />
          {t('map.list')}
        </Link>
      </Button>
    </HStack>
  );

  if (all === undefined || snapshot === undefined || !listed) return <Loading label={t('map.loading')} />;
  if (snapshot === null || !selection) return <NoSnapshot online={online} listPath={query ? `/?${query}` : '/'} />;

  const notices = <Notices selection={selection} total={all.length} narrowed={narrowed} />;
  // The server names the online style with the order map; a snapshot from before it did has none.
  const styleUrl = snapshot.data.basemap_style_url ?? null;
  const nothing = selection.orders.length + selection.dealers.length + selection.shops.length === 0;
  if (!canDraw || nothing) {
    return (
      <Stack gap="3">
        {header}
        {notices}
        {nothing ? null : <PlacesList selection={selection} />}
      </Stack>
    );
  }
  return (
    <Flex direction="column" gap="2" minH={SCREEN_HEIGHT}>
      {header}
      {notices}
      {/* The map fills what the column leaves (placed inside it, so its height is definite). */}
      <Box flex="1" minH="20rem" position="relative">
        <Box position="absolute" inset="0">
          <Suspense fallback={<Loading label={t('map.loading')} />}>
            <MapView
              selection={selection}
              online={online}
              styleUrl={styleUrl}
              kept={keptBasemap?.data.style_url === styleUrl && keptBasemap.data.tiles > 0 ? keptBasemap.data : null}
              onBroken={(error) => {
                console.error('the map could not start', error);
                setCanDraw(false);
              }}
            />
          </Suspense>
        </Box>
      </Box>
    </Flex>
  );
}

/** "12 orders · 4 dealers · 2 shops", each count after its map symbol (the legend). */
function Summary({ selection }: { selection: MapSelection | undefined }) {
  const parts = selection
    ? [
        t('map.orders', { count: selection.orders.length }),
        t('map.dealers', { count: selection.dealers.length }),
        t('map.shops', { count: selection.shops.length }),
      ]
    : [];
  const symbols = [<Dot key="o" color={MAP_COLORS.order} />, <Pin key="d" color={MAP_COLORS.dealer} />, <Pin key="s" color={MAP_COLORS.shop} house />];
  return (
    <Text fontWeight="semibold" fontSize="md" lineHeight="1.4" data-testid="map-summary" aria-live="polite">
      {parts.map((part, i) => (
        <span key={part}>
          {i > 0 ? ' · ' : null}
          {/* A line may break between the counts, never inside one. */}
          <span style={{ whiteSpace: 'nowrap' }}>
            {symbols[i]}
            {part}
          </span>
        </span>
      ))}
    </Text>
  );
}

function Notices({ selection, total, narrowed }: { selection: MapSelection; total: number; narrowed: boolean }) {
  const out: ReactNode[] = [];
  if (selection.orders.length === 0 && total > 0 && narrowed) {
    out.push(
      <Alert.Root key="none" status="warning" data-testid="no-match">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title>{t('map.noMatch')}</Alert.Title>
          <Alert.Description>{t('map.noneOfYours', { total })}</Alert.Description>
          <Button asChild colorPalette="primary" variant="outline" bg="bg" alignSelf="flex-start">
            <Link to="/map">{t('map.clearFilters')}</Link>
          </Button>
        </Alert.Content>
      </Alert.Root>,
    );
  } else if (selection.orders.length === 0 && total === 0) {
    out.push(
      <Text key="empty" color="fg.muted" data-testid="no-orders">
        {t('map.noOrders')}
        {selection.dealers.length + selection.shops.length > 0 ? t('map.sitesOnMap') : ''}
      </Text>,
    );
  }
  if (selection.notOnMap > 0) {
    out.push(
      <Text key="missing" textStyle="xs" color="fg.muted" data-testid="not-on-map">
        {t('map.notOnMap', { count: selection.notOnMap })}
      </Text>,
    );
  }
  return out.length ? <>{out}</> : null;
}

/** No order-map snapshot on this phone yet: what it means and what to do. */
function NoSnapshot({ online, listPath }: { online: boolean; listPath: string }) {
  return (
    <EmptyState.Root data-testid="no-snapshot">
      <EmptyState.Content>
        <EmptyState.Title>{t('map.notHereTitle')}</EmptyState.Title>
        <EmptyState.Description>{online ? t('map.notHereOnline') : t('map.notHereOffline')}</EmptyState.Description>
        <HStack gap="2" flexWrap="wrap" justify="center">
          {online ? (
            <Button colorPalette="primary" onClick={() => void getSyncClient().syncNow('driver')}>
              {t('map.syncNow')}
            </Button>
          ) : null}
          <Button asChild colorPalette="primary" variant="outline">
            <Link to={listPath}>{t('map.backToList')}</Link>
          </Button>
        </HStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

const Dot = ({ color }: { color: string }) => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" style={{ display: 'inline', verticalAlign: '-2px', marginInlineEnd: 4 }}>
    <circle cx="8" cy="8" r="6.5" fill={color} stroke="white" strokeWidth="1.5" />
  </svg>
);

const Pin = ({ color, house = false }: { color: string; house?: boolean }) => (
  <svg width="14" height="18" viewBox="0 0 30 40" aria-hidden="true" style={{ display: 'inline', verticalAlign: '-3px', marginInlineEnd: 4 }}>
    <path d="M15 39C11 31 2 24 2 15a13 13 0 0 1 26 0c0 9-9 16-13 24z" fill={color} />
    {house ? <path d="M15 7l8 7h-2v8H9v-8H7z" fill="white" /> : <rect x="9.5" y="9.5" width="11" height="11" fill="white" />}
  </svg>
);

function ListIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <rect x="3" y="5" width="3" height="3" rx="1" />
      <rect x="8" y="5.5" width="13" height="2" rx="1" />
      <rect x="3" y="10.5" width="3" height="3" rx="1" />
      <rect x="8" y="11" width="13" height="2" rx="1" />
      <rect x="3" y="16" width="3" height="3" rx="1" />
      <rect x="8" y="16.5" width="13" height="2" rx="1" />
    </svg>
  );
}
