// Demo data of the areas beyond orders (notifications, saved checks, survey questions, …).
// Each area adds one function here; they run in order, in the seed transaction, after the
// companies, accounts, dealers, shops and orders exist, and query what they need.
import type { Tx } from './client';
import { seedDeliveries } from './seedDeliveries';
import { seedOrdersArea } from './seedOrders';
import { seedPayments } from './seedPayments';
import { seedProfile } from './seedProfile';

export interface AreaSeedContext {
  rand: () => number;
  /** Midnight UTC of the seeding day, in ms: future demo dates (schedules) are relative to it. */
  dayStart: number;
  /** The seeding instant, in ms: every past event is dated before it, never later today. */
  now: number;
}

/** A moment `ms` before the seeding instant: seeded history never lies in the future. */
export const before = (ctx: { now: number }, ms: number): Date => new Date(ctx.now - Math.max(60_000, ms));

export type AreaSeed = (tx: Tx, ctx: AreaSeedContext) => Promise<void>;

// Order matters: the profile history delivers orders first; the orders area then adds
// billing, cards and checks to what is still live; payments adopts those cards into the
// processor; deliveries records how the delivered ones were paid.
export const AREA_SEEDS: AreaSeed[] = [seedProfile, seedOrdersArea, seedPayments, seedDeliveries];
