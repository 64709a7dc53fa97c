// Lost local work (issue 24 item 7). A browser may drop everything an origin stored — Safari
// does for a site not installed after 7 days without use — and with PWADB goes any action the
// driver queued that never reached the server. The phone cannot see its own loss (a cleared
// phone is just a new one), so it tells the server what it holds unsent whenever that changes
// (`POST /secure/driver/report_unsent`), and the server remembers the last report per account
// and phone. The first report of a new phone database answers, once, what the account's other
// phones last reported and the server never received (their Idempotency-Keys never committed):
// the driver is shown it, and the office is notified.
import * as v from 'valibot';
import { storableText } from './text';
import { TimestampSchema } from './timestamps';
import { parseOrderKey } from './orderId';

export const UNSENT_REPORT_API = { report: '/secure/driver/report_unsent' } as const;

/** At most this many entries are listed in one report (the count says how many there are). */
export const UNSENT_REPORT_MAX_ENTRIES = 100;

const uuid = v.pipe(v.string(), v.uuid());
const text = storableText;
const ORDER_KEY_TEXT = 'order_key must be co-, oio- or mo-{id} with an id the database holds';

/** One outbox entry the phone holds and the server has not committed. */
export const UnsentEntrySchema = v.strictObject({
  /** The entry's id: the Idempotency-Key of its main call, so the server can tell whether it arrived after all. */
  id: uuid,
  /** The outbox kind (src/outbox registry): the driver's phone words it in their language. */
  kind: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,59}$/, 'kind must be an outbox kind name')),
  /** The kind's English label, for the office's notice. */
  label: text(100),
  /** co-/oio-/mo-{id}, or null for an action about no order. */
  order_key: v.nullable(
    v.pipe(
      v.string(),
      v.regex(/^(co|oio|mo)-\d{1,10}$/, ORDER_KEY_TEXT),
      v.check((key) => parseOrderKey(key) !== null, ORDER_KEY_TEXT),
    ),
  ),
  /** How the driver names the order ("customer · model · serial"), empty when none. */
  display: text(300),
  created_at: TimestampSchema,
  /** The server refused it and it waits for the driver. */
  needs_attention: v.boolean(),
});
export type UnsentEntry = v.InferOutput<typeof UnsentEntrySchema>;

export const UnsentReportBodySchema = v.pipe(
  v.strictObject({
    /** A random id this phone's database made for itself; a cleared database makes a new one. */
    device_id: uuid,
    /** No report from this database was answered before: a new phone, or one whose storage was cleared. */
    first: v.boolean(),
    /** How many entries the phone holds unsent (may exceed the list). */
    unsent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
    entries: v.pipe(v.array(UnsentEntrySchema), v.maxLength(UNSENT_REPORT_MAX_ENTRIES)),
  }),
  v.check((body) => body.entries.length <= body.unsent, 'unsent must count every listed entry'),
);
export type UnsentReportBody = v.InferOutput<typeof UnsentReportBodySchema>;

/** What another phone of the account held unsent and the server never received. */
export const LostWorkSchema = v.object({
  /** The listed entries that never arrived, oldest first. */
  entries: v.array(v.omit(UnsentEntrySchema, ['needs_attention'])),
  /** Entries counted beyond the lists: the server cannot tell whether they arrived. */
  unlisted: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** When that phone last reported (ISO). */
  reported_at: v.string(),
  /** The office's users were notified. */
  office_notified: v.boolean(),
});
export type LostWork = v.InferOutput<typeof LostWorkSchema>;

export const UnsentReportAnswerSchema = v.object({ lost: v.nullable(LostWorkSchema) });
export type UnsentReportAnswer = v.InferOutput<typeof UnsentReportAnswerSchema>;

/** How many actions were lost: the listed ones plus those only counted. */
export function lostCount(lost: Pick<LostWork, 'entries' | 'unlisted'>): number {
  return lost.entries.length + lost.unlisted;
}
