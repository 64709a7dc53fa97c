import { clockDate } from '../../clock';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderDoc, OutboxDoc } from '../../db';
import { filterParams, narrowingFilter, prepareOrders, parseFilterParams, toggleFilter, type FilterKey } from '../../domain';
import { FilterChips } from '../components/FilterChips';
import { HomeEmptyState, homeEmptyTexts } from '../components/HomeEmptyState';
import { Loading } from '../components/Loading';
import { OrderCard } from '../components/OrderCard';
import '../components/OrderCard.css';
// Not lazy: a long list is what most drivers open the app to, and a cold start offline waited
// for this chunk after PWADB had already answered.
import VirtualOrderList from '../components/VirtualOrderList';
import { useDriverBusy } from '../hooks/useDriverBusy';
import { useInAppLinkClick } from '../hooks/useInAppLinkClick';
import { useSession } from '../hooks/useAuth';
import { warmOrderScreens } from '../screens';
import { keptHome, keptHomeServed, removeBootSnapshot, saveHomeSnapshot } from '../homeSnapshot';
import { outboxByOrder, useActiveOutbox, useOrderList } from '../hooks/useOrders';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { formatDateTime, formatNumber } from '../format';
import { t } from '../i18n';
import { buttonClass } from '../plain/controls';
import './Home.css';

/**
 * Lists up to this long are rendered whole (a driver's usual day); longer ones are windowed
 * by a lazily loaded list, so the virtualizer stays out of the first-load bundle.
 */
const RENDER_ALL_UP_TO = 60;

const startOfToday = (): number => clockDate().setHours(0, 0, 0, 0);

/** Home (SPEC §2, §4): the driver's order list from PWADB, filtered and searchable, online or not. */
export default function Home() {
  // Filters and search live in the address (replaced, not pushed), so Back from an order
  // returns to the same list.
  const [params, setParams] = useSearchParams();
  const { selected, search } = useMemo(() => parseFilterParams(params), [params]);
  const { typed, onType, boxText, replace } = useTypedSearch(search, (next) =>
    setParams((prev) => filterParams(parseFilterParams(prev).selected, next), { replace: true }),
  );
  const typedNow = useRef(typed);
  useEffect(() => {
    typedNow.current = typed;
  }, [typed]);
  const list = useOrderList();
  const all = list?.complete ? list.rows : undefined;
  // Sorted and lowercased once per list change; a keystroke only filters (10,000 orders) and
  // renders once: the list and the count, while the search bar and chips (memoized) stay.
  const prepared = useMemo(() => (all ? prepareOrders(all) : undefined), [all]);
  // Typing on narrows the last result instead of the whole list (see narrowingFilter).
  const [filter] = useState(() => narrowingFilter<OrderDoc>());
  const orders = useMemo(() => (prepared ? filter(prepared, selected, typed) : undefined), [filter, prepared, selected, typed]);
  const live = useActiveOutbox();
  // Before PWADB answers, a start draws the rows kept with the picture (homeSnapshot.ts): live
  // cards a tap opens, replaced by PWADB's own rows as soon as it has read them.
  const [kept] = useState(() => (list ? null : keptHome()));
  useEffect(() => {
    if (list) keptHomeServed();
  }, [list]);
  const entries = live ?? (list ? undefined : kept?.entries);
  const byOrder = useMemo(() => outboxByOrder(entries), [entries]);
  const status = useSyncStatus();
  const narrowed = selected.length > 0 || typed.trim() !== '';
  // The first screenful, shown live while the rest is read (useOrderList); not while the
  // driver narrows the list: those rows need every order.
  const head = narrowed || all ? undefined : (list?.rows ?? kept?.rows);
  // Live cards on screen: what a tap on one opens loads while the driver looks (screens.ts).
  const cardsShown = head !== undefined || orders !== undefined;
  useEffect(() => {
    if (cardsShown) warmOrderScreens();
  }, [cardsShown]);
  useHomeSnapshot(cardsShown, narrowed, all, byOrder, `${all?.length ?? 0} ${status.lastSyncAt ?? ''}`);

  const clearFilters = (): void => {
    replace('');
    setParams(filterParams([], ''), { replace: true });
  };
  // Stable across keystrokes, so the chips (memoized) do not re-render while the driver types.
  const toggle = useCallback(
    (key: FilterKey) =>
      setParams(
        (prev) => {
          const current = parseFilterParams(prev);
          // The search as typed, even if it has not reached the address yet.
          return filterParams(toggleFilter(current.selected, key), typedNow.current);
        },
        { replace: true },
      ),
    [setParams],
  );
  // The map shows the same selection: it carries the filters and the search as typed.
  const mapQuery = useCallback(() => filterParams(parseFilterParams(params).selected, typedNow.current).toString(), [params]);

  return (
    // A plain column (OrderCard.css), not a Chakra Stack: Home renders on every keystroke.
    <div className="home-column">
      <SearchBar boxText={boxText} onType={onType} mapQuery={mapQuery} />
      <FilterChips selected={selected} onToggle={toggle} />
      {/* The sync line waits for PWADB (kept rows drawn before it must not say "Not synced yet"). */}
      <CountLine
        shown={orders?.length}
        total={all?.length}
        narrowed={narrowed}
        lastSyncAt={list ? status.lastSyncAt : undefined}
        progress={status.pullProgress ?? null}
      />
      {head ? (
        // Whole (at most 30 rows), unless the list kept with the picture was a long one: a usual
        // day's list then never swaps lists when the whole list arrives, which rebuilt every card
        // (a card found, or tapped, in the first screenful was gone from the page a moment later).
        <OrderList orders={head} windowed={(kept?.total ?? 0) > RENDER_ALL_UP_TO} byOrder={byOrder} />
      ) : !orders || !all ? (
        <Loading label={t('home.loadingOrders')} />
      ) : orders.length === 0 ? (
        <HomeEmptyState
          texts={homeEmptyTexts({ total: all.length, search: typed, filtersPicked: selected.length > 0, synced: Boolean(status.lastSyncAt) })}
          onClear={clearFilters}
        />
      ) : (
        <OrderList orders={orders} windowed={all.length > RENDER_ALL_UP_TO} byOrder={byOrder} />
      )}
    </div>
  );
}

