import { describe, expect, it, vi } from 'vitest';
import { readSession, syncStatus$, type OutboxStatus } from '../../src/db';
import { queueNote } from '../../src/outbox';
import type { FetchLike } from '../../src/replication';
import { DEMO_DRIVER, useSyncServer } from '../support/device';
import { faultyNetwork } from '../support/faultyFetch';
import { firstValueFrom } from 'rxjs';

// The cause of the 8c01794 e2e flake ("Sending" after an offline reload). The driver went
// offline while a pull's read was still on its way; its answer arrived after the browser's
// `offline` and was taken as proof that the link was back (reachability.ts), so the engine
// believed it was online again and tried the outbox over and over, marking the entry 'sending'
// each time, with the browser offline. A reload in the middle of one of those tries showed
// "Sending". An answer to a request sent before the browser said offline proves nothing.

interface Row {
  id: number;
  kind: 'customer' | 'onlot' | 'move';
}
let orders: Row[] = [];
const harness = useSyncServer(async ({ server }) => {
  orders = await server.query<Row>(
    `SELECT o.id, o.kind FROM orders o JOIN accounts a ON a.id = o.driver_id
     WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id`,
    [DEMO_DRIVER.email],
  );
});

/** Real fetch, except that the next read (a GET other than the probe) is held until `release()`. */
function holdingFetch() {
  let release: () => void = () => undefined;
  let held: Promise<void> | null = null;
  let armed = false;
  const fetch: FetchLike = async (url, init) => {
    if (armed && (init.method ?? 'GET') === 'GET' && new URL(url).pathname !== '/healthz') {
      armed = false;
      await (held = new Promise<void>((resolve) => (release = resolve)));
    }
    return globalThis.fetch(url, init);
  };
  return {
    fetch,
    hold: () => (armed = true),
    waitHeld: () => vi.waitFor(() => expect(held).not.toBeNull(), { timeout: 5_000, interval: 5 }),
    release: () => release(),
  };
}

describe('an answer to a request sent before the browser said offline', () => {
  it('does not make the engine try the outbox while offline', async () => {
    const gate = holdingFetch();
    const net = faultyNetwork(gate.fetch);
    const device = await harness.signedInDevice({ net, intervalMs: 60 * 60_000 });
    device.engine.start();
    await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 10_000, interval: 5 });
    const session = await readSession(device.db);
    if (!session) throw new Error('not signed in');

    // A run is pulling; one of its reads is on its way when the phone goes offline.
    gate.hold();
    const run = device.engine.syncNow('driver');
    await gate.waitHeld();
    net.offline = true;
    await device.engine.setOnline(false);

    // Every status the queued note takes from now on.
    const statuses: OutboxStatus[] = [];
    const subscription = device.db.outbox.find().$.subscribe((docs) => {
      for (const doc of docs) if (doc.kind === 'create_order_note') statuses.push(doc.status);
    });
    // The held answer arrives after the offline, then the driver queues a note.
    gate.release();
    await run;
    const sentBefore = net.log.length;
    const order = orders[0]!;
    expect((await queueNote(device.db, session, order, 'Gate code 4411')).ok).toBe(true);
    // The engine hears the new entry (a 50 ms debounce) and any run it starts ends.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 10_000, interval: 5 });
    subscription.unsubscribe();

    expect(statuses).not.toContain('sending');
    expect(net.log.slice(sentBefore).filter((line) => !line.startsWith('GET /healthz'))).toEqual([]);
    expect((await firstValueFrom(syncStatus$(device.db))).online).toBe(false);
  });
});
