// SEED_ORDERS_PER_DRIVER: a data set for anyone judging the app at fleet scale. On the first
// start with an empty database, each demo driver gets that many more open orders of all three
// kinds, varied like the demo ones (customers, models, dealers, lots, schedules, rush), with
// what their delivery details read (customer billing with RTO and balances, happy lists).
// Set-based (INSERT … SELECT generate_series): 10,000 per driver take seconds, not minutes.
// Deterministic in the order number, so two runs build the same data.
import type { RawSql } from './client';
import { BUILDING_MODELS, DEMO_COMPANIES, FIRST_NAMES, HAPPY_LIST, LAST_NAMES, RTO_COMPANY_NAMES, ROAD_NAMES, SHOP_STAGES } from './seedData';

/** The most SEED_ORDERS_PER_DRIVER accepts: beyond it the seed would take minutes. */
export const MAX_SEED_ORDERS_PER_DRIVER = 100_000;
const DAY_S = 86_400;

export interface BulkSeedOptions {
  /** Orders added for each driver. */
  perDriver: number;
  /** The seeding instant (ms): schedules are days around it, creation dates before it. */
  now: number;
  /** Only this driver (the benchmark grows one driver's list); default every driver. */
  driverEmail?: string;
  /** Only drivers whose email is LIKE this pattern (the fleet load test: `%@fleet.test`). */
  driverEmailLike?: string;
}

