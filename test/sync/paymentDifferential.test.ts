// Issue 22's differential property test: what the phone accepts is what the server commits.
// fast-check generates customer deliveries per payment path — edge amounts ("", "0", "00.5",
// "125.555", "-5", "1e3", " 12", "12.", the balance ± 0.01, Unicode digits, random text), a
// chosen, unknown or missing saved card or check, an authorized new card or none, RTO and not,
// signed or not — and each is judged by queueDelivery on the phone and by the server on
// loopback with the same order state. Invariant: accepted ⇔ committed, and a committed
// payment records the amount the screen showed. There is no declared server-state exception
// here: both judges see the same order.
//
// npm test runs RULES_RUNS (default 20) cases per path; `npm run test:rules -- --runs 1000`
// a larger run. A failure prints its seed: `npm run test:rules -- --runs N --seed S` replays it.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CUSTOMER_DELIVER_CALLS, centsText, typedAmountCents, type CustomerDeliverCall } from '../../src/domain';
import { uploadTo } from '../integration/deliveryFixtures';
import { DEMO_DRIVER, useSyncServer } from '../support/device';
import { expectedRecord, judge, type PaymentCase, type Uploads } from '../support/paymentDifferential';

const RUNS = Number(process.env.RULES_RUNS ?? 20);
const SEED = process.env.RULES_SEED ? Number(process.env.RULES_SEED) : Math.floor(Math.random() * 2 ** 31);

let uploads: Uploads;
/** The seeded order every case's order is cloned from (billing, happy list; RTO set per case). */
let template: number;
const harness = useSyncServer(async ({ server }) => {
  const token = await server.login(DEMO_DRIVER.email, DEMO_DRIVER.password);
  uploads = {
    photo: await uploadTo(server, token, '/deliver-customer-order/delivery', 1),
    signature: await uploadTo(server, token, '/deliver-customer-order/signature', 2, 'png'),
    check: await uploadTo(server, token, '/deliver-customer-order/check', 3),
  };
  const [plain] = await server.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN accounts a ON a.id = o.driver_id JOIN customer_order_billing b ON b.order_id = o.id
     WHERE a.email = $1 AND o.kind = 'customer' AND NOT b.is_rto AND o.delivered_at IS NULL AND o.cancelled_at IS NULL ORDER BY o.id LIMIT 1`,
    [DEMO_DRIVER.email],
  );
  template = Number(plain?.id);
});

const EDGE_AMOUNTS = [
  '',
  ' ',
  '0',
  '0.00',
  '00.5',
  '125.555',
  '-5',
  '1e3',
  ' 12',
  '12.',
  '.5',
  '+5',
  '12,50',
  '١٢',
  '１２',
  'NaN',
  'Infinity',
  '0x10',
  '1000000000',
];
const BALANCES = ['0.00', '0.01', '10.00', '125.50', '500.00', '999999.99'];

/** An amount the driver could leave in the field, often near the balance. */
const amountFor = (balance: string): fc.Arbitrary<string> => {
  const cents = typedAmountCents(balance) ?? 0;
  return fc.oneof(
    fc.constantFrom(...EDGE_AMOUNTS),
    fc.constantFrom(balance, centsText(cents + 1), centsText(Math.max(cents - 1, 0)), String(cents / 100)),
    fc.integer({ min: 0, max: 100_000_000 }).map(centsText),
    fc.string({ maxLength: 8 }),
  );
};

const caseOf = (path: CustomerDeliverCall): fc.Arbitrary<PaymentCase> =>
  fc.constantFrom(...BALANCES, '250.00').chain((balance) =>
    fc.record({
      path: fc.constant(path),
      balance: fc.constant(balance),
      amount: amountFor(balance),
      signed: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      card: fc.constantFrom<PaymentCase['card']>('saved', 'saved', 'unknown', 'none'),
      check: fc.constantFrom<PaymentCase['check']>('saved', 'saved', 'none'),
      // Authorized for the amount the driver then leaves ('same'), or another one, or never.
      authorized: fc.constantFrom<string | null>(null, 'same', 'same', balance, '10.00', '0.01'),
    }),
  );

it(`phone accepted ⇔ server committed, ${RUNS} generated deliveries per payment path (seed ${SEED})`, { timeout: 3_600_000 }, async () => {
  const device = await harness.signedInDevice();
  const rows: string[] = [];
  const mismatches: string[] = [];
  for (const [i, path] of CUSTOMER_DELIVER_CALLS.entries()) {
    const cases = fc.sample(caseOf(path), { numRuns: RUNS, seed: SEED + i });
    let accepted = 0;
    let committed = 0;
    let differ = 0;
    for (const [n, generated] of cases.entries()) {
      const c = generated.authorized === 'same' ? { ...generated, authorized: generated.amount } : generated;
      const judged = await judge(harness.server, device, uploads, template, c);
      const phoneOk = judged.phone.ok;
      const serverOk = judged.server.status === 200;
      if (phoneOk) accepted += 1;
      if (serverOk) committed += 1;
      const recordWrong = serverOk && judged.recorded !== expectedRecord(c);
      if (phoneOk !== serverOk || recordWrong) {
        differ += 1;
        mismatches.push(
          `${path} case ${n} (seed ${SEED + i}): phone ${JSON.stringify(judged.phone)}, server ${JSON.stringify(judged.server)}, recorded ${judged.recorded}; case ${JSON.stringify(c)}`,
        );
      }
    }
    rows.push(`${path.padEnd(14)} accepted ${String(accepted).padStart(5)}  committed ${String(committed).padStart(5)}  mismatches ${differ}`);
  }
  console.log(`payment rules, phone vs server (seed ${SEED}, ${RUNS} per path):\n  ${rows.join('\n  ')}`);
  expect(mismatches, `replay: npm run test:rules -- --runs ${RUNS} --seed ${SEED}`).toEqual([]);
});
