// A year of delivered orders per driver (the delivery log and stats read them), and a
// deliveries row for every seeded order that is marked delivered but has none yet.
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from './client';
import { accounts, deliveries, dealers, orders, shops, type OrderKindColumn, type OrderTypeColumn } from './schema';
import { before, type AreaSeedContext } from './seedAreas';
import { BUILDING_MODELS, FIRST_NAMES, LAST_NAMES, ROAD_NAMES } from './seedData';

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
const round = (n: number, places = 4): number => Math.round(n * 10 ** places) / 10 ** places;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** Deliveries per driver over the past ~13 months: the first driver does most of the hauling. */
const HISTORY_PER_DRIVER = [54, 22, 14];

const NOTES = [
  'Set on blocks, leveled front to back',
  'Customer asked for doors facing the house',
  'Tight gate, used the mule',
  'Gravel pad was ready',
  'Left ramp by the side door',
  '',
  'Moved mailbox back after setting',
  'Soft ground, laid boards for the trailer',
  '',
];

export async function seedDeliveryHistory(tx: Tx, ctx: AreaSeedContext, companyId: number): Promise<void> {
  const { rand } = ctx;
  const drivers = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.role, 'driver')))
    .orderBy(asc(accounts.id));
  const dealerRows = await tx.select().from(dealers).where(eq(dealers.companyId, companyId)).orderBy(asc(dealers.id));
  const shopRows = await tx.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.companyId, companyId)).orderBy(asc(shops.id));
  const [sample] = await tx.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.companyId, companyId)).limit(1);
  const prefix = sample?.orderNumber.split('-')[0] ?? 'OR';
  if (dealerRows.length === 0 || shopRows.length === 0) return;

  let n = 0;
  for (const [driverIndex, driver] of drivers.entries()) {
    const count = HISTORY_PER_DRIVER[driverIndex] ?? 10;
    const rows: (typeof orders.$inferInsert)[] = [];
    for (let i = 0; i < count; i += 1, n += 1) {
      const dealer = pick(rand, dealerRows);
      const shop = pick(rand, shopRows);
      const kind: OrderKindColumn = rand() < 0.55 ? 'customer' : rand() < 0.6 ? 'onlot' : 'move';
      const orderType: OrderTypeColumn =
        kind === 'onlot' ? 'on-lot inventory' : kind === 'move' ? 'move order' : rand() < 0.65 ? 'new build' : 'off-lot inventory';
      // Denser in recent weeks: days ago = 400 * u², so a few land in this week and month.
      const daysAgo = Math.floor(400 * rand() ** 2);
      const deliveredAt = before(ctx, daysAgo * DAY_MS + int(rand, 1, 9) * HOUR_MS + int(rand, 0, 59) * 60_000);
      const customer = kind === 'customer';
      const first = customer ? pick(rand, FIRST_NAMES) : null;
      const last = customer ? pick(rand, LAST_NAMES) : null;
      rows.push({
        companyId,
        kind,
        orderType,
        orderNumber: `${prefix}-${9000 + n}`,
        status: 'Delivered',
        stage: 'Built',
        location: customer ? 'Delivered to customer' : `${dealer.name} lot`,
        isBuilt: true,
        driverId: driver.id,
        dealerId: dealer.id,
        shopId: shop.id,
        customerFirstName: first,
        customerLastName: last,
        customerPhone: customer ? `(${int(rand, 200, 989)}) 555-${String(int(rand, 100, 9999)).padStart(4, '0')}` : null,
        customerEmail: first && last ? `${first}.${last}.h${n}@example.com`.toLowerCase() : null,
        deliveryAddress: customer
          ? `${int(rand, 100, 9899)} ${pick(rand, ROAD_NAMES)}, ${dealer.city}, ${dealer.state} ${dealer.zip}`
          : `${dealer.address}, ${dealer.city}, ${dealer.state} ${dealer.zip}`,
        deliveryLat: customer ? round(dealer.lat + (rand() - 0.5) * 0.3) : dealer.lat,
        deliveryLon: customer ? round(dealer.lon + (rand() - 0.5) * 0.3) : dealer.lon,
        serialNumber: `${prefix}${new Date(deliveredAt.getTime() - 40 * DAY_MS).getUTCFullYear()}-H${String(100 + n).padStart(4, '0')}`,
        buildingModel: pick(rand, BUILDING_MODELS),
        deliveredAt,
        createdAt: new Date(deliveredAt.getTime() - int(rand, 20, 90) * DAY_MS),
      });
    }
    if (rows.length > 0) await tx.insert(orders).values(rows);
  }
  await backfillDeliveries(tx, rand, companyId);
}

/** A deliveries row for each delivered order without one (the history above, and the base seed's). */
async function backfillDeliveries(tx: Tx, rand: Rand, companyId: number): Promise<void> {
  const delivered = await tx
    .select({
      id: orders.id,
      kind: orders.kind,
      driverId: orders.driverId,
      deliveredAt: orders.deliveredAt,
      lat: orders.deliveryLat,
      lon: orders.deliveryLon,
    })
    .from(orders)
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(and(eq(orders.companyId, companyId), isNotNull(orders.deliveredAt), isNotNull(orders.driverId), isNull(deliveries.id)))
    .orderBy(asc(orders.id));
  const values: (typeof deliveries.$inferInsert)[] = [];
  for (const order of delivered) {
    if (!order.deliveredAt || order.driverId === null) continue;
    const miles = round(int(rand, 6, 140) + rand(), 1);
    const ended = new Date(order.deliveredAt.getTime() - int(rand, 2, 15) * 60_000);
    const began = new Date(ended.getTime() - int(rand, 35, 150) * 60_000);
    const note = pick(rand, NOTES);
    values.push({
      orderId: order.id,
      companyId,
      driverId: order.driverId,
      kind: order.kind,
      payload: { seeded: true, delivery_miles_driven: miles, delivery_note: note },
      milesDriven: miles,
      beganAt: began,
      endedAt: ended,
      gpsLat: order.lat === null ? null : round(order.lat + (rand() - 0.5) * 0.001, 6),
      gpsLon: order.lon === null ? null : round(order.lon + (rand() - 0.5) * 0.001, 6),
      note,
      dateDelivered: order.deliveredAt,
    });
  }
  // Another area's seed may have delivered one of these already: the order keeps that one.
  if (values.length > 0) await tx.insert(deliveries).values(values).onConflictDoNothing({ target: deliveries.orderId });
}
