// The driver's delivery log: its filters (SPEC §2), the rows, the CSV export, the per-period
// stats and the undelivered orders' categories. Days and periods are the driver's time zone's
// (x-time-zone). The query's shape is the endpoint table's (LogQuerySchema); here its days
// become instants in the zone.
import { DateTime } from 'luxon';
import {
  DELIVERY_LOG_CSV_COLUMNS,
  DELIVERY_LOG_LIMIT,
  LOG_ORDER_TYPES,
  LOG_ORDER_TYPE_OF,
  ORDER_CATEGORIES,
  isLogOrderType,
  orderCategories,
  orderIdFields,
  orderKey,
  type DeliveryLogEntry,
  type DeliveryLogResponse,
  type LogOrderType,
  type OrderCategoryCode,
  type OrderType,
  type PeriodStats,
  type TokenClaims,
  type UndeliveredOrdersStats,
} from '../../src/domain';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { callersOpenOrderFlags, logRowsOf, logTotalsOf, periodTotalsOf, type LogRange } from '../repositories/deliveryLog';
import { happyListResultsByDelivery } from './happyListResults';

export interface LogFilters {
  startDate: string | null;
  endDate: string | null;
  orderTypes: LogOrderType[];
  zone: string;
  /** Inclusive start and exclusive end instants of the day range. */
  from: Date | null;
  until: Date | null;
}

/** The log's query as the endpoint table parsed it (absent when empty). */
export interface LogQuery {
  startDate?: string;
  endDate?: string;
  /** A comma list, or repeated values (each may be a comma list). */
  orderTypes?: string | readonly string[];
}

const ORDER_TYPE_OF_LOG: Record<LogOrderType, OrderType> = {
  'off-lot': 'off-lot inventory',
  'new-build': 'new build',
  'new-inventory': 'on-lot inventory',
  'move-inventory': 'move order',
};

function parseDay(value: string | undefined, name: string, zone: string): DateTime | null {
  if (value === undefined) return null; // SPEC §5: empty values are left out
  // A day (YYYY-MM-DD) or a full ISO timestamp, whose day in the driver's zone counts.
  const ok = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value);
  const date = ok ? DateTime.fromISO(value.replace(' ', 'T'), { zone }) : null;
  if (!date?.isValid || date.year < 2000 || date.year > 2100) throw new HttpError(400, 'InvalidRequest', `${name} must be a date (YYYY-MM-DD)`);
  return date.startOf('day');
}

