// The fleet load test's data set (`npm run fleet`, scripts/fleet): on an empty database, the
// demo companies of DESIGN §7 plus companies of `companySize` drivers each (every driver
// `driver-NNNN@fleet.test`, one shared password, an office admin per company), seeded through
// the same path as the demo (seedIfEmpty: accounts, dealers, shops, orders, then every area's
// data: settings, notifications, delivery history…), then `ordersPerDriver` open orders for
// each fleet driver (seedBulkOrders). Deterministic, dated relative to `now`.
import type { Database } from './client';
import { migrate } from './migrate';
import { seedIfEmpty } from './seed';
import { seedBulkOrders } from './seedBulkOrders';
import { DEMO_COMPANIES, FIRST_NAMES, LAST_NAMES, type SeedAccount, type SeedCompany } from './seedData';

/** Every fleet driver's password (sign-in hashes it as for anyone; the seed hashes it once). */
export const FLEET_PASSWORD = 'fleet-driver-pass';
/** The fleet drivers' emails match this (seedBulkOrders' `driverEmailLike`). */
export const FLEET_EMAIL_LIKE = '%@fleet.test';

/** The n-th fleet driver's email, n from 0: driver-0001@fleet.test. */
export function fleetDriverEmail(n: number): string {
  return `driver-${String(n + 1).padStart(4, '0')}@fleet.test`;
}

export interface FleetSeedOptions {
  drivers: number;
  /** Drivers per company (the last company may have fewer). */
  companySize: number;
  /** Open orders added for each fleet driver. */
  ordersPerDriver: number;
  /** The seeding instant (ms). */
  now: number;
}

/** The fleet's companies: drivers first (seedCompany gives the first two the demo orders), then an office admin. */
export function fleetCompanies({ drivers, companySize }: Pick<FleetSeedOptions, 'drivers' | 'companySize'>): SeedCompany[] {
  const size = Math.max(1, Math.floor(companySize));
  const count = Math.ceil(drivers / size);
  return Array.from({ length: count }, (_, c) => {
    const tag = String(c + 1).padStart(2, '0');
    const template = DEMO_COMPANIES[c % DEMO_COMPANIES.length] as SeedCompany;
    const accounts: SeedAccount[] = [];
    for (let n = c * size; n < Math.min(drivers, (c + 1) * size); n++) {
      accounts.push({
        email: fleetDriverEmail(n),
        password: FLEET_PASSWORD,
        role: 'driver',
        firstName: FIRST_NAMES[n % FIRST_NAMES.length] ?? 'Fleet',
        lastName: LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Driver',
        phone: `(555) 555-${String(n % 10_000).padStart(4, '0')}`,
      });
    }
    accounts.push({
      email: `office-${tag}@fleet-office.test`,
      password: FLEET_PASSWORD,
      role: 'office_admin',
      firstName: 'Office',
      lastName: `Fleet ${tag}`,
      phone: '(555) 555-0000',
    });
    return {
      name: `Fleet Sheds ${tag}`,
      email: `office@fleet-${tag}.test`,
      phone: template.phone,
      address: template.address,
      prefix: `F${tag}`,
      accounts,
      dealers: template.dealers,
      shops: template.shops,
    };
  });
}

/** Migrates and seeds an empty database for the fleet; refuses one that already has data. */
export async function seedFleetDatabase(database: Database, opts: FleetSeedOptions): Promise<void> {
  await migrate(database);
  if (!(await seedIfEmpty(database.db, opts.now, [...DEMO_COMPANIES, ...fleetCompanies(opts)]))) {
    throw new Error('seedFleetDatabase: the database is not empty');
  }
  const perDriver = opts.ordersPerDriver;
  await database.rawTransaction((raw) => seedBulkOrders(raw, { perDriver, now: opts.now, driverEmailLike: FLEET_EMAIL_LIKE }));
}
