// What the driver may deliver before the next sync comes first (issue 24 item 5). Right after the
// order list, the delivery details of the orders scheduled today or tomorrow (and overdue ones)
// are asked for one by one (a few at a time) when the phone's copy is older than the list row,
// before the snapshots and the kinds' detail streams, which bring the rest (and these again,
// unchanged, so they are not rewritten). On a first sign-in with thousands of orders the streams
// take minutes on a weak link; today's deliveries must not wait for them. The per-order prefetch
// (prefetch.ts) takes the same orders first.
import * as v from 'valibot';
import { clockMs } from '../clock';
import { dueSoon, ORDER_KIND_SPECS, orderRefOfFields, type OrderKind, type OrderKindSpec, type QueryOf } from '../domain';
import { deliveryCollection, driverScope } from '../db';
import { inTurns, READS_AT_ONCE } from './concurrent';
import { isConnectivity } from './fetchReport';
import type { PullContext, RawDoc } from './pull';
import { storeDeliveryDetails } from './pullDeliveries';

/** One order's details as read here: storeDeliveryDetails validates each by its kind's schema, as a page's rows. */
const DetailsView = v.looseObject({ id: v.string() });

/** The phone's zone when the engine names none (Node tests run in the process's). */
const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

interface DueOrder {
  key: string;
  kind: OrderKind;
  id: number;
  updatedAt: string;
}

/** The driver's orders due by the end of tomorrow in the phone's zone, soonest first. */
async function dueOrders(ctx: PullContext, nowMs: number): Promise<DueOrder[]> {
  const rows = await ctx.db.orders.find({ selector: { ...driverScope(ctx.session.claims), is_scheduled_for_delivery: true } }).exec();
  return dueSoon(rows, nowMs, ctx.timeZone ?? localZone()).flatMap((row) => {
    const ref = orderRefOfFields(row);
    return ref ? [{ key: row.id, kind: ref.kind, id: ref.id, updatedAt: row.updated_at }] : [];
  });
}

/** Order key → place among the orders due soonest (0 first): the prefetch's order. */
export async function dueOrderKeys(ctx: PullContext, nowMs: number): Promise<Map<string, number>> {
  return new Map((await dueOrders(ctx, nowMs)).map((order, i) => [order.key, i]));
}

/**
 * The delivery details of the orders due soonest whose copy on the phone is missing or older
 * than their list row, stored per kind once all arrived (or no signal stopped them). A read the server fails is logged
 * (the kind's stream brings the order after); no signal stops the run as any read does.
 */
export async function pullDueDeliveries(ctx: PullContext): Promise<number> {
  const due = await dueOrders(ctx, ctx.now?.() ?? clockMs());
  const stale: DueOrder[] = [];
  for (const kind of new Set(due.map((order) => order.kind))) {
    const ofKind = due.filter((order) => order.kind === kind);
    const held = await deliveryCollection(ctx.db, kind)
      .findByIds(ofKind.map((order) => order.key))
      .exec();
    for (const order of ofKind)
      if ((held.get(order.key)?.server as { updated_at?: string } | null | undefined)?.updated_at !== order.updatedAt) stale.push(order);
  }
  stale.sort((a, b) => due.indexOf(a) - due.indexOf(b));
  const fetched = new Map<OrderKind, RawDoc[]>();
  try {
    await inTurns(stale, READS_AT_ONCE, async (order) => {
      const spec = ORDER_KIND_SPECS[order.kind];
      // ?customer_order_id=N, ?onlotInventoryOrderId=N: the kind's own name (a computed key the types cannot follow).
      const query = { [spec.deliveryDetailsParam]: order.id } as QueryOf<`GET ${OrderKindSpec['paths']['deliveryDetails']}`>;
      try {
        const details: RawDoc = await ctx.http.readAs(`GET ${spec.paths.deliveryDetails}`, DetailsView, query);
        fetched.set(order.kind, [...(fetched.get(order.kind) ?? []), details]);
      } catch (error) {
        if (isConnectivity(error)) throw error;
        ctx.log?.('pull: delivery details of an order due soon failed', { order: order.key, error });
      }
    });
  } finally {
    // What arrived before no signal is kept.
    for (const [kind, docs] of fetched) await storeDeliveryDetails(ctx, kind, docs, []);
  }
  return stale.length;
}