/** After the list last changed, how long the page stays still before Home is kept for the next cold start. */
const SNAPSHOT_AFTER_MS = 2000;

/**
 * The live list is on screen (`live`, its first screenful will do): the cold-start picture goes
 * (homeSnapshot.ts), and once the whole list (`all`) has been still for a moment, the
 * unfiltered list is kept as the next one.
 */
function useHomeSnapshot(live: boolean, narrowed: boolean, all: OrderDoc[] | undefined, byOrder: Map<string, OutboxDoc>, shown: string): void {
  const claims = useSession().claims;
  // In the commit that puts the live cards in, before the browser paints them under the picture
  // and before the passive effects (the database's first readers, the list's measuring) run.
  useLayoutEffect(() => {
    if (live) removeBootSnapshot();
  }, [live]);
  useEffect(() => {
    if (!all || narrowed) return;
    const timer = setTimeout(() => saveHomeSnapshot(claims, all, byOrder), SNAPSHOT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [all, narrowed, shown, claims, byOrder]);
}

/** How long typing pauses before the search is written to the address (one navigation, not one per key). */
const SEARCH_TO_ADDRESS_MS = 250;

/** Text put into the search box from outside the box (a new object each time, even for the same text). */
interface BoxText {
  text: string;
}

interface TypedSearch {
  /** What the list filters on: the box's text, at once. */
  typed: string;
  /** Set from the box's input events. */
  onType: (value: string) => void;
  /** The last text put into the box from outside it (address, Clear filters). */
  boxText: BoxText;
  /** Puts text into the box and the address at once (Clear filters). */
  replace: (value: string) => void;
}

/**
 * The search box's text: the driver's keystrokes stay local (the list filters on them at once)
 * and reach the address after a short pause, so Back still returns to the same list; a change
 * of the address from elsewhere (Back) replaces the text in the box.
 */
function useTypedSearch(fromAddress: string, write: (value: string) => void): TypedSearch {
  const [typed, setTyped] = useState(fromAddress);
  const [boxText, setBoxText] = useState<BoxText>({ text: fromAddress });
  const written = useRef(fromAddress);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });
  useEffect(() => {
    if (fromAddress !== written.current) {
      written.current = fromAddress;
      setTyped(fromAddress);
      setBoxText({ text: fromAddress });
    }
  }, [fromAddress]);
  useEffect(() => {
    if (typed === written.current) return;
    const timer = setTimeout(() => {
      written.current = typed;
      writeRef.current(typed);
    }, SEARCH_TO_ADDRESS_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const replace = useCallback((value: string) => {
    written.current = value;
    setTyped(value);
    setBoxText({ text: value });
  }, []);
  // Typing holds the worker's background writes back (useDriverBusy): they cost keystrokes.
  const busy = useDriverBusy();
  const onType = useCallback(
    (value: string) => {
      busy();
      setTyped(value);
    },
    [busy],
  );
  return { typed, onType, boxText, replace };
}

/**
 * The search box and the Map button. The box is uncontrolled: typing re-renders nothing here
 * (styling per render was a large part of a keystroke); the text from the address
 * (Back, Clear filters) is written into it when it differs.
 */
const SearchBar = memo(function SearchBar({ boxText, onType, mapQuery }: { boxText: BoxText; onType: (value: string) => void; mapQuery: () => string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const navigate = useNavigate();
  useEffect(() => {
    if (input.current && input.current.value !== boxText.text) input.current.value = boxText.text;
  }, [boxText]);
  const mapPath = (): string => {
    const query = mapQuery();
    return query ? `/map?${query}` : '/map';
  };
  return (
    // The Map button goes below the box when both would not fit (a large text size).
    <div className="search-bar">
      <div className="search-bar__field">
        <label htmlFor={id} className="visually-hidden">
          {t('home.search')}
        </label>
        <input
          id={id}
          ref={input}
          type="search"
          className="search-bar__input"
          placeholder={t('home.searchPlaceholder')}
          defaultValue={boxText.text}
          onChange={(e) => onType(e.target.value)}
        />
      </div>
      <Link
        to={mapPath()}
        className={buttonClass({ variant: 'outline' })}
        data-testid="map-link"
        onClick={(event) => {
          // The search as typed, even before it reached the address.
          event.preventDefault();
          void navigate(mapPath());
        }}
      >
        <MapIcon />
        {t('home.map')}
      </Link>
    </div>
  );
});

/** How many orders show, and when the list was last synced: plain elements (OrderCard.css), as it changes on every keystroke. */
const CountLine = memo(function CountLine({
  shown,
  total,
  narrowed,
  lastSyncAt,
  progress,
}: {
  shown: number | undefined;
  total: number | undefined;
  narrowed: boolean;
  lastSyncAt: string | null | undefined;
  /** A first download of many orders under way (the list is usable meanwhile). */
  progress: { stored: number; total: number } | null;
}) {
  return (
    <div className="order-count-line">
      <p data-testid="order-count">
        {shown !== undefined && total !== undefined ? (narrowed ? t('home.shownOfTotal', { shown, total }) : t('home.orders', { count: shown })) : ''}
      </p>
      <SyncLine lastSyncAt={lastSyncAt} stored={progress?.stored} total={progress?.total} />
    </div>
  );
});

/** When the list was last synced, or the first download's progress: its own memo, as a keystroke changes only the count. */
const SyncLine = memo(function SyncLine({
  lastSyncAt,
  stored,
  total,
}: {
  /** undefined: not read yet (nothing said). */
  lastSyncAt: string | null | undefined;
  stored: number | undefined;
  total: number | undefined;
}) {
  return (
    <p data-testid="sync-line">
      {stored !== undefined && total !== undefined
        ? t('home.downloading', { stored: formatNumber(stored), total: formatNumber(total) })
        : lastSyncAt === undefined
          ? ''
          : lastSyncAt
            ? t('home.updated', { time: formatDateTime(lastSyncAt) })
            : t('common.notSyncedYet')}
    </p>
  );
});

/**
 * A driver's usual list is rendered whole (cards stay findable in the page); a long one is
 * windowed. `windowed` follows the driver's whole list, not the result: while typing narrows 10,000
 * orders to a few, the same list stays mounted (swapping lists rebuilt every card).
 */
function OrderList({ orders, windowed, byOrder }: { orders: OrderDoc[]; windowed: boolean; byOrder: Map<string, OutboxDoc> }) {
  const todayStart = startOfToday();
  const open = useInAppLinkClick();
  if (windowed) {
    return <VirtualOrderList orders={orders} byOrder={byOrder} todayStart={todayStart} />;
  }
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} outbox={byOrder.get(order.id)} todayStart={todayStart} onOpen={open} />
        </li>
      ))}
    </ul>
  );
}

function MapIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M3 6.5l6-2.5 6 2.5 6-2.5v13.5l-6 2.5-6-2.5-6 2.5z" />
      <path d="M9 4v13.5M15 6.5V20" />
    </svg>
  );
}
