// The scheduled list by day (SPEC §2 /scheduled, §9 date formats): the date header, the
// time, and the grouping of scheduled orders into Overdue, one group per day (soonest
// first) and those with no date. Pure: the clock and the time zone are the caller's.
import { DateTime, IANAZone } from 'luxon';
import type { OrderListItem } from './order';
import { isOverdue } from './orderFilters';

/** SPEC §9's formats are in English ("Mon, Jan 5") unless the caller passes the app's locale. */
const LOCALE = 'en-US';
/** SPEC §9 date header: abbreviated weekday, abbreviated month and day, e.g. "Mon, Jan 5". */
export const DATE_HEADER_FORMAT = 'ccc, LLL d';
/** The same header where the day goes before the month (Spanish: "lun, 5 ene"). */
const DAY_FIRST_HEADER_FORMAT = 'ccc, d LLL';

/** The header's luxon format for a locale: month first in English, day first otherwise. */
export function dateHeaderFormat(locale: string = LOCALE): string {
  return locale.toLowerCase().startsWith('en') ? DATE_HEADER_FORMAT : DAY_FIRST_HEADER_FORMAT;
}
/** SPEC §9 time: 24-hour HH:mm, or 12-hour hh:mm with am/pm. */
export const TIME_FORMATS = { '24h': 'HH:mm', '12h': 'hh:mm a' } as const;
export type ClockStyle = keyof typeof TIME_FORMATS;

/** A device zone luxon cannot use (an old browser's alias) falls back to the system's. */
const zoneOf = (zone: string): string => (IANAZone.isValidZone(zone) ? zone : 'system');

function at(iso: string | null | undefined, zone: string, locale: string = LOCALE): DateTime | null {
  if (!iso) return null;
  const dt = DateTime.fromISO(iso, { zone: zoneOf(zone), locale });
  return dt.isValid ? dt : null;
}

/** "Mon, Jan 5": the day an instant falls on in `zone`; '' when there is no valid date. */
export function formatDateHeader(iso: string | null | undefined, zone: string, locale: string = LOCALE): string {
  return at(iso, zone, locale)?.toFormat(dateHeaderFormat(locale)) ?? '';
}

/** "14:30" or "02:30 PM" in `zone`; '' when there is no valid date. */
export function formatTime(iso: string | null | undefined, zone: string, clock: ClockStyle, locale: string = LOCALE): string {
  return at(iso, zone, locale)?.toFormat(TIME_FORMATS[clock]) ?? '';
}

/** The start of the day `nowMs` falls on in `zone`, in ms since the epoch (for isOverdue). */
export function startOfDay(nowMs: number, zone: string): number {
  return DateTime.fromMillis(nowMs, { zone: zoneOf(zone) })
    .startOf('day')
    .toMillis();
}

/** Whether an instant falls today or tomorrow for the driver in `zone` (else null). */
export function relativeDay(iso: string | null | undefined, nowMs: number, zone: string): 'today' | 'tomorrow' | null {
  const key = at(iso, zone)?.toISODate();
  if (!key) return null;
  const today = DateTime.fromMillis(nowMs, { zone: zoneOf(zone) });
  return key === today.toISODate() ? 'today' : key === today.plus({ days: 1 }).toISODate() ? 'tomorrow' : null;
}

export type ScheduledFields = Pick<OrderListItem, 'id' | 'is_scheduled_for_delivery' | 'scheduled_date'>;

export interface ScheduleGroup<T> {
  /** 'overdue', 'undated' or the day as yyyy-MM-dd in the zone. */
  key: string;
  kind: 'overdue' | 'day' | 'undated';
  /** "Overdue", the SPEC §9 date header ("Mon, Jan 5"), or "Date not set". */
  title: string;
  /** Which day it is for the driver, when it is today or tomorrow. */
  relative: 'today' | 'tomorrow' | null;
  items: T[];
}

const byDate = (a: { ms: number; id: string }, b: { ms: number; id: string }): number => (a.ms !== b.ms ? a.ms - b.ms : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The scheduled orders (is_scheduled_for_delivery) of `items`, grouped for the driver in
 * `zone`: first "Overdue" (scheduled before today, oldest first; the same rule as the list's
 * Overdue badge), then one group per day from today on, soonest first, each in time order,
 * then "Date not set" (scheduled with no readable date). Unscheduled orders are left out.
 * `locale` (default en-US) words the day headers; "Overdue" and "Date not set" are English
 * (the UI words them by `kind`).
 */
export function groupScheduled<T extends ScheduledFields>(items: readonly T[], nowMs: number, zone: string, locale: string = LOCALE): ScheduleGroup<T>[] {
  const todayStart = startOfDay(nowMs, zone);
  const dated: { item: T; ms: number; id: string; day: DateTime }[] = [];
  const undated: T[] = [];
  for (const item of items) {
    if (!item.is_scheduled_for_delivery) continue;
    const day = at(item.scheduled_date, zone, locale);
    if (day) dated.push({ item, ms: day.toMillis(), id: item.id, day });
    else undated.push(item);
  }
  dated.sort(byDate);

  const overdue: ScheduleGroup<T> = { key: 'overdue', kind: 'overdue', title: 'Overdue', relative: null, items: [] };
  const days: ScheduleGroup<T>[] = [];
  for (const { item, day } of dated) {
    if (isOverdue(item, todayStart)) {
      overdue.items.push(item);
      continue;
    }
    const key = day.toISODate() ?? '';
    let group = days[days.length - 1];
    if (group?.key !== key) {
      group = { key, kind: 'day', title: day.toFormat(dateHeaderFormat(locale)), relative: relativeDay(item.scheduled_date, nowMs, zone), items: [] };
      days.push(group);
    }
    group.items.push(item);
  }
  const undatedGroup: ScheduleGroup<T> = {
    key: 'undated',
    kind: 'undated',
    title: 'Date not set',
    relative: null,
    items: [...undated].sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
  return [overdue, ...days, undatedGroup].filter((group) => group.items.length > 0);
}
