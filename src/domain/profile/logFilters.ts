// The delivery log's filters (SPEC §2: startDate and endDate, optional days; orderTypes, an
// array of off-lot, new-build, new-inventory, move-inventory, default empty) as they travel in
// the address and to the server. Pure: the screen, the worker and the tests share it.
import { LOG_ORDER_TYPES, isLogOrderType, type LogOrderType } from './deliveryLog';

export interface LogFilters {
  /** YYYY-MM-DD (a day where the phone is), or null for no lower bound. */
  startDate: string | null;
  /** YYYY-MM-DD, inclusive, or null; never before startDate. */
  endDate: string | null;
  /** Known values only, once each, in LOG_ORDER_TYPES order; empty means every type. */
  orderTypes: LogOrderType[];
}

export const NO_LOG_FILTERS: LogFilters = { startDate: null, endDate: null, orderTypes: [] };

/** How the screen names each order type. */
export const LOG_ORDER_TYPE_LABEL: Record<LogOrderType, string> = {
  'off-lot': 'Off-lot',
  'new-build': 'New build',
  'new-inventory': 'New inventory',
  'move-inventory': 'Move inventory',
};

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function dayParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return isDay(value) ? value : null;
}

/** Known order types once each, in the canonical order (so equal filters read equal). */
function canonicalTypes(values: Iterable<string>): LogOrderType[] {
  const wanted = new Set([...values].map((t) => t.trim()));
  return LOG_ORDER_TYPES.filter((t) => wanted.has(t));
}

/**
 * The filters in an address (`?startDate=2026-11-01&orderTypes=off-lot&orderTypes=new-build`;
 * comma-joined types are read too). Values that are not valid are dropped, as is an end day
 * before the start day, so a hand-edited or stale link still opens a sensible log.
 */
export function logFiltersFromSearch(params: URLSearchParams): LogFilters {
  const startDate = dayParam(params, 'startDate');
  let endDate = dayParam(params, 'endDate');
  if (startDate && endDate && endDate < startDate) endDate = null;
  const orderTypes = canonicalTypes(
    params
      .getAll('orderTypes')
      .flatMap((v) => v.split(','))
      .filter(isLogOrderType),
  );
  return { startDate, endDate, orderTypes };
}

/** The address form: empty values left out, each order type its own `orderTypes` entry. */
export function logFiltersToSearch(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  for (const type of canonicalTypes(filters.orderTypes)) params.append('orderTypes', type);
  return params;
}

/** The server's query (SPEC §5: empty values left out; the types comma-joined). */
export function logFiltersQuery(filters: LogFilters): Record<string, string | undefined> {
  return {
    startDate: filters.startDate ?? undefined,
    endDate: filters.endDate ?? undefined,
    orderTypes: filters.orderTypes.length ? canonicalTypes(filters.orderTypes).join(',') : undefined,
  };
}

export function sameLogFilters(a: LogFilters, b: LogFilters): boolean {
  return logFiltersToSearch(a).toString() === logFiltersToSearch(b).toString();
}

export function toggleLogOrderType(filters: LogFilters, type: LogOrderType): LogFilters {
  const has = filters.orderTypes.includes(type);
  return { ...filters, orderTypes: canonicalTypes(has ? filters.orderTypes.filter((t) => t !== type) : [...filters.orderTypes, type]) };
}

/** A day as MM/DD/YYYY (SPEC §9 default), read from its text, so no time zone can shift it. */
export function formatLogDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
}

/** "All order types · Any date", "Off-lot, New build · From 11/01/2026 to 11/23/2026". */
export function describeLogFilters(filters: LogFilters): string {
  const types = filters.orderTypes.length ? filters.orderTypes.map((t) => LOG_ORDER_TYPE_LABEL[t]).join(', ') : 'All order types';
  const { startDate: from, endDate: to } = filters;
  let days = 'Any date';
  if (from && to) days = from === to ? `On ${formatLogDay(from)}` : `From ${formatLogDay(from)} to ${formatLogDay(to)}`;
  else if (from) days = `From ${formatLogDay(from)}`;
  else if (to) days = `Until ${formatLogDay(to)}`;
  return `${types} · ${days}`;
}
