// The office during the fleet's window: its own tools (not this app) change the drivers'
// orders, which is what makes an idle phone's sync version move and its next run pull. Each
// change reschedules one live order of a random fleet driver, written as the server's own
// writers write (the company's orders lock, then updateOrder: the triggers move updated_at and
// the company's orders_version). `perDriverPerHour` changes per driver per hour, at random
// moments (a Poisson process).
import { and, eq, isNull, like } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { accounts, orders } from '../../server/db/schema';
import { driversOrders, lockCompanyOrders, updateOrder } from '../../server/repositories/orders';

const DAY_MS = 86_400_000;

export interface Office {
  /** Changes made so far. */
  readonly changes: number;
  /** Changes that failed (each logged). */
  readonly failures: number;
  /** No new change; resolves when the one under way (if any) is written. */
  stop(): Promise<void>;
}

export async function startOffice(database: Database, opts: { perDriverPerHour: number; emailLike: string; random?: () => number }): Promise<Office> {
  const random = opts.random ?? Math.random;
  const drivers = await database.db
    .select({ id: accounts.id, companyId: accounts.companyId })
    .from(accounts)
    .where(and(like(accounts.email, opts.emailLike), eq(accounts.role, 'driver')));
  let changes = 0;
  let failures = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  const rate = (opts.perDriverPerHour * drivers.length) / 3_600_000; // per ms

  async function change(): Promise<void> {
    const driver = drivers[Math.floor(random() * drivers.length)];
    if (!driver) return;
    const live = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(driversOrders(driver.companyId, driver.id), isNull(orders.deliveredAt), isNull(orders.cancelledAt)));
    const order = live[Math.floor(random() * live.length)];
    if (!order) return;
    const day = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const scheduledDate = new Date(day + (1 + Math.floor(random() * 14)) * DAY_MS + (8 + Math.floor(random() * 8)) * 3_600_000);
    await database.db.transaction(async (tx) => {
      await lockCompanyOrders(tx, driver.companyId);
      await updateOrder(tx, order.id, { isScheduledForDelivery: true, scheduledDate, status: 'Scheduled for Delivery' });
    });
    changes += 1;
  }

  function next(): void {
    if (stopped || !(rate > 0)) return;
    timer = setTimeout(
      () => {
        writing = change().catch((error: unknown) => {
          failures += 1;
          console.error('fleet office: a change failed', error);
        });
        next();
      },
      -Math.log(1 - random()) / rate,
    );
  }
  next();
  return {
    get changes() {
      return changes;
    },
    get failures() {
      return failures;
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await writing;
    },
  };
}
