import { describe, expect, it } from 'vitest';
import type { OutboxDoc } from '../../src/db';
import type { FetchLike } from '../../src/replication';
import { FOLLOWUP_RETRY_WINDOW_MS, MAX_FOLLOWUP_ATTEMPTS } from '../../src/replication/outboxProcessor';
import { orderIdsOf, prepareOnlotDelivery, useSyncServer } from '../support/device';
import { faultyNetwork } from '../support/faultyFetch';

// Issue 23 item 4: a delivered entry whose follow-ups keep failing ends as "follow-ups failed"
// in bounded time, never "sending" for 40 minutes. Each follow-up has MAX_FOLLOWUP_ATTEMPTS
// tries (waiting out the SPEC's 7 s uses none), and none is retried once
// FOLLOWUP_RETRY_WINDOW_MS have passed since the entry's first follow-up failure.

const harness = useSyncServer();
const EMAIL = /\/email-info\/|\/send-email/;

/** The server's email routes answer 503, each try taking `tryMs` of the phone's clock (`phone.clock`); the rest is the real server. */
function failingEmails(phone: { clock: { t: number } | null }, tryMs: number): { fetch: FetchLike; tries: () => number } {
  let tries = 0;
  return {
    fetch: async (url, init) => {
      if (!EMAIL.test(new URL(url).pathname)) return globalThis.fetch(url, init);
      tries += 1;
      if (phone.clock) phone.clock.t += tryMs;
      return new Response(JSON.stringify({ error: 'GeneralError', message: 'mail relay down' }), { status: 503 });
    },
    tries: () => tries,
  };
}

/** Runs the engine, moving the phone's clock to each due time, until the entry is done (bounded). */
async function runUntilDone(device: Awaited<ReturnType<typeof harness.signedInDevice>>, id: string): Promise<OutboxDoc> {
  for (let round = 0; round < 60; round++) {
    await device.engine.syncNow();
    const doc = (await device.db.outbox.findOne(id).exec())?.toMutableJSON();
    if (!doc) throw new Error('entry gone');
    if (doc.status === 'done') return doc;
    device.clock.t = Math.max(device.clock.t, doc.next_attempt_at, doc.steps.wait_until ?? 0);
  }
  throw new Error('the entry never ended');
}

describe('follow-ups that keep failing end in bounded time', () => {
  it.each([
    ['fail at once', 0, MAX_FOLLOWUP_ATTEMPTS],
    // Each try takes 3 minutes (a relay that answers late): the window ends it before its 8 tries.
    ['take 3 minutes each', 3 * 60_000, 6],
  ])('emails that %s: the delivery stands, the entry ends "follow-ups failed" within 30 minutes', async (_name, tryMs, maxTries) => {
    const phone: { clock: { t: number } | null } = { clock: null };
    const emails = failingEmails(phone, tryMs);
    const device = await harness.signedInDevice({ net: faultyNetwork(emails.fetch), followupWaitMs: 7_000 });
    phone.clock = device.clock;
    const [orderId] = await orderIdsOf(device, 'onlot');
    const id = await prepareOnlotDelivery(device, orderId!, 1);
    await device.engine.syncNow();
    const committed = (await device.db.outbox.findOne(id).exec())?.toMutableJSON();
    expect(committed?.steps.response).not.toBeNull();
    const start = device.clock.t;

    const done = await runUntilDone(device, id);
    expect(done.steps.followups['email:office-admin-onlot']).toMatchObject({ status: 'failed' });
    expect(device.clock.t - start).toBeLessThanOrEqual(30 * 60_000);
    expect(emails.tries()).toBe(maxTries);
    if (tryMs > 0) expect(device.clock.t - start).toBeLessThanOrEqual(FOLLOWUP_RETRY_WINDOW_MS + 2 * tryMs + 60_000);
    const delivered = await harness.server.query<{ n: string }>('SELECT count(*)::text n FROM deliveries WHERE order_id = $1', [orderId]);
    expect(delivered[0]?.n).toBe('1');
  });
});
