// The randomized model-based run (issue 23 item 5): fast-check generates sequences of driver
// actions and faults (fc.commands), each run on a fresh world and phone against one real
// server, then settles the phone (signal back, signed in, Sync now until nothing is due) and
// judges it. A run that breaks an invariant throws, and fast-check reports its seed and path.
import fc from 'fast-check';
import { readSession } from '../../../src/db';
import { ACTIVE_STATUSES } from '../../../src/outbox';
import type { TestServer } from '../server';
import { driverCommands } from './driverCommands';
import { faultCommands, storageCommand } from './faultCommands';
import { checkRun, type Tally } from './invariants';
import { newModel, type Model, type Real } from './model';
import { openPhone } from './phone';
import { phoneStorage } from './storage';
import { makeWorld, retireWorld, RUN_PASSWORD } from './world';

export interface FaultSummary {
  runs: number;
  actions: number;
  lost: number;
  duplicated: number;
  double_charges: number;
  attention: number;
  held: number;
  seed: number;
  /** How often each action ended each way, and each step ran: what the runs covered. */
  coverage: Record<string, number>;
}

export interface FaultOptions {
  runs: number;
  seed: number;
  /** fast-check's path of a failed run, to replay only it. */
  path?: string;
  maxCommands?: number;
  /** Also a full storage during driver actions (off by default: it leaves unhandled rejections, see storageCommand). */
  storage?: boolean;
}

/** Signal back, the account restored, signed in, Sync now until nothing waits but what needs the driver (bounded). */
async function settle(m: Model, r: Real): Promise<void> {
  r.net.offline = false;
  r.net.hanging = false;
  r.storage.full = false;
  m.link = 'up';
  if (m.accountRemoved) {
    await r.server.query('UPDATE accounts SET removed_at = NULL WHERE id = $1', [m.world.driver.id]);
    m.accountRemoved = false;
  }
  for (let round = 0; round < 40; round++) {
    if (!(await readSession(r.device.db, r.device.clock.t))) await r.device.engine.login(m.world.driver.email, RUN_PASSWORD);
    await r.device.engine.syncNow('driver');
    const active = await r.device.db.outbox.find({ selector: { status: { $in: [...ACTIVE_STATUSES] } } }).exec();
    const attention = new Set(active.filter((e) => e.status === 'needs_attention').map((e) => e.order_key));
    if (!active.some((e) => e.status !== 'needs_attention' && !attention.has(e.order_key))) return;
    r.device.clock.t += 6 * 60_000;
  }
}

let runNumber = 0;

/** One generated run: a fresh world, the commands, the settle, the judgement. */
async function oneRun(server: TestServer, jwtSecret: string, commands: Iterable<fc.AsyncCommand<Model, Real>>, total: FaultSummary): Promise<void> {
  runNumber += 1;
  const world = await makeWorld(server, `${total.seed}-${runNumber}`);
  const phone = await openPhone(server);
  const real: Real = {
    server,
    jwtSecret,
    storage: phoneStorage(),
    get device() {
      return phone.device;
    },
    get page() {
      return phone.page;
    },
    openSecondTab: () => phone.openSecondTab(),
    switchTab: () => phone.switchTab(),
    net: phone.net,
    restart: (kill) => phone.restart(kill),
  };
  const model = newModel(world);
  let tally: Tally | null = null;
  try {
    const login = await phone.device.engine.login(world.driver.email, RUN_PASSWORD);
    if (!login.ok) throw new Error(`sign-in failed: ${login.message}`);
    await phone.device.engine.syncNow();
    await fc.asyncModelRun(() => ({ model, real }), commands);
    await settle(model, real);
    tally = await checkRun(model, real);
  } finally {
    real.storage.full = false;
    await phone.close();
    await retireWorld(server, world);
  }
  total.runs += 1;
  total.actions += tally.actions;
  total.lost += tally.lost;
  total.duplicated += tally.duplicated;
  total.double_charges += tally.double_charges;
  total.attention += tally.attention;
  total.held += tally.held;
  // Step labels without their arguments: "deliver", "3× 503 on upload" → "× 503 on upload".
  for (const seen of [...tally.outcomes, ...model.trace.map((step) => step.replace(/\(\d.*\)|\d+ min pass, |\d+×|request \d+ of |order \d+/g, '').trim())])
    total.coverage[seen] = (total.coverage[seen] ?? 0) + 1;
  if (tally.problems.length) throw new Error(`${tally.problems.join('\n')}\nsteps:\n  ${model.trace.join('\n  ')}`);
}

/** Runs the property; resolves the summary, or rejects with fast-check's report (seed, path, the steps). */
export async function runFaultModel(server: TestServer, jwtSecret: string, opts: FaultOptions): Promise<FaultSummary> {
  const total: FaultSummary = { runs: 0, actions: 0, lost: 0, duplicated: 0, double_charges: 0, attention: 0, held: 0, seed: opts.seed, coverage: {} };
  const property = fc.asyncProperty(
    fc.commands([...driverCommands, ...faultCommands, ...(opts.storage ? [storageCommand] : [])], { maxCommands: opts.maxCommands ?? 16, size: 'max' }),
    (commands) => oneRun(server, jwtSecret, commands, total),
  );
  // No shrinking: each run costs a world on the real server; the seed and path replay the failing one.
  await fc.assert(property, { numRuns: opts.runs, seed: opts.seed, path: opts.path, endOnFailure: true });
  return total;
}
