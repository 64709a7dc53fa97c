// Calendar days in the driver's time zone with the platform's Intl, no date library: the sync
// worker's code must stay small (issue 24: on 256 kbit/s every 20 KB is most of a second before
// the sign-in can go), so what it needs of dates lives here, and luxon stays with the screens
// that format schedules (scheduleDays.ts). Pure: the clock and the zone are the caller's.
import type { ScheduledFields } from './scheduleDays';

const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter of yyyy, mm and dd in `zone`; null for a zone Intl does not know. */
function dayFormat(zone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = null;
    }
    dayFormats.set(zone, format);
  }
  return format;
}

/** Whether Intl knows `zone` (an IANA name such as America/New_York, or UTC). */
export function isKnownZone(zone: string): boolean {
  return dayFormat(zone) !== null;
}

/** The calendar day an instant falls on in `zone`, as yyyy-mm-dd (days compare as text); null for an unknown zone. */
export function dayIn(ms: number, zone: string): string | null {
  const format = dayFormat(zone);
  if (!format) return null;
  const part = (type: Intl.DateTimeFormatPartTypes): string => format.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** The day after a yyyy-mm-dd day. */
export function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * The scheduled orders a driver may deliver before the next sync: those whose date falls on or
 * before tomorrow in `zone` (today's, tomorrow's and overdue ones), soonest first. The sync
 * worker fetches their delivery details before the rest (issue 24). A zone Intl does not know
 * falls back to the system's, as the schedule screens do.
 */
export function dueSoon<T extends ScheduledFields>(items: readonly T[], nowMs: number, zone: string): T[] {
  const known = isKnownZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = dayIn(nowMs, known);
  if (today === null) return [];
  const tomorrow = nextDay(today);
  return items
    .flatMap((item) => {
      const ms = item.is_scheduled_for_delivery && item.scheduled_date ? Date.parse(item.scheduled_date) : Number.NaN;
      const day = Number.isFinite(ms) ? dayIn(ms, known) : null;
      return day !== null && day <= tomorrow ? [{ item, ms }] : [];
    })
    .sort((a, b) => a.ms - b.ms || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0))
    .map((due) => due.item);
}