/** orderTypes as repeated values or comma lists, in LOG_ORDER_TYPES' order. */
function parseOrderTypes(raw: string | readonly string[] | undefined): LogOrderType[] {
  const values = [raw ?? []].flat().flatMap((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const value of values) {
    if (!isLogOrderType(value)) throw new HttpError(400, 'InvalidRequest', `orderTypes: each must be one of ${LOG_ORDER_TYPES.join(', ')}`);
  }
  return LOG_ORDER_TYPES.filter((t) => values.includes(t));
}

export function logFilters(query: LogQuery, zone: string): LogFilters {
  const start = parseDay(query.startDate, 'startDate', zone);
  const end = parseDay(query.endDate, 'endDate', zone);
  if (start && end && end < start) throw new HttpError(400, 'InvalidRequest', 'endDate must not be before startDate');
  return {
    startDate: start?.toISODate() ?? null,
    endDate: end?.toISODate() ?? null,
    orderTypes: parseOrderTypes(query.orderTypes),
    zone,
    from: start?.toJSDate() ?? null,
    until: end?.plus({ days: 1 }).toJSDate() ?? null,
  };
}

const rangeOf = (filters: LogFilters): LogRange => ({
  from: filters.from,
  until: filters.until,
  orderTypes: filters.orderTypes.map((t) => ORDER_TYPE_OF_LOG[t]),
});

export async function logEntries(db: Db, auth: TokenClaims, filters: LogFilters, limit: number): Promise<DeliveryLogEntry[]> {
  const rows = await logRowsOf(db, auth, rangeOf(filters), limit);
  return rows.map((r) => ({
    delivery_id: r.deliveryId,
    order_key: orderKey(r.kind, r.orderId),
    ...orderIdFields(r.kind, r.orderId),
    order_number: r.orderNumber,
    order_type: r.orderType,
    log_order_type: LOG_ORDER_TYPE_OF[r.orderType],
    customer_name: r.first || r.last ? `${r.first ?? ''} ${r.last ?? ''}`.trim() : null,
    dealer_name: r.dealerName,
    building_model: r.model,
    serial_number: r.serial,
    delivery_address: r.address,
    date_delivered: r.dateDelivered.toISOString(),
    delivery_began: r.began?.toISOString() ?? null,
    delivery_ended: r.ended?.toISOString() ?? null,
    miles_driven: r.miles,
    note: r.note,
  }));
}

const roundMiles = (n: number): number => Math.round(n * 10) / 10;
const stats = (totals: { n: number; miles: number }): PeriodStats => ({ deliveries: totals.n, miles: roundMiles(totals.miles) });

export async function logTotals(db: Db, auth: TokenClaims, filters: LogFilters): Promise<PeriodStats> {
  return stats(await logTotalsOf(db, auth, rangeOf(filters)));
}

/** Counts and miles since the start of this week (Monday), month and year in `zone`. */
export async function periodStats(db: Db, auth: TokenClaims, zone: string, now = DateTime.now()): Promise<Record<'week' | 'month' | 'year', PeriodStats>> {
  const local = now.setZone(zone);
  const totals = await periodTotalsOf(db, auth, {
    week: local.startOf('week').toJSDate(),
    month: local.startOf('month').toJSDate(),
    year: local.startOf('year').toJSDate(),
  });
  return { week: stats(totals.week), month: stats(totals.month), year: stats(totals.year) };
}

/**
 * The log screen's answer: the newest DELIVERY_LOG_LIMIT deliveries, each with its happy-list
 * results (the CSV leaves them out), the totals of all, the filters read.
 */
export async function deliveryLog(db: Db, auth: TokenClaims, filters: LogFilters): Promise<DeliveryLogResponse> {
  const entries = await logEntries(db, auth, filters, DELIVERY_LOG_LIMIT);
  const happy = await happyListResultsByDelivery(
    db,
    auth.company_id,
    entries.map((e) => e.delivery_id),
  );
  const deliveries = entries.map((e) => ({ ...e, happy_list_results: happy.get(e.delivery_id) ?? [] }));
  const totals = await logTotals(db, auth, filters);
  return {
    deliveries,
    totals,
    filters: { startDate: filters.startDate, endDate: filters.endDate, orderTypes: filters.orderTypes, time_zone: filters.zone },
    truncated: totals.deliveries > deliveries.length,
  };
}

/** The export's ceiling: years of a busy driver's deliveries, far below what hurts the server. */
const EXPORT_LIMIT = 20_000;

/** The log as CSV, and today's date in the zone (the file's name says it). */
export async function deliveryLogCsv(db: Db, auth: TokenClaims, filters: LogFilters): Promise<{ csv: string; day: string }> {
  const entries = await logEntries(db, auth, filters, EXPORT_LIMIT);
  return { csv: logCsv(entries, filters.zone), day: DateTime.now().setZone(filters.zone).toFormat('yyyy-MM-dd') };
}

/** The caller's undelivered orders counted by SPEC §4 category (an order counts in several). */
export async function undeliveredStats(db: Db, auth: TokenClaims): Promise<UndeliveredOrdersStats> {
  const rows = await callersOpenOrderFlags(db, auth);
  const counts = new Map<OrderCategoryCode, number>();
  for (const row of rows) for (const code of orderCategories(row)) counts.set(code, (counts.get(code) ?? 0) + 1);
  return {
    total: rows.length,
    categories: ORDER_CATEGORIES.map((c) => ({ code: c.code, key: c.key, label: c.label, count: counts.get(c.code) ?? 0 })),
  };
}

/** RFC 4180 cell; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The export in the driver's zone, in SPEC §9's formats: the day delivered as MM/DD/YYYY, and
 * when the delivery began and ended as MM/DD/YYYY HH:mm, with their own dates (a delivery may
 * begin the day before it was logged, or end past midnight: a bare time would say neither).
 */
export function logCsv(entries: DeliveryLogEntry[], zone: string): string {
  const at =
    (format: string) =>
    (iso: string | null): string =>
      iso ? DateTime.fromISO(iso).setZone(zone).toFormat(format) : '';
  const day = at('MM/dd/yyyy');
  const dayAndTime = at('MM/dd/yyyy HH:mm');
  const lines = [DELIVERY_LOG_CSV_COLUMNS.map(csvCell).join(',')];
  for (const e of entries) {
    lines.push(
      [
        day(e.date_delivered),
        e.order_number,
        e.order_type,
        e.customer_name,
        e.dealer_name,
        e.building_model,
        e.serial_number,
        e.delivery_address,
        e.miles_driven,
        dayAndTime(e.delivery_began),
        dayAndTime(e.delivery_ended),
        e.note,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