/** Adds the orders; returns how many it added. Run it in a transaction (buildServer does). */
export async function seedBulkOrders(raw: Pick<RawSql, 'query'>, opts: BulkSeedOptions): Promise<number> {
  const perDriver = Math.floor(opts.perDriver);
  if (!(perDriver > 0)) return 0;
  if (perDriver > MAX_SEED_ORDERS_PER_DRIVER) throw new Error(`SEED_ORDERS_PER_DRIVER must be at most ${MAX_SEED_ORDERS_PER_DRIVER}`);
  const drivers = await raw.query<{ id: number; company_id: number; company: string }>(
    `SELECT a.id, a.company_id, c.name AS company FROM accounts a JOIN companies c ON c.id = a.company_id
      WHERE a.role = 'driver' AND a.removed_at IS NULL AND ($1::text IS NULL OR a.email = $1) AND ($2::text IS NULL OR a.email LIKE $2)
      ORDER BY a.id`,
    [opts.driverEmail ?? null, opts.driverEmailLike ?? null],
  );
  const dayStart = Math.floor(opts.now / 1000 / DAY_S) * DAY_S;
  let added = 0;
  for (const driver of drivers) {
    const prefix = DEMO_COMPANIES.find((c) => c.name === driver.company)?.prefix ?? 'BK';
    // Numbered after this driver's earlier bulk orders, so the bench can grow a list in steps.
    const [from] = await raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE driver_id = $1 AND order_number LIKE $2`, [
      driver.id,
      `${prefix}-D${driver.id}-%`,
    ]);
    const start = (from?.n ?? 0) + 1;
    const ids = await raw.query<{ id: number }>(ORDERS_SQL, [
      driver.company_id,
      driver.id,
      start,
      start + perDriver - 1,
      prefix,
      dayStart,
      Math.floor(opts.now / 1000),
      FIRST_NAMES,
      LAST_NAMES,
      ROAD_NAMES,
      BUILDING_MODELS,
      SHOP_STAGES,
    ]);
    added += ids.length;
    await raw.query(BILLING_SQL, [driver.id, `${prefix}-D${driver.id}-%`, RTO_COMPANY_NAMES[driver.company] ?? null, start]);
    await raw.query(HAPPY_LIST_SQL, [driver.id, `${prefix}-D${driver.id}-%`, HAPPY_LIST.map(([item]) => item), HAPPY_LIST.map(([, text]) => text), start]);
  }
  return added;
}

// $1 company, $2 driver, $3..$4 numbers, $5 prefix, $6 day start (s), $7 now (s), $8.. name lists.
// Kinds: half customer orders (two in three new builds, one off-lot), three in ten on-lot, two
// in ten moves. A third scheduled (from two days ago to two weeks ahead), one in thirteen rush.
const ORDERS_SQL = `
WITH d AS (SELECT id, name, address, city, state, zip, lat, lon, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM dealers WHERE company_id = $1::int),
     s AS (SELECT id, name, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM shops WHERE company_id = $1::int),
     counts AS (SELECT (SELECT count(*) FROM d)::int AS dealers, (SELECT count(*) FROM s)::int AS shops),
     g AS (
       SELECT n,
              CASE WHEN n % 10 < 5 THEN 'customer' WHEN n % 10 < 8 THEN 'onlot' ELSE 'move' END AS kind,
              (n % 3 = 1) AS scheduled,
              (n % 3 = 1 OR n % 4 <> 0) AS built
         FROM generate_series($3::int, $4::int) AS n)
INSERT INTO orders (company_id, kind, order_type, order_number, status, stage, location, is_built, is_rush_order,
                    is_scheduled_for_delivery, scheduled_date, driver_id, dealer_id, shop_id, customer_first_name,
                    customer_last_name, customer_phone, customer_email, delivery_address, delivery_lat, delivery_lon,
                    serial_number, building_model, created_at)
SELECT $1::int, g.kind,
       CASE g.kind WHEN 'onlot' THEN 'on-lot inventory' WHEN 'move' THEN 'move order'
                   ELSE CASE WHEN g.n % 3 = 0 THEN 'off-lot inventory' ELSE 'new build' END END,
       $5 || '-D' || $2::int || '-' || g.n,
       CASE WHEN g.scheduled THEN 'Scheduled for Delivery' WHEN g.built THEN 'Ready for Delivery' ELSE 'In Production' END,
       CASE WHEN g.built THEN 'Built' ELSE ($12::text[])[1 + g.n % cardinality($12::text[])] END,
       CASE WHEN g.kind = 'customer' AND g.n % 3 = 0 THEN d.name || ' lot'
            WHEN g.kind = 'move' THEN d2.name || ' lot'
            WHEN g.built THEN s.name || ' ready lot' ELSE s.name END,
       g.built, (g.n % 13 = 0), g.scheduled,
       CASE WHEN g.scheduled THEN to_timestamp($6::bigint + ((g.n % 17) - 2) * ${DAY_S} + (8 + g.n % 8) * 3600) END,
       $2::int, d.id, s.id,
       CASE WHEN g.kind = 'customer' THEN ($8::text[])[1 + g.n % cardinality($8::text[])] END,
       CASE WHEN g.kind = 'customer' THEN ($9::text[])[1 + (g.n / 7) % cardinality($9::text[])] END,
       CASE WHEN g.kind = 'customer' THEN '(' || (200 + g.n % 700) || ') 555-' || lpad(((g.n * 37) % 10000)::text, 4, '0') END,
       CASE WHEN g.kind = 'customer' THEN lower(($8::text[])[1 + g.n % cardinality($8::text[])] || '.' || ($9::text[])[1 + (g.n / 7) % cardinality($9::text[])] || '.d' || $2::int || '.' || g.n || '@example.com') END,
       CASE WHEN g.kind = 'customer' THEN (100 + (g.n * 13) % 9800) || ' ' || ($10::text[])[1 + g.n % cardinality($10::text[])] || ', ' || d.city || ', ' || d.state || ' ' || d.zip
            ELSE d.address || ', ' || d.city || ', ' || d.state || ' ' || d.zip END,
       CASE WHEN g.kind = 'customer' THEN round((d.lat + (((g.n * 7919) % 1000) / 1000.0 - 0.5) * 0.3)::numeric, 5)::float8 ELSE d.lat END,
       CASE WHEN g.kind = 'customer' THEN round((d.lon + (((g.n * 104729) % 1000) / 1000.0 - 0.5) * 0.3)::numeric, 5)::float8 ELSE d.lon END,
       $5 || to_char(to_timestamp($7::bigint), 'YYYY') || '-' || $2::int || '-' || lpad(g.n::text, 6, '0'),
       ($11::text[])[1 + (g.n * 3) % cardinality($11::text[])],
       to_timestamp($7::bigint - (30 + g.n % 300) * ${DAY_S})
  FROM g CROSS JOIN counts
  JOIN d ON d.n = g.n % counts.dealers
  JOIN d AS d2 ON d2.n = (g.n + 1) % counts.dealers
  JOIN s ON s.n = g.n % counts.shops
RETURNING id`;

// Billing of this driver's new customer orders: the name on the order, one in five rent-to-own,
// a balance for most, the delivery address as the billing address.
const BILLING_SQL = `
INSERT INTO customer_order_billing (order_id, company_id, name_on_order, is_rto, rto_company_name, remaining_balance,
                                    street_address_one, city, state, zip)
SELECT o.id, o.company_id, o.customer_first_name || ' ' || o.customer_last_name, (o.id % 5 = 0),
       CASE WHEN o.id % 5 = 0 THEN $3 END,
       CASE WHEN o.id % 4 = 0 THEN 0 ELSE ((o.id * 7919) % 900000) / 100.0 + 500 END,
       split_part(o.delivery_address, ', ', 1), d.city, d.state, d.zip
  FROM orders o JOIN dealers d ON d.id = o.dealer_id
 WHERE o.driver_id = $1 AND o.kind = 'customer' AND o.order_number LIKE $2
   AND split_part(o.order_number, '-', 3)::int >= $4`;

// Four happy-list items per new customer order, starting at a different item each time.
const HAPPY_LIST_SQL = `
INSERT INTO happy_list_items (order_id, company_id, item, text, position)
SELECT o.id, o.company_id, ($3::text[])[1 + (o.id + p) % cardinality($3::text[])], ($4::text[])[1 + (o.id + p) % cardinality($4::text[])], p
  FROM orders o CROSS JOIN generate_series(0, 3) AS p
 WHERE o.driver_id = $1 AND o.kind = 'customer' AND o.order_number LIKE $2
   AND split_part(o.order_number, '-', 3)::int >= $5`;
