// The delivery log (filters, totals), its CSV export, delivery stats and undelivered-order
// stats, each checked against SQL run on the same database, plus isolation and bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { API, DELIVERY_LOG_CSV_COLUMNS, PROFILE_API, type DeliveryLogResponse, type DeliveryStats, type UndeliveredOrdersStats } from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, call, deliverBody, liveOrderIds, postJson, uploadPhoto, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;
const NY = { 'x-time-zone': 'America/New_York' };

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s));
beforeAll(async () => {
  // One delivery made through the API right now, so "this week" is never empty.
  const [orderId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
  const photo = await uploadPhoto(server, summit, 31);
  const now = Date.now();
  const res = await postJson(
    server,
    API.deliverOnlot,
    deliverBody(orderId ?? 0, [photo], {
      date_delivered: new Date(now).toISOString(),
      delivery_began: new Date(now - 3_600_000).toISOString(),
      delivery_ended: new Date(now - 60_000).toISOString(),
      delivery_miles_driven: 37.5,
      delivery_note: '=HYPERLINK("x"), "quoted"',
    }),
    { token: summit },
  );
  expect(res.status).toBe(200);
});

const logList = (token: string, query = '', headers: Record<string, string> = NY) =>
  call<DeliveryLogResponse>(server, `${PROFILE_API.logList}${query}`, { token, headers });

const expected = (email: string, where = 'true', params: unknown[] = []) =>
  server.query<{ id: number; miles: number | null }>(
    `SELECT d.id, d.miles_driven miles FROM deliveries d JOIN orders o ON o.id = d.order_id JOIN accounts a ON a.id = d.driver_id
   WHERE a.email = $1 AND (${where}) ORDER BY d.date_delivered DESC, d.id DESC`,
    [email, ...params],
  );
const sumMiles = (rows: { miles: number | null }[]) => Math.round(rows.reduce((s, r) => s + (r.miles ?? 0), 0) * 10) / 10;

describe('GET /api/driver/log-list', () => {
  it("lists the driver's deliveries newest first with totals, as stored", async () => {
    const res = await logList(summit);
    expect(res.status).toBe(200);
    const rows = await expected(SUMMIT_DRIVER.email);
    expect(rows.length).toBeGreaterThan(20);
    expect(res.body.deliveries.map((d) => d.delivery_id)).toEqual(rows.map((r) => r.id));
    expect(res.body.totals).toEqual({ deliveries: rows.length, miles: sumMiles(rows) });
    expect(res.body.truncated).toBe(false);
    const newest = res.body.deliveries[0];
    expect(newest).toMatchObject({ miles_driven: 37.5, order_type: 'on-lot inventory', log_order_type: 'new-inventory', note: '=HYPERLINK("x"), "quoted"' });
    expect(newest?.order_key).toBe(`oio-${newest?.onlot_inventory_order_id}`);
  });

  it("filters by days in the driver's zone (both inclusive) and by order types, repeated or comma-joined", async () => {
    const [start, end] = ['2025-01-01', new Date().toISOString().slice(0, 10)];
    const byDay = await logList(summit, `?startDate=${start}&endDate=${end}`);
    const dayRows = await expected(SUMMIT_DRIVER.email, `(d.date_delivered AT TIME ZONE 'America/New_York')::date BETWEEN $2::date AND $3::date`, [start, end]);
    expect(byDay.body.deliveries.map((d) => d.delivery_id)).toEqual(dayRows.map((r) => r.id));
    expect(byDay.body.filters).toEqual({ startDate: start, endDate: end, orderTypes: [], time_zone: 'America/New_York' });

    const repeated = await logList(summit, '?orderTypes=new-build&orderTypes=move-inventory');
    const comma = await logList(summit, '?orderTypes=move-inventory,new-build&startDate=');
    const typeRows = await expected(SUMMIT_DRIVER.email, `o.order_type IN ('new build', 'move order')`);
    expect(repeated.body.deliveries.map((d) => d.delivery_id)).toEqual(typeRows.map((r) => r.id));
    expect(comma.body.deliveries).toEqual(repeated.body.deliveries);
    expect(repeated.body.filters.orderTypes).toEqual(['new-build', 'move-inventory']);
    expect(new Set(repeated.body.deliveries.map((d) => d.log_order_type))).toEqual(new Set(['new-build', 'move-inventory']));
  });

  it("never lists another driver's or company's deliveries", async () => {
    const ridgeLog = await logList(ridge);
    const ridgeRows = await expected(RIDGE_DRIVER.email);
    expect(ridgeLog.body.deliveries.map((d) => d.delivery_id)).toEqual(ridgeRows.map((r) => r.id));
    const summitIds = new Set((await expected(SUMMIT_DRIVER.email)).map((r) => r.id));
    expect(ridgeLog.body.deliveries.some((d) => summitIds.has(d.delivery_id))).toBe(false);
  });

  it('400 for bad dates, a reversed range, unknown order types or time zone', async () => {
    const bad = [
      '?startDate=2026-13-01',
      '?endDate=yesterday',
      '?startDate=2026-02-30',
      '?startDate=2026-03-10&endDate=2026-03-01',
      '?orderTypes=sheds',
      '?orderTypes=new-build,,bogus',
      '?startDate=20260301',
    ];
    for (const query of bad) {
      const res = await logList(summit, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
    expect((await logList(summit, '', { 'x-time-zone': 'Mars/Olympus_Mons' })).status).toBe(400);
  });
});

/** Minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

describe('GET /api/driver/exports/log-list', () => {
  it('answers CSV with a header row and one row per logged delivery, formulas defused', async () => {
    const res = await call(server, `${PROFILE_API.logListExport}?orderTypes=new-inventory`, { token: summit, headers: NY });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="delivery-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual([...DELIVERY_LOG_CSV_COLUMNS]);
    const log = await logList(summit, '?orderTypes=new-inventory');
    expect(rows.length - 1).toBe(log.body.deliveries.length);
    expect(rows.slice(1).map((r) => r[1])).toEqual(log.body.deliveries.map((d) => d.order_number));
    const newest = rows[1];
    expect(newest?.[11]).toBe('\'=HYPERLINK("x"), "quoted"');
    expect(newest?.[8]).toBe('37.5');
    expect(newest?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it("exports only the caller's deliveries and refuses bad filters", async () => {
    const ridgeCsv = await call(server, PROFILE_API.logListExport, { token: ridge });
    const ridgeNumbers = parseCsv(ridgeCsv.text)
      .slice(1)
      .map((r) => r[1]);
    expect(ridgeNumbers.length).toBe((await expected(RIDGE_DRIVER.email)).length);
    expect(ridgeNumbers.every((n) => n?.startsWith('RB-'))).toBe(true);
    const bad = await call(server, `${PROFILE_API.logListExport}?startDate=someday`, { token: summit });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'InvalidRequest' });
  });
});

describe('GET /api/driver/delivery-stats', () => {
  const sqlStats = (email: string, tz: string) =>
    server.query<Record<string, number>>(
      `SELECT ${['week', 'month', 'year']
        .map(
          (p) => `
       count(*) FILTER (WHERE d.date_delivered >= (date_trunc('${p}', now() AT TIME ZONE $2) AT TIME ZONE $2))::int AS ${p},
       round(coalesce(sum(d.miles_driven) FILTER (WHERE d.date_delivered >= (date_trunc('${p}', now() AT TIME ZONE $2) AT TIME ZONE $2)), 0)::numeric, 1)::float8 AS ${p}_miles`,
        )
        .join(',')}
     FROM deliveries d JOIN accounts a ON a.id = d.driver_id WHERE a.email = $1`,
      [email, tz],
    );

  it("counts deliveries and miles this week, month and year in the driver's zone", async () => {
    for (const tz of ['America/New_York', 'Pacific/Kiritimati']) {
      const res = await call<DeliveryStats>(server, PROFILE_API.deliveryStats, { token: summit, headers: { 'x-time-zone': tz } });
      expect(res.status).toBe(200);
      const [row] = await sqlStats(SUMMIT_DRIVER.email, tz);
      expect(res.body).toEqual({
        time_zone: tz,
        this_week: { deliveries: row?.week, miles: row?.week_miles },
        this_month: { deliveries: row?.month, miles: row?.month_miles },
        this_year: { deliveries: row?.year, miles: row?.year_miles },
      });
      expect(res.body.this_week.deliveries).toBeGreaterThanOrEqual(1);
    }
  });

  it("Ridge's stats count Ridge's deliveries only; a bad zone is a 400", async () => {
    const res = await call<DeliveryStats>(server, PROFILE_API.deliveryStats, { token: ridge });
    const [row] = await sqlStats(RIDGE_DRIVER.email, 'UTC');
    expect(res.body.this_year).toEqual({ deliveries: row?.year, miles: row?.year_miles });
    expect(res.body.time_zone).toBe('UTC');
    expect((await call(server, PROFILE_API.deliveryStats, { token: summit, headers: { 'x-time-zone': '../../etc' } })).status).toBe(400);
  });
});

describe('GET /api/driver/undelivered-orders-stats', () => {
  const sqlCounts = (email: string) =>
    server.query<Record<string, number>>(
      `
    SELECT count(*)::int total,
      count(*) FILTER (WHERE order_type = 'new build')::int c1, count(*) FILTER (WHERE order_type = 'on-lot inventory')::int c2,
      count(*) FILTER (WHERE order_type = 'off-lot inventory')::int c3, count(*) FILTER (WHERE is_scheduled_for_delivery)::int c4,
      count(*) FILTER (WHERE NOT is_scheduled_for_delivery)::int c5, count(*) FILTER (WHERE NOT is_built)::int c6,
      count(*) FILTER (WHERE is_built)::int c7, count(*) FILTER (WHERE is_rush_order)::int c8, count(*) FILTER (WHERE order_type = 'move order')::int c9
    FROM orders o JOIN accounts a ON a.id = o.driver_id WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL`,
      [email],
    );

  it("counts the driver's undelivered orders per SPEC §4 category code", async () => {
    for (const [token, email] of [
      [summit, SUMMIT_DRIVER.email],
      [ridge, RIDGE_DRIVER.email],
    ] as const) {
      const res = await call<UndeliveredOrdersStats>(server, PROFILE_API.undeliveredOrdersStats, { token });
      expect(res.status).toBe(200);
      const [row] = await sqlCounts(email);
      expect(res.body.total).toBe(row?.total);
      expect(res.body.categories.map((c) => c.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const c of res.body.categories) expect(c.count, c.key).toBe(row?.[`c${c.code}`]);
    }
    expect((await call(server, PROFILE_API.undeliveredOrdersStats)).status).toBe(401);
  });
});
