import { ORDER_KINDS } from '../domain';
import {
  clearCache,
  clearCheckpoints,
  deliveryCollection,
  draftImageIds,
  draftTouched,
  driverScope,
  ownsDoc,
  type BlobStore,
  type DriverDatabase,
  type Session,
} from '../db';
import { activeEntriesSelector } from '../outbox';
import { PULL_STREAMS } from './pull';

/**
 * SPEC §4: a sign-out clears the driver's local server data; DESIGN §5: unsynced outbox entries
 * and their drafts stay, and so does any draft the driver started (nothing typed is lost on
 * sign-out). All of it stays theirs: another driver signing in never sees it.
 */
export async function clearDriverData(db: DriverDatabase, blobs: BlobStore, current: Session): Promise<void> {
  const pending = await db.outbox.find({ selector: activeEntriesSelector(current) }).exec();
  const keep = new Set(pending.map((e) => e.order_key));
  await db.orders.find({ selector: driverScope(current.claims) }).remove();
  for (const kind of ORDER_KINDS) {
    // The company's drafts, of which ownsDoc keeps this driver's and the unclaimed ones.
    const drafts = await deliveryCollection(db, kind)
      .find({ selector: { company_id: current.claims.company_id } })
      .exec();
    for (const doc of drafts) {
      if (keep.has(doc.id) || !ownsDoc(doc, current) || draftTouched(kind, doc.toMutableJSON().draft)) continue;
      const ids = draftImageIds(doc.toMutableJSON().draft);
      await doc.remove();
      await blobs.delete(ids);
    }
  }
  await clearCache(db, current);
  await clearCheckpoints(db, current, PULL_STREAMS);
}
