import * as v from 'valibot';
import { DriverEmailNotificationsSchema, ORDER_KINDS, issuesMessage } from '../../domain';
import { OUTBOX_KINDS } from '../registry';
import { durationProblem } from './duration';

// The replay scenario (docs/replay.md): a driver's actions and the network's and the office's
// doings over time, replayed by `npm run replay` against a fresh seeded server with the real
// sync engine. One schema for the replay tool and for the queue drawer's export, so an
// exported outbox is a scenario the tool accepts. Times are durations from the scenario's
// start; orders are named by kind and index among the seeded driver's orders, so a scenario
// replays at any date.

export const SCENARIO_FORMAT = 'driver-app-replay/1';

/** A duration: "90s", "2m30s", "500ms", "1h", "2d". */
const Duration = v.pipe(
  v.string(),
  v.check((text) => durationProblem(text) === null, 'a duration like "90s", "2m30s", "500ms" or "1h"'),
);

/** Which of the seeded driver's orders (at the scenario's start, sorted by id) an index counts among. */
export const ORDER_FILTERS = ['any', 'payable', 'no_balance', 'rto', 'saved_card', 'saved_check', 'scheduled', 'unscheduled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

const OrderRefSchema = v.pipe(
  v.strictObject({
    kind: v.picklist(ORDER_KINDS, `an order kind (${ORDER_KINDS.join(', ')})`),
    /** The n-th (from 0) of the driver's orders of this kind that match `with`. */
    index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    /** An explicit order id instead (a server that has it). */
    id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    with: v.optional(v.picklist(ORDER_FILTERS, `one of ${ORDER_FILTERS.join(', ')}`)),
  }),
  v.check((ref) => (ref.index === undefined) !== (ref.id === undefined), 'give either index or id'),
);
export type OrderRef = v.InferOutput<typeof OrderRefSchema>;

const Money = v.pipe(v.string(), v.regex(/^\d+(\.\d{1,2})?$/, 'dollars as text, e.g. "10.00"'));

/** What the driver enters for the action; every field optional, each kind reads the ones it needs. */
const ActionInputSchema = v.strictObject({
  photos: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10))),
  signature: v.optional(v.boolean()),
  check: v.optional(v.boolean()),
  amount: v.optional(Money),
  note: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2000))),
  /** When a (re)schedule sets the delivery: days after the replay's day, at HH:MM UTC. */
  schedule: v.optional(
    v.strictObject({ inDays: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60)), at: v.pipe(v.string(), v.regex(/^\d\d:\d\d$/, 'HH:MM')) }),
  ),
  /** Reassign to this driver of the company (email); default the company's other driver. */
  to: v.optional(v.pipe(v.string(), v.email())),
  /** Dismiss the n-th (from 0) of the driver's active notifications. */
  notification: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  flags: v.optional(DriverEmailNotificationsSchema),
  /** The delivery began / ended this long before the action. */
  began: v.optional(Duration),
  ended: v.optional(Duration),
  /** Card paths: the card the sandbox approves, or one it declines (a saved card). */
  card: v.optional(v.picklist(['approved', 'declined'])),
});
export type ActionInput = v.InferOutput<typeof ActionInputSchema>;

export const VERDICTS = ['exactly-once', 'needs-attention', 'lost', 'duplicated'] as const;
export type Verdict = (typeof VERDICTS)[number];

const at = Duration;
const Match = v.pipe(v.string(), v.minLength(1), v.check(isRegExp, 'a regular expression over "METHOD /path"'));

const ActionStep = v.strictObject({
  at,
  do: v.literal('action'),
  kind: v.pipe(
    v.string(),
    v.check((kind) => OUTBOX_KINDS.has(kind), `an outbox kind (${[...OUTBOX_KINDS.keys()].join(', ')})`),
  ),
  order: v.optional(OrderRefSchema),
  input: v.optional(ActionInputSchema),
  /** What the scenario expects of it; default exactly-once. */
  expect: v.optional(v.picklist(['exactly-once', 'needs-attention'])),
  /** needs-attention: a text its message must contain. */
  message: v.optional(v.string()),
  /** An exported entry: what the phone showed (informational, never replayed). */
  phone: v.optional(v.record(v.string(), v.unknown())),
});

const STEPS = [
  ActionStep,
  /** Requests fail at once (no signal); `for`: until then, else until `online`. `browserKnows`: the browser says offline too. */
  v.strictObject({ at, do: v.literal('offline'), for: v.optional(Duration), browserKnows: v.optional(v.boolean()) }),
  /** A link that accepts and never answers: every request waits for the client's time-out. */
  v.strictObject({ at, do: v.literal('hang'), for: v.optional(Duration) }),
  v.strictObject({ at, do: v.literal('online') }),
  /** An answer of `status` (5xx, 429, 401 …) to `times` requests matching `match`, after letting `skip` through. */
  v.strictObject({
    at,
    do: v.literal('fail'),
    match: Match,
    status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
    times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    skip: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
  /** The server commits, the answer is lost on the way back. */
  v.strictObject({ at, do: v.literal('lose-answer'), match: Match, times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
  /** The worker is killed and restarted: between steps, or (`during`) while a matching request is under way. */
  v.strictObject({ at, do: v.literal('kill'), during: v.optional(Match) }),
  /** The stored token comes within SPEC §4's 15 minutes of its expiry: the phone signs the driver out. */
  v.strictObject({ at, do: v.literal('token-expires') }),
  v.strictObject({ at, do: v.literal('sign-in') }),
  /** The driver's Sync now. */
  v.strictObject({ at, do: v.literal('sync') }),
  /** The office, meanwhile: gives the order to another driver, or that driver delivers it. */
  v.strictObject({
    at,
    do: v.literal('office'),
    action: v.picklist(['reassign', 'deliver']),
    order: OrderRefSchema,
    to: v.optional(v.pipe(v.string(), v.email())),
  }),
] as const;

const StepSchema = v.variant('do', STEPS);
export type ScenarioStep = v.InferOutput<typeof StepSchema>;
export type ActionStepOf = v.InferOutput<typeof ActionStep>;

export const ScenarioSchema = v.strictObject({
  format: v.literal(SCENARIO_FORMAT),
  description: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.regex(/^[^\n]*$/, 'one line')),
  driver: v.optional(v.strictObject({ email: v.pipe(v.string(), v.email()), password: v.pipe(v.string(), v.minLength(1)) })),
  device: v.optional(
    v.strictObject({
      /** The transport's time-out (real ms: a hanging request waits this long). Default 5000. */
      timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(60_000))),
      /** The follow-ups' wait (fake clock). Default SPEC §9's 7000. */
      followupWaitMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    }),
  ),
  /** How long the phone may run after the last step to settle (fake clock). Default 30m. */
  until: v.optional(Duration),
  steps: v.pipe(v.array(StepSchema), v.minLength(1, 'at least one step')),
});
export type Scenario = v.InferOutput<typeof ScenarioSchema>;

export type ScenarioParse = { ok: true; scenario: Scenario } | { ok: false; error: string };

/** A scenario, or what is wrong with it, naming the field ("steps.3.order.kind: …"). */
export function parseScenario(input: unknown): ScenarioParse {
  const parsed = v.safeParse(ScenarioSchema, input);
  return parsed.success ? { ok: true, scenario: parsed.output } : { ok: false, error: issuesMessage(parsed.issues) };
}

function isRegExp(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}
