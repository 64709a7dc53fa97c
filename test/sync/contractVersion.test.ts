import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { syncStatus$ } from '../../src/db';
import { CONTRACT_VERSION, TUS_UPLOAD_PATH } from '../../src/domain';
import { activeEntries, onlotOrderIds, prepareOnlotDelivery, useSyncServer } from '../support/device';

// X-Contract-Version (DESIGN §6): when the server stops accepting this build's contract it
// answers 426 ClientTooOld. The outbox pauses (entries stay queued, nothing goes to
// needs-attention, no retry storm), the sync status says so for the banner, and once the
// server accepts the version again (or the app is updated) the work is sent exactly once.

let minVersion = CONTRACT_VERSION;
const harness = useSyncServer(undefined, { build: { minContractVersion: () => minVersion } });

const status = async (device: Awaited<ReturnType<typeof harness.signedInDevice>>) => firstValueFrom(syncStatus$(device.db));

describe('426 ClientTooOld', () => {
  it('pauses the outbox with entries queued, records it in the sync status, then sends once when accepted again', async () => {
    const device = await harness.signedInDevice();
    const [id] = await onlotOrderIds(device);
    if (id === undefined) throw new Error('no on-lot order to deliver');
    expect(device.net.log.length).toBeGreaterThan(0);
    expect((await status(device)).clientTooOld).toBe(false);

    minVersion = CONTRACT_VERSION + 1; // the server now requires a newer app
    try {
      await prepareOnlotDelivery(device, id);
      const before = device.net.log.length;
      for (let round = 0; round < 3; round += 1) {
        await device.engine.syncNow();
        device.clock.t += 6 * 60_000; // any back-off would have passed
      }
      const entries = await activeEntries(device);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ status: 'queued', last_error: { code: 'ClientTooOld', status: 426 } });
      const sync = await status(device);
      expect(sync.clientTooOld).toBe(true);
      expect(sync.authPaused).toBe(false);
      expect(sync.lastError).toMatch(/out of date/);
      // One refused call per run (the removed-user check or the first upload), nothing after it: no storm, no pull.
      const sent = device.net.log.slice(before);
      expect(sent, 'one call per run').toHaveLength(3);
      expect(sent).toContain(`POST ${TUS_UPLOAD_PATH}`); // the resumable upload's creation
      expect(sent.filter((line) => /deliver_onlot|order-list/.test(line))).toHaveLength(0);
      expect(await server().query('select 1 from deliveries where order_id = $1', [id])).toHaveLength(0);
    } finally {
      minVersion = CONTRACT_VERSION;
    }

    await device.engine.syncNow(); // the server accepts this build again (an updated app looks the same)
    expect(await activeEntries(device)).toHaveLength(0);
    expect(await server().query('select 1 from deliveries where order_id = $1', [id])).toHaveLength(1);
    expect(device.net.log.filter((line) => /deliver_onlot/.test(line))).toHaveLength(1);
    expect((await status(device)).clientTooOld).toBe(false);
  });
});

const server = () => harness.server;
