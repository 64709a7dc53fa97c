import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSession, type Session } from '../../src/db';
import { queueNote, queueSchedule } from '../../src/outbox';
import { PROBE_MAX_MS, PROBE_MIN_MS } from '../../src/replication/reachability';
import { activeEntries, DEMO_DRIVER, makeDevice, useSyncServer, type Device } from '../support/device';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';

// Issue 23 item 1: signal that returns is used at once, with no tap and no `online` event (on
// one bar the browser says "online" while requests fail or hang, and its events may never reach
// the worker). The phone talks to the real server through a TCP proxy (which counts the probe's
// bytes); its network fails outright or hangs until the client gives up (faultyFetch.ts), and its
// timers run on its fake clock (test/support/manualTimers.ts), stepped one at a time.

interface Row {
  id: number;
  kind: 'customer' | 'onlot' | 'move';
}
let pool: Row[] = [];
/** Notes written before these tests (the seed's) are not theirs. */
let seededNotes = 0;
let proxy: FaultProxy;
const phones: Device[] = [];

const harness = useSyncServer(async ({ server }) => {
  pool = await server.query<Row>(
    `SELECT o.id, o.kind FROM orders o JOIN accounts a ON a.id = o.driver_id
     WHERE a.email = $1 AND o.delivered_at IS NULL AND o.cancelled_at IS NULL AND NOT o.is_scheduled_for_delivery ORDER BY o.id`,
    [DEMO_DRIVER.email],
  );
  seededNotes = Number((await server.query<{ max: number | null }>('SELECT max(id) max FROM order_notes'))[0]?.max ?? 0);
});

beforeAll(async () => {
  const { hostname, port } = new URL(harness.server.url);
  proxy = await startFaultProxy({ host: hostname, port: Number(port) });
  return () => proxy.close();
});

afterEach(async () => {
  proxy.mode = 'forward';
  while (phones.length) await phones.pop()?.close();
});

function take(): Row {
  const row = pool.shift();
  if (!row) throw new Error('no seeded order left');
  return row;
}

/**
 * A started phone behind the proxy, signed in and synced unless `signedIn` is false; its sync
 * timer is an hour away, so it never gets in the way. `timeoutMs`: the app is then reopened
 * with this transport time-out (a hung request ends by it, in real time).
 */
