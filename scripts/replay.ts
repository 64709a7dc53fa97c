// `npm run replay -- <scenario.json>`: replays a driver's actions and network conditions
// against a real server (a fresh seeded one, or --url of a running one) with the real sync
// engine, then reports what reached the server. For testers reproducing field reports.
import { readFileSync } from 'node:fs';
import { activeEntries, makeDevice, onlotOrderIds, prepareOnlotDelivery, syncUntilSettled, type Device } from '../test/support/device';
import type { Fault } from '../test/support/faultyFetch';
import { startTestServer } from '../test/support/server';

type Step =
  | { do: 'sync' | 'offline' | 'online' | 'restart' | 'settle' }
  | { do: 'deliver_onlot'; order: number; photos?: number }
  | { do: 'fault'; match: string; kind: Fault['kind']; status?: number; times?: number };

interface Scenario {
  description?: string;
  driver: { email: string; password: string };
  steps: Step[];
}

async function main(): Promise<void> {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: npm run replay -- <scenario.json>');
  const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
  const server = await startTestServer();
  let device: Device = await makeDevice(server);
  const login = await device.engine.login(scenario.driver.email, scenario.driver.password);
  if (!login.ok) throw new Error(`sign-in failed: ${login.message}`);
  await device.engine.syncNow();
  const orders = await onlotOrderIds(device);
  const touched: number[] = [];
  console.log(scenario.description ?? file);
  for (const [i, step] of scenario.steps.entries()) {
    const started = Date.now();
    switch (step.do) {
      case 'sync':
        await device.engine.syncNow();
        break;
      case 'offline':
        device.net.offline = true;
        break;
      case 'online':
        device.net.offline = false;
        break;
      case 'restart': {
        // The phone killed the tab: a new engine opens the same IndexedDB.
        const { idb, net } = device;
        await device.close();
        device = await makeDevice(server, { idb, net });
        break;
      }
      case 'settle':
        await syncUntilSettled(device, 20);
        break;
      case 'deliver_onlot': {
        const id = orders[step.order];
        if (id === undefined) throw new Error(`no on-lot order #${step.order}`);
        touched.push(id);
        await prepareOnlotDelivery(device, id, step.photos ?? 2);
        break;
      }
      case 'fault':
        device.net.inject(
          new RegExp(step.match),
          step.kind === 'status' ? { kind: 'status', status: step.status ?? 503 } : { kind: step.kind },
          step.times ?? 1,
        );
        break;
    }
    const pending = (await activeEntries(device)).length;
    console.log(`${String(i + 1).padStart(3)}. ${step.do.padEnd(14)} ${String(Date.now() - started).padStart(5)} ms  outbox: ${pending} active`);
  }
  console.log('\nWhat reached the server:');
  for (const id of touched) {
    const rows = await server.query<{ n: string; images: string }>(
      `select count(distinct d.id)::text as n, count(di.upload_guid)::text as images
         from deliveries d left join delivery_images di on di.delivery_id = d.id where d.order_id = $1`,
      [id],
    );
    console.log(`  oio-${id}: ${rows[0]?.n ?? 0} delivery, ${rows[0]?.images ?? 0} photos`);
  }
  console.log(`  requests sent: ${device.net.log.length}; refused offline or faulted: ${device.net.log.length - device.net.reached(/./)}`);
  await device.close();
  await server.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
