// The driver's delivery log: filters from the query (SPEC §2), the rows, the CSV export
// and the per-period stats. Days and periods are the driver's time zone's (x-time-zone).
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  DELIVERY_LOG_CSV_COLUMNS, LOG_ORDER_TYPES, LOG_ORDER_TYPE_OF, isLogOrderType, orderKey,
  type DeliveryLogEntry, type LogOrderType, type OrderType, type PeriodStats, type TokenClaims, orderIdFields } from '../../src/domain';
import type { Db } from '../db/client';
import { dealers, deliveries, orders } from '../db/schema';
import { HttpError } from '../http/errors';

export interface LogFilters {
  startDate: string | null;
  endDate: string | null;
  orderTypes: LogOrderType[];
  zone: string;
  /** Inclusive start and exclusive end instants of the day range. */
  from: Date | null;
  until: Date | null;
}

const ORDER_TYPE_OF_LOG: Record<LogOrderType, OrderType> = {
  'off-lot': 'off-lot inventory', 'new-build': 'new build', 'new-inventory': 'on-lot inventory', 'move-inventory': 'move order',
};

function parseDay(value: unknown, name: string, zone: string): DateTime | null {
  if (value === undefined || value === '') return null; // SPEC §5: empty values are left out
  // A day (YYYY-MM-DD) or a full ISO timestamp, whose day in the driver's zone counts.
  const ok = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value);
  const date = ok ? DateTime.fromISO(value.replace(' ', 'T'), { zone }) : null;
  if (!date?.isValid || date.year < 2000 || date.year > 2100) throw new HttpError(400, 'InvalidRequest', `${name} must be a date (YYYY-MM-DD)`);
  return date.startOf('day');
}

/** orderTypes as repeated params (?orderTypes=a&orderTypes=b, also orderTypes[]=) or a comma list. */
function parseOrderTypes(query: Record<string, unknown>): LogOrderType[] {
  const raw = [query.orderTypes, query['orderTypes[]']].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v as unknown[] : [v]));
  const values = raw.flatMap((v) => {
    if (typeof v !== 'string') throw new HttpError(400, 'InvalidRequest', 'orderTypes must be text');
    return v.split(',').map((s) => s.trim()).filter(Boolean);
  });
  for (const value of values) {
    if (!isLogOrderType(value)) throw new HttpError(400, 'InvalidRequest', `orderTypes: each must be one of ${LOG_ORDER_TYPES.join(', ')}`);
  }
  return LOG_ORDER_TYPES.filter((t) => values.includes(t));
}

export function parseLogFilters(query: Record<string, unknown>, zone: string): LogFilters {
  const start = parseDay(query.startDate, 'startDate', zone);
  const end = parseDay(query.endDate, 'endDate', zone);
  if (start && end && end < start) throw new HttpError(400, 'InvalidRequest', 'endDate must not be before startDate');
  return {
    startDate: start?.toISODate() ?? null,
    endDate: end?.toISODate() ?? null,
    orderTypes: parseOrderTypes(query),
    zone,
    from: start?.toJSDate() ?? null,
    until: end?.plus({ days: 1 }).toJSDate() ?? null,
  };
}

function conditions(auth: TokenClaims, filters: LogFilters): SQL[] {
  const where: SQL[] = [eq(deliveries.driverId, auth.account_id), eq(deliveries.companyId, auth.company_id)];
  if (filters.from) where.push(gte(deliveries.dateDelivered, filters.from));
  if (filters.until) where.push(lt(deliveries.dateDelivered, filters.until));
  if (filters.orderTypes.length > 0) where.push(inArray(orders.orderType, filters.orderTypes.map((t) => ORDER_TYPE_OF_LOG[t])));
  return where;
}