async function phone(opts: { signedIn?: boolean; timeoutMs?: number } = {}): Promise<Device> {
  const server = { ...harness.server, url: proxy.url };
  const settings = { intervalMs: 60 * 60_000 };
  let device = await makeDevice(server, { ...settings, timeoutMs: 5_000 });
  if (opts.signedIn !== false) {
    expect(await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toEqual({ ok: true });
    await device.engine.syncNow();
  }
  if (opts.timeoutMs) {
    await device.close();
    device = await makeDevice(server, { ...settings, idb: device.idb, timeoutMs: opts.timeoutMs });
  }
  phones.push(device);
  device.engine.start();
  return device;
}

/**
 * Fires the phone's next timer and waits (polling) until what it started is over: no run and no
 * probe under way (a hung request ends by the transport's time-out).
 */
async function step(device: Device): Promise<void> {
  const [due] = device.timers.dueTimes();
  if (due === undefined) throw new Error('no timer pending');
  device.timers.advance(Math.max(0, due - device.clock.t));
  await vi.waitFor(() => expect(device.engine.busy()).toBe(false), { timeout: 20_000, interval: 5 });
}

const probesIn = (device: Device) => device.net.log.filter((line) => line === 'GET /healthz').length;

async function notesOnServer(orderId: number): Promise<string[]> {
  const rows = await harness.server.query<{ note: string }>('SELECT note FROM order_notes WHERE order_id = $1 AND id > $2 ORDER BY id', [orderId, seededNotes]);
  return rows.map((r) => r.note);
}

async function scheduledOnServer(orderId: number): Promise<string | null> {
  const [row] = await harness.server.query<{ scheduled_date: Date | null }>('SELECT scheduled_date FROM orders WHERE id = $1', [orderId]);
  return row?.scheduled_date?.toISOString() ?? null;
}

/** Four notes (two on one order, which must arrive in order) and a schedule, as in the issue. */
async function queueIssueWork(device: Device, session: Session) {
  const [a, b, c, d] = [take(), take(), take(), take()];
  const when = new Date(device.clock.t + 3 * 86_400_000);
  when.setUTCHours(15, 0, 0, 0);
  const at = (n: number) => new Date(device.clock.t + n * 1000);
  const queued = [
    await queueNote(device.db, session, a, 'Gate code 4411', at(1)),
    await queueNote(device.db, session, a, 'Customer asks to call 30 min ahead', at(2)),
    await queueNote(device.db, session, b, 'Ground is soft by the barn', at(3)),
    await queueNote(device.db, session, c, 'Leave the ramp', at(4)),
    await queueSchedule(device.db, session, { ...d, scheduledDate: when.toISOString(), reschedule: false }, at(5)),
  ];
  expect(queued.every((q) => q.ok)).toBe(true);
  const arrived = async () =>
    (await notesOnServer(a.id)).join('|') === 'Gate code 4411|Customer asks to call 30 min ahead' &&
    (await notesOnServer(b.id)).length === 1 &&
    (await notesOnServer(c.id)).length === 1 &&
    (await scheduledOnServer(d.id)) === when.toISOString();
  return { arrived, orders: [a, b, c, d] };
}

describe('signal that returns is used at once', () => {
  // A hung request ends by the transport's time-out, in real time: the hanging link's cut is shorter.
  it.each([
    ['fail at once', 'fail', 150_000],
    ['hang (a link that accepts and never answers)', 'hang', 30_000],
  ] as const)(
    'work queued while requests %s reaches the server within one probe wait of the link returning, with no tap and no online event',
    async (_, fault, cutMs) => {
      const device = await phone({ timeoutMs: fault === 'hang' ? 1_000 : 2_000 });
      const session = (await readSession(device.db)) as Session;
      const cut = (on: boolean) => {
        if (fault === 'fail') device.net.offline = on;
        else device.net.hanging = on;
      };
      cut(true);
      const work = await queueIssueWork(device, session);
      await device.engine.syncNow();
      expect((await activeEntries(device)).map((e) => e.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);

      // No signal (the issue's 150 s), the browser saying "online" all along.
      const cutEnds = device.clock.t + cutMs;
      while ((device.timers.dueTimes()[0] ?? Infinity) <= cutEnds) await step(device);
      expect(await work.arrived()).toBe(false);
      expect(probesIn(device)).toBeGreaterThanOrEqual(4);

      cut(false);
      const back = device.clock.t;
      const probesBefore = probesIn(device);
      for (let i = 0; i < 20 && !(await work.arrived()); i++) await step(device);
      expect(await work.arrived()).toBe(true);
      // Found within one probe wait (the sync timer is an hour away), by a probe or a send of its own.
      expect(probesIn(device)).toBeGreaterThanOrEqual(probesBefore);
      expect(device.clock.t - back).toBeLessThanOrEqual(PROBE_MAX_MS);
      expect(await activeEntries(device)).toHaveLength(0);
      console.info(`${fault}: ${probesIn(device)} probes; all arrived ${(device.clock.t - back) / 1000} s after the link returned`);
      // Exactly once: each entry's Idempotency-Key kept a retried send from doubling it.
      const notes = await Promise.all(work.orders.slice(0, 3).map((o) => notesOnServer(o.id)));
      expect(notes.map((n) => n.length)).toEqual([2, 1, 1]);
    },
    180_000,
  );

  it('Sync now sends everything queued at once, a long back-off pending and the browser saying offline', async () => {
    const device = await phone();
    const session = (await readSession(device.db)) as Session;
    const [a, b] = [take(), take()];
    // One note meets a server error (its back-off is the server's), one no network.
    device.net.inject(/POST \/secure\/driver\/create_order_note/, { kind: 'status', status: 503 }, 1);
    expect(await queueNote(device.db, session, a, 'Refused once by the server', new Date(device.clock.t))).toMatchObject({ ok: true });
    await device.engine.syncNow();
    device.net.offline = true;
    expect(await queueNote(device.db, session, b, 'Queued with no signal', new Date(device.clock.t + 1000))).toMatchObject({ ok: true });
    await device.engine.syncNow();
    // Both wait a long back-off, as after a long outage.
    for (const doc of await activeEntries(device)) await doc.incrementalPatch({ next_attempt_at: device.clock.t + 5 * 60_000 });
    expect((await activeEntries(device)).map((e) => e.last_error?.status ?? e.last_error?.code).sort()).toEqual([503, 'NetworkError'].sort());
    await device.engine.setOnline(false);

    device.net.offline = false;
    await device.engine.syncNow(); // not the driver's: the back-off holds
    expect([await notesOnServer(a.id), await notesOnServer(b.id)]).toEqual([[], []]);
    await device.engine.syncNow('driver');
    expect([await notesOnServer(a.id), await notesOnServer(b.id)]).toEqual([['Refused once by the server'], ['Queued with no signal']]);
    expect(await activeEntries(device)).toHaveLength(0);
  });

  it('a probe is about a kilobyte with no token, and its wait grows from a few seconds to PROBE_MAX_MS while the link stays down', async () => {
    const device = await phone({ signedIn: false });
    device.net.offline = true;
    // A request that fails (a sign-in, with no session to sync): the link is suspect.
    expect(await device.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toMatchObject({ ok: false });
    const probeTimes: number[] = [];
    while (probeTimes.length < 8) {
      const seen = probesIn(device);
      await step(device);
      if (probesIn(device) > seen) probeTimes.push(device.clock.t);
    }
    const waits = probeTimes.slice(1).map((t, i) => t - (probeTimes[i] ?? t));
    expect(waits[0]).toBeLessThanOrEqual(2 * PROBE_MIN_MS);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] ?? 0);
    expect(waits.slice(-3)).toEqual([PROBE_MAX_MS, PROBE_MAX_MS, PROBE_MAX_MS]);
    expect(PROBE_MAX_MS).toBeLessThanOrEqual(30_000);

    // The link returns: the next probe is answered, and it alone crossed the wire (no session: no run follows).
    device.net.offline = false;
    const before = proxy.bytes();
    device.timers.advance(Math.max(0, (device.timers.dueTimes()[0] ?? 0) - device.clock.t));
    await vi.waitFor(async () => expect((await device.db.getLocal<{ reachable: boolean }>('sync-status'))?.get('reachable')).toBe(true), { interval: 5 });
    const after = proxy.bytes();
    const probe = { up: after.up - before.up, down: after.down - before.down };
    expect(probe.up).toBeGreaterThan(0);
    expect(probe.up + probe.down).toBeLessThan(1_500);
    console.info(`probe: ${probe.up} bytes up, ${probe.down} down; waits ${waits.join(', ')} ms`);
    expect(probesIn(device)).toBe(probeTimes.length + 1);
  });

  it("reachability clears the network's back-off but never a server refusal's", async () => {
    const device = await phone();
    const session = (await readSession(device.db)) as Session;
    const [a, b] = [take(), take()];
    device.net.inject(/POST \/secure\/driver\/create_order_note/, { kind: 'status', status: 503 }, 1);
    expect(await queueNote(device.db, session, a, 'The server said 503', new Date(device.clock.t))).toMatchObject({ ok: true });
    await device.engine.syncNow();
    device.net.offline = true;
    expect(await queueNote(device.db, session, b, 'No signal', new Date(device.clock.t + 1000))).toMatchObject({ ok: true });
    await device.engine.syncNow();
    const longWait = device.clock.t + 10 * 60_000;
    for (const doc of await activeEntries(device)) await doc.incrementalPatch({ next_attempt_at: longWait });

    // Probes fail for a while, then one is answered.
    for (let i = 0; i < 10 && probesIn(device) < 3; i++) await step(device);
    expect(probesIn(device)).toBe(3);
    device.net.offline = false;
    const back = device.clock.t;
    for (let i = 0; i < 10 && (await notesOnServer(b.id)).length === 0; i++) await step(device);
    expect(await notesOnServer(b.id)).toEqual(['No signal']);
    expect(device.clock.t - back).toBeLessThanOrEqual(PROBE_MAX_MS);
    // The refused note still waits out the server's back-off, untouched and unsent.
    expect(await notesOnServer(a.id)).toEqual([]);
    const [waiting] = await activeEntries(device);
    expect([waiting?.last_error?.status, waiting?.next_attempt_at]).toEqual([503, longWait]);
  });
});
