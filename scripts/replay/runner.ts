// Replays a scenario (docs/replay.md): a fresh seeded server, one phone running the real sync
// engine on a fake clock, the scenario's steps at their times, then the phone left to settle;
// returns the report of what reached the server.
import { CUSTOMER_DELIVER, CUSTOMER_DELIVER_CALLS, orderKey } from '../../src/domain';
import { authorizeNewCard } from '../../src/replication/cardAuth';
import type { AuthorizedCard } from '../../src/db';
import { CUSTOMER_DELIVER_KINDS } from '../../src/outbox/kinds/deliverCustomer';
import { durationMs } from '../../src/outbox/scenario/duration';
import type { ActionStepOf, Scenario } from '../../src/outbox/scenario/schema';
import { applyStep, type FaultContext } from './faults';
import { INTENTS } from './intents';
import { openPhone, type Phone } from './phone';
import { actionReport, type ActionRecord, type Report } from './report';
import { addDecliningCard, driverIdOf, startWorld, type World } from './world';

const DEFAULT_TIMEOUT_MS = 5000;
const SPEC_FOLLOWUP_WAIT_MS = 7000;
const DEFAULT_SETTLE = '30m';

/** The card a customer kind charges (new card, saved card), from the domain's table of deliver calls. */
function cardSelectionOf(kind: string): string | null {
  const call = CUSTOMER_DELIVER_CALLS.find((c) => CUSTOMER_DELIVER_KINDS[c].kind === kind);
  return call ? (CUSTOMER_DELIVER[call].cardSelection ?? null) : null;
}

interface Prepared {
  authorized: AuthorizedCard | null;
  declinedProfile: string | null;
}

/** What the driver had before the scenario starts, online: new cards authorized, the office's declining saved cards. */
async function prepare(world: World, phone: Phone, actions: readonly ActionStepOf[]): Promise<Map<ActionStepOf, Prepared>> {
  const prepared = new Map<ActionStepOf, Prepared>();
  let pullAgain = false;
  for (const step of actions) {
    const card = cardSelectionOf(step.kind);
    if (!card || !step.order) continue;
    const orderId = world.orderId(step.order);
    if (step.input?.card === 'declined') {
      if (card !== 'ExistingCard') throw new Error(`input.card: "declined" is a saved card's; a new card that is declined is never queued`);
      prepared.set(step, { authorized: null, declinedProfile: await addDecliningCard(world, orderId) });
      pullAgain = true;
    } else if (card === 'NewCard') {
      const outcome = await authorizeNewCard(phone.device.engine.http, {
        customerOrderId: orderId,
        cardNumber: '4111111111111111',
        expMonth: '12',
        expYear: '30',
        cvv: '737',
        amount: step.input?.amount ?? '10.00',
        billingZip: '17601',
        paymentProcessingAccountId: null,
      });
      if (!outcome.ok) throw new Error(`authorizing the new card for order ${orderId}: ${outcome.message}`);
      prepared.set(step, { authorized: outcome.card, declinedProfile: null });
    }
  }
  if (pullAgain) await phone.device.engine.syncNow();
  return prepared;
}

export interface ReplayOptions {
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

export async function replayScenario(scenario: Scenario, opts: ReplayOptions = {}): Promise<Report> {
  const log = opts.log ?? (() => undefined);
  const world = await startWorld(scenario);
  log(`      a fresh seeded server at ${world.server.url}`);
  const phone = await openPhone(
    world.server,
    {
      timeoutMs: scenario.device?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      followupWaitMs: scenario.device?.followupWaitMs ?? SPEC_FOLLOWUP_WAIT_MS,
    },
    log,
  );
  try {
    const login = await phone.device.engine.login(world.driver.email, world.driver.password);
    if (!login.ok) throw new Error(`sign-in failed: ${login.message}`);
    await phone.device.engine.syncNow();
    log(`      signed in as ${world.driver.email}; the phone has the driver's orders`);
    const steps = scenario.steps.map((step, i) => ({ step, n: i + 1, at: durationMs(step.at) })).sort((a, b) => a.at - b.at || a.n - b.n);
    const actions = steps.flatMap(({ step }) => (step.do === 'action' ? [step] : []));
    const prepared = await prepare(world, phone, actions);
    await phone.start();

    const pending: { at: number; run: () => Promise<void> }[] = [];
    const ctx: FaultContext = { world, phone, browserOffline: false, later: (at, run) => pending.push({ at, run }) };
    const runPendingUntil = async (ms: number) => {
      pending.sort((a, b) => a.at - b.at);
      while (pending[0] && pending[0].at <= ms) {
        const next = pending.shift()!;
        await phone.runUntil(next.at);
        await next.run();
        await phone.written();
      }
    };
    const records: ActionRecord[] = [];
    for (const { step, n, at } of steps) {
      await runPendingUntil(at);
      await phone.runUntil(at);
      log(`${String(n).padStart(3)}. ${step.at.padEnd(8)} ${step.do}${step.do === 'action' ? ` ${step.kind}` : ''}`);
      if (step.do !== 'action') {
        await applyStep(ctx, step, at, 'for' in step && step.for ? durationMs(step.for) : null);
      } else {
        const order = step.order ? { kind: step.order.kind, id: world.orderId(step.order) } : null;
        const intent = INTENTS.get(step.kind);
        if (!intent) throw new Error(`steps.${n - 1}.kind: the replay has no intent for ${step.kind}`);
        const card = prepared.get(step) ?? { authorized: null, declinedProfile: null };
        const result = await intent({ phone, order, input: step.input ?? {}, card, driverIdOf: (email) => driverIdOf(world, email) });
        records.push({
          step: n,
          at: step.at,
          kind: step.kind,
          order: order ? { ...order, key: orderKey(order.kind, order.id) } : null,
          entryId: result.ok ? result.entryId : null,
          expected: step.expect ?? 'exactly-once',
          expectedMessage: step.message ?? null,
          refusal: result.ok ? null : result.message,
        });
      }
      await phone.written();
    }
    const end = Math.max(phone.elapsed(), ...pending.map((p) => p.at)) + durationMs(scenario.until ?? DEFAULT_SETTLE);
    await runPendingUntil(end);
    log(`      settling (at most until ${Math.round(end / 1000)} s)`);
    while (!(await phone.settled()) && (await phone.step(end))) continue;
    for (const match of phone.unfiredKills()) log(`      no request matched the kill during ${match}`);

    const actionsReport = [];
    for (const record of records) {
      const entry = record.entryId ? await phone.device.db.outbox.findOne(record.entryId).exec() : null;
      actionsReport.push(await actionReport(world, record, entry?.toMutableJSON() ?? null));
    }
    const net = phone.device.net;
    return {
      description: scenario.description,
      actions: actionsReport,
      requests: { sent: net.log.length, reached: net.reached(/./) },
      ok: actionsReport.every((a) => a.ok),
    };
  } finally {
    await phone.close();
    await world.close();
  }
}
