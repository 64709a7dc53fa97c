import type { Observable } from 'rxjs';
import { isCommitted } from '../outbox';
import type { OutboxDoc } from '../db';

/** An entry whose photos (signature, check) are not all on the server yet: on a weak uplink, minutes. */
export function hasUploadsLeft(doc: OutboxDoc): boolean {
  if (isCommitted(doc)) return false;
  const { photos, signature, check } = doc.attachments;
  return [...photos, signature, check].some((image) => image !== null && !doc.steps.uploads[image.id]);
}

export interface Lanes {
  /** The run's due heads (one per order, plus committed entries), in the order to send them. */
  heads: OutboxDoc[];
  /** Sends one; false stops the run (a 401 or a 426: every later call would get the same). */
  send: (head: OutboxDoc) => Promise<boolean>;
  /** The due heads as they are now. */
  reread: () => Promise<OutboxDoc[]>;
  /** Fires when an entry is queued. */
  queued: Observable<unknown>;
}

/**
 * Two lanes, so one crawling upload never holds back other orders' work: entries with photos
 * still to send go one by one in the upload lane; the rest go in the other lane, which, while
 * an upload is under way, also sends what is queued meanwhile (a note, a schedule) instead of
 * leaving it for the next run. Per-order order holds: only an order's oldest uncommitted entry
 * is a head, and an entry is sent at most once per run.
 */
export async function runLanes(lanes: Lanes): Promise<void> {
  const tried = new Set(lanes.heads.map((head) => head.id));
  let stopped = false;
  let uploadsDone = false;
  let dirty = false;
  let wake: (() => void) | null = null;
  const subscription = lanes.queued.subscribe(() => {
    dirty = true;
    wake?.();
  });
  const sendAll = async (heads: readonly OutboxDoc[]): Promise<void> => {
    for (const head of heads) {
      if (stopped) return;
      if (!(await lanes.send(head))) stopped = true;
    }
  };
  const uploads = sendAll(lanes.heads.filter(hasUploadsLeft)).finally(() => {
    uploadsDone = true;
    wake?.();
  });
  // Awaited below; handled now so a failure while the other lane is busy is not reported as unhandled.
  uploads.catch(() => undefined);
  // The run ends only when both lanes have: an entry still uploading is never left to a later run.
  let failure: { error: unknown } | null = null;
  try {
    await sendAll(lanes.heads.filter((head) => !hasUploadsLeft(head)));
    while (!uploadsDone && !stopped) {
      if (!dirty) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (uploadsDone || stopped) break;
      dirty = false;
      const fresh = (await lanes.reread()).filter((head) => !tried.has(head.id) && !hasUploadsLeft(head));
      for (const head of fresh) tried.add(head.id);
      await sendAll(fresh);
    }
  } catch (error) {
    failure = { error };
    stopped = true;
  } finally {
    subscription.unsubscribe();
  }
  await uploads;
  if (failure) throw failure.error;
}
