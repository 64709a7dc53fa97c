// Display formats of SPEC §9, with Intl only (no date library in the first-load bundle): every
// date, time, amount of money and count a screen shows goes through here, in the language on
// screen. The schedule's day header and time live with the grouping in src/domain/scheduleDays.ts.
import type { ClockStyle } from '../domain';
import { activeLanguage, activeLocale } from './i18n/language';

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

/** One formatter per locale and options: building an Intl.NumberFormat costs more than using one. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = activeLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * An amount in US dollars as the language writes money: "$3,383.50" in English, "3383,50 $" in
 * Spanish (its rule groups thousands from five digits: "13.383,50 $"). The server sends money as
 * decimal text ("3383.50"); text that is not an amount is shown as it came.
 */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount.trim());
  if (!Number.isFinite(value) || (typeof amount === 'string' && amount.trim() === '')) return String(amount);
  return numberFormat({ style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(value);
}

/** A count or a measure in the language's digits and separators ("10,034"; "10.034"), at most `fractionDigits` decimals. */
export function formatNumber(value: number, fractionDigits = 0): string {
  return numberFormat({ maximumFractionDigits: fractionDigits }).format(value);
}

/** Exactly one decimal, no grouping: a size beside its unit ("1.5 MB", "1,5 MB"). */
export function formatOneDecimal(value: number): string {
  return numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(value);
}
