// Display formats of SPEC §9, with Intl only (no date library in the first-load bundle).
// The schedule's day header and time live with the grouping in src/domain/scheduleDays.ts.
import type { ClockStyle } from '../domain';
import { activeLanguage } from './i18n/language';

const pad = (n: number): string => String(n).padStart(2, '0');

/** MM/DD/YYYY, the SPEC's default date format; DD/MM/YYYY in Spanish. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const [month, day] = [pad(d.getMonth() + 1), pad(d.getDate())];
  return activeLanguage() === 'en' ? `${month}/${day}/${d.getFullYear()}` : `${day}/${month}/${d.getFullYear()}`;
}

/** MM/DD/YYYY HH:mm (24-hour) in the device's time zone (the date as `formatDate`). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** HH:mm (24-hour) of an instant in ms, in the device's time zone (the queue's next try). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An ISO instant as the value of a datetime-local input (device time zone). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (read as device-local time) as an ISO instant; '' → null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The device's IANA time zone: a driver's schedule days are the days where the phone is. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** SPEC §9 allows 24-hour or 12-hour (am/pm) time: the phone's own habit decides. */
export function deviceClock(): ClockStyle {
  const { hour12, hourCycle } = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions();
  return hour12 === true || hourCycle === 'h11' || hourCycle === 'h12' ? '12h' : '24h';
}
