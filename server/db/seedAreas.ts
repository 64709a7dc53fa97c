// Demo data of the areas beyond orders (notifications, saved checks, survey questions, …).
// Each area adds one function here; they run in order, in the seed transaction, after the
// companies, accounts, dealers, shops and orders exist, and query what they need.
import type { Tx } from './client';

export interface AreaSeedContext {
  rand: () => number;
  /** Midnight UTC of the seeding day, in ms: demo dates are relative to it. */
  dayStart: number;
}

export type AreaSeed = (tx: Tx, ctx: AreaSeedContext) => Promise<void>;

export const AREA_SEEDS: AreaSeed[] = [];
import { seedProfile } from './seedProfile';
AREA_SEEDS.push(seedProfile);
import { seedPayments } from './seedPayments';
AREA_SEEDS.push(seedPayments);
import { seedOrdersArea } from './seedOrders';
AREA_SEEDS.push(seedOrdersArea);
import { seedDeliveries } from './seedDeliveries';
AREA_SEEDS.push(seedDeliveries);
