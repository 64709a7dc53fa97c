// The happy-list results of a customer delivery (SPEC §3), kept as data beside the delivery:
// every item of the order's list at delivery time, ticked or not. The body names only ticked
// items; an item that is not on this order's list is refused, so nothing unknown is recorded.
// The delivery log and the certificate read them back through happyListResultsByDelivery.
import type { CustomerDeliverBody, HappyListResult } from '../../src/domain';
import { invalid } from '../http/errors';
import type { Executor } from '../db/client';
import { happyListResultsOf, insertHappyListResults } from '../repositories/customerDeliveries';
import { happyItemsOf } from '../repositories/customerOrders';
import type { DeliveryStep } from './deliveries';

/** Checks the body's items against the order's list and records the list with what was ticked. */
export async function recordHappyListResults({ tx, auth, body, order, deliveryId }: DeliveryStep<CustomerDeliverBody>): Promise<void> {
  const listed = await happyItemsOf(tx, auth.company_id, [order.id]);
  const known = new Set(listed.map((i) => i.item));
  const sent = body.happy_list_results.map((r) => r.item);
  const unknown = sent.filter((item) => !known.has(item));
  if (unknown.length > 0) {
    throw invalid(`happy_list_results: ${unknown.map((i) => JSON.stringify(i)).join(', ')} is not on this order's happy list`);
  }
  if (new Set(sent).size !== sent.length) throw invalid('happy_list_results names an item twice');
  const ticked = new Set(body.happy_list_results.filter((r) => r.value).map((r) => r.item));
  await insertHappyListResults(
    tx,
    deliveryId,
    auth.company_id,
    listed.map((i) => ({ item: i.item, text: i.text, value: ticked.has(i.item), position: i.position })),
  );
}

/** Each delivery's recorded happy list (absent: none recorded), items in the order's list order. */
export async function happyListResultsByDelivery(db: Executor, companyId: number, deliveryIds: readonly number[]): Promise<Map<number, HappyListResult[]>> {
  const byDelivery = new Map<number, HappyListResult[]>();
  for (const row of await happyListResultsOf(db, companyId, deliveryIds)) {
    const list = byDelivery.get(row.deliveryId) ?? [];
    list.push({ item: row.item, text: row.text, value: row.value });
    byDelivery.set(row.deliveryId, list);
  }
  return byDelivery;
}