export async function logEntries(db: Db, auth: TokenClaims, filters: LogFilters, limit: number): Promise<DeliveryLogEntry[]> {
  const rows = await db.select({
    deliveryId: deliveries.id, orderId: orders.id, kind: orders.kind, orderNumber: orders.orderNumber, orderType: orders.orderType,
    first: orders.customerFirstName, last: orders.customerLastName, dealerName: dealers.name,
    model: orders.buildingModel, serial: orders.serialNumber, address: orders.deliveryAddress,
    dateDelivered: deliveries.dateDelivered, began: deliveries.beganAt, ended: deliveries.endedAt,
    miles: deliveries.milesDriven, note: deliveries.note,
  }).from(deliveries)
    .innerJoin(orders, and(eq(orders.id, deliveries.orderId), eq(orders.companyId, deliveries.companyId)))
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(...conditions(auth, filters)))
    .orderBy(desc(deliveries.dateDelivered), desc(deliveries.id))
    .limit(limit);
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

export async function logTotals(db: Db, auth: TokenClaims, filters: LogFilters): Promise<PeriodStats> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`, miles: sql<number>`coalesce(sum(${deliveries.milesDriven}), 0)::float8` })
    .from(deliveries)
    .innerJoin(orders, and(eq(orders.id, deliveries.orderId), eq(orders.companyId, deliveries.companyId)))
    .where(and(...conditions(auth, filters)));
  return { deliveries: row?.n ?? 0, miles: roundMiles(row?.miles ?? 0) };
}

/** Counts and miles since the start of this week (Monday), month and year in `zone`. */
export async function periodStats(db: Db, auth: TokenClaims, zone: string, now = DateTime.now()): Promise<Record<'week' | 'month' | 'year', PeriodStats>> {
  const local = now.setZone(zone);
  const starts = { week: local.startOf('week'), month: local.startOf('month'), year: local.startOf('year') };
  const since = (start: DateTime): SQL => sql`${deliveries.dateDelivered} >= ${start.toJSDate().toISOString()}::timestamptz`;
  const [row] = await db.select({
    week: sql<number>`(count(*) filter (where ${since(starts.week)}))::int`,
    weekMiles: sql<number>`(coalesce(sum(${deliveries.milesDriven}) filter (where ${since(starts.week)}), 0))::float8`,
    month: sql<number>`(count(*) filter (where ${since(starts.month)}))::int`,
    monthMiles: sql<number>`(coalesce(sum(${deliveries.milesDriven}) filter (where ${since(starts.month)}), 0))::float8`,
    year: sql<number>`(count(*) filter (where ${since(starts.year)}))::int`,
    yearMiles: sql<number>`(coalesce(sum(${deliveries.milesDriven}) filter (where ${since(starts.year)}), 0))::float8`,
  }).from(deliveries)
    .where(and(eq(deliveries.driverId, auth.account_id), eq(deliveries.companyId, auth.company_id),
      gte(deliveries.dateDelivered, DateTime.min(starts.week, starts.year)?.toJSDate() ?? starts.year.toJSDate())));
  return {
    week: { deliveries: row?.week ?? 0, miles: roundMiles(row?.weekMiles ?? 0) },
    month: { deliveries: row?.month ?? 0, miles: roundMiles(row?.monthMiles ?? 0) },
    year: { deliveries: row?.year ?? 0, miles: roundMiles(row?.yearMiles ?? 0) },
  };
}

/** RFC 4180 cell; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function logCsv(entries: DeliveryLogEntry[], zone: string): string {
  const day = (iso: string | null): string => (iso ? DateTime.fromISO(iso).setZone(zone).toFormat('MM/dd/yyyy') : '');
  const time = (iso: string | null): string => (iso ? DateTime.fromISO(iso).setZone(zone).toFormat('HH:mm') : '');
  const lines = [DELIVERY_LOG_CSV_COLUMNS.map(csvCell).join(',')];
  for (const e of entries) {
    lines.push([
      day(e.date_delivered), e.order_number, e.order_type, e.customer_name, e.dealer_name, e.building_model,
      e.serial_number, e.delivery_address, e.miles_driven, time(e.delivery_began), time(e.delivery_ended), e.note,
    ].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
