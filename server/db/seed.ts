// Seeds the demo data of DESIGN §7 into an empty database. Deterministic: a seeded PRNG
// picks every value; only dates are relative to the day of seeding so the demo looks live.
import { clockMs } from '../clock';
import { SCHEDULED_ORDER_STATUS, unscheduledStatus } from '../../src/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Db, Tx } from './client';
import { accounts, companies, dealers, orders, shops, type OrderKindColumn, type OrderTypeColumn } from './schema';
import { AREA_SEEDS, before } from './seedAreas';
import { BUILDING_MODELS, DEMO_COMPANIES, FIRST_NAMES, LAST_NAMES, ROAD_NAMES, SHOP_STAGES, type SeedCompany } from './seedData';

const LIVE_ORDERS_PER_COMPANY = 48;

const DELIVERED_ORDERS_PER_COMPANY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
// Any constant (migrate.ts uses another): serialises seeding instances on one PostgreSQL.
const SEED_LOCK = 728_302;

/** mulberry32: small, fast, good enough for demo data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));

/**
 * True when it seeded; false when the database already had data. `now` is the seeding instant
 * (injectable): past events are dated before it, never later today. `seedCompanies` defaults
 * to DESIGN §7's demo companies; the fleet load test (scripts/fleet) adds its own after them.
 */
export async function seedIfEmpty(db: Db, now: number = clockMs(), seedCompanies: readonly SeedCompany[] = DEMO_COMPANIES): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  if ((row?.n ?? 0) > 0) return false;
  // One scrypt hash per distinct password (~50 ms each): a fleet of 1,000 accounts sharing one
  // password costs one hash, not fifty seconds.
  const byPassword = new Map<string, string>();
  const hashes = new Map<string, string>();
  for (const company of seedCompanies) {
    for (const account of company.accounts) {
      const hash = byPassword.get(account.password) ?? (await hashPassword(account.password));
      byPassword.set(account.password, hash);
      hashes.set(account.email, hash);
    }
  }
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  return db.transaction(async (tx) => {
    // Several instances starting on one empty PostgreSQL: one seeds, the others wait here and
    // then find the data (before this, the second died on accounts.email's UNIQUE).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(companies);
    if ((again?.n ?? 0) > 0) return false;
    for (const [index, company] of seedCompanies.entries()) await seedCompany(tx, company, hashes, prng(1000 + index), { dayStart, now });
    const areaRand = prng(4242);
    for (const seedArea of AREA_SEEDS) await seedArea(tx, { rand: areaRand, dayStart, now });
    return true;
  });
}

async function seedCompany(tx: Tx, company: SeedCompany, hashes: Map<string, string>, rand: Rand, clock: { dayStart: number; now: number }): Promise<void> {
  const { dayStart } = clock;
  const [created] = await tx
    .insert(companies)
    .values({ name: company.name, email: company.email, phone: company.phone, address: company.address })
    .returning({ id: companies.id });
  if (!created) throw new Error('seed: company insert returned nothing');
  const companyId = created.id;
  const accountRows = await tx
    .insert(accounts)
    .values(
      company.accounts.map((a) => ({
        companyId,
        email: a.email,
        passwordHash: hashes.get(a.email) ?? '',
        role: a.role,
        firstName: a.firstName,
        lastName: a.lastName,
        phone: a.phone,
      })),
    )
    .returning({ id: accounts.id, role: accounts.role });
  const driverIds = accountRows.filter((a) => a.role === 'driver').map((a) => a.id);
  const dealerRows = await tx
    .insert(dealers)
    .values(
      company.dealers.map((d) => ({
        companyId,
        name: d.name,
        address: d.address,
        city: d.city,
        state: d.state,
        zip: d.zip,
        phone: d.phone,
        lat: d.lat,
        lon: d.lon,
      })),
    )
    .returning({ id: dealers.id });
  const shopRows = await tx
    .insert(shops)
    .values(
      company.shops.map((s) => ({
        companyId,
        name: s.name,
        address: s.address,
        lat: s.lat,
        lon: s.lon,
      })),
    )
    .returning({ id: shops.id });

  const kinds: OrderKindColumn[] = [];
  for (let i = 0; i < LIVE_ORDERS_PER_COMPANY + DELIVERED_ORDERS_PER_COMPANY; i += 1) {
    kinds.push(i % 7 < 3 ? 'customer' : i % 7 < 5 ? 'onlot' : 'move');
  }
  const rows = kinds.map((kind, i) => {
    const dealerIndex = int(rand, 0, company.dealers.length - 1);
    const dealer = company.dealers[dealerIndex];
    const shopIndex = int(rand, 0, company.shops.length - 1);
    const shop = company.shops[shopIndex];
    const dealerId = dealerRows[dealerIndex]?.id;
    if (!dealer || !shop || dealerId === undefined) throw new Error('seed: missing dealer or shop');
    const delivered = i >= LIVE_ORDERS_PER_COMPANY;
    const orderType: OrderTypeColumn =
      kind === 'onlot' ? 'on-lot inventory' : kind === 'move' ? 'move order' : rand() < 0.6 ? 'new build' : 'off-lot inventory';
    const isBuilt = delivered || (orderType === 'new build' ? rand() < 0.55 : rand() < 0.85);
    const scheduled = !delivered && isBuilt && rand() < 0.5;
    const scheduledDate = scheduled ? new Date(dayStart + int(rand, -2, 14) * DAY_MS + int(rand, 8, 15) * 3600_000) : null;
    const firstDriver = driverIds[0] ?? null;
    const secondDriver = driverIds[1] ?? null;
    const driverId = delivered ? firstDriver : rand() < 0.75 ? firstDriver : secondDriver; // single-driver companies leave some unassigned
    const fromDealer = pick(
      rand,
      company.dealers.filter((d) => d !== dealer),
    );
    const customer = kind === 'customer';
    const first = customer ? pick(rand, FIRST_NAMES) : null;
    const last = customer ? pick(rand, LAST_NAMES) : null;
    const deliveryAddress = customer
      ? `${int(rand, 100, 9899)} ${pick(rand, ROAD_NAMES)}, ${dealer.city}, ${dealer.state} ${dealer.zip}`
      : `${dealer.address}, ${dealer.city}, ${dealer.state} ${dealer.zip}`;
    return {
      companyId,
      kind,
      orderType,
      orderNumber: `${company.prefix}-${10400 + i}`,
      status: delivered ? ('Delivered' as const) : scheduled ? SCHEDULED_ORDER_STATUS : unscheduledStatus(isBuilt),
      stage: isBuilt ? ('Built' as const) : pick(rand, SHOP_STAGES),
      location:
        orderType === 'off-lot inventory' ? `${dealer.name} lot` : kind === 'move' ? `${fromDealer.name} lot` : isBuilt ? `${shop.name} ready lot` : shop.name,
      isBuilt,
      isRushOrder: rand() < 0.15,
      isScheduledForDelivery: scheduled,
      scheduledDate,
      driverId,
      dealerId,
      shopId: shopRows[shopIndex]?.id ?? null,
      customerFirstName: first,
      customerLastName: last,
      customerPhone: customer ? `(${int(rand, 200, 989)}) 555-${String(int(rand, 100, 9999)).padStart(4, '0')}` : null,
      customerEmail: customer && first && last ? `${first}.${last}${i}@example.com`.toLowerCase() : null,
      deliveryAddress,
      deliveryLat: customer ? round(dealer.lat + (rand() - 0.5) * 0.3) : dealer.lat,
      deliveryLon: customer ? round(dealer.lon + (rand() - 0.5) * 0.3) : dealer.lon,
      serialNumber: `${company.prefix}${new Date(dayStart).getUTCFullYear()}-${String(1000 + i * 7).padStart(5, '0')}`,
      buildingModel: pick(rand, BUILDING_MODELS),
      deliveredAt: delivered ? before(clock, int(rand, 1, 20) * DAY_MS) : null,
      createdAt: before(clock, (30 + i) * DAY_MS), // never the database's clock: the seed's own
    };
  });
  await tx.insert(orders).values(rows);
}

const round = (n: number): number => Math.round(n * 10000) / 10000;
