import type * as v from 'valibot';
import type { AnswerOf, BodyOf, CountNoun, ErrorCode, ImageRecord, OfficeNotice, OrderKind, PostKey, Texts, UploadFolder } from '../domain';
import type { CACHE_KEYS, OrderDoc, OutboxAttachments } from '../db';

// An outbox kind is one file declaring everything the queue, the processor and the UI need:
// its payload schema and version, how older payloads upgrade, its ordered steps, the draft
// it belongs to, what success cleans up and what needs-attention marks. The processor
// interprets the steps (a closed set of step types below); nothing switches on a kind.

/** The follow-up emails: after a delivery (SPEC §4.6–4.7), a customer order's (re)schedule and a reassign (SPEC §7, §9). */
export type EmailStep =
  | 'customer-delivered'
  | 'office-admin-customer'
  | 'rto-delivered'
  | 'office-admin-onlot'
  | 'office-admin-move'
  | 'customer-scheduled'
  | 'driver-reassigned';

/** The calls a kind may make: POSTs of the endpoint table that answer an object, recorded as the commit. */
export type OutboxCallKey = { [K in PostKey]: AnswerOf<K> extends object ? (AnswerOf<K> extends readonly unknown[] ? never : K) : never }[PostKey];

export type StepSpec<K extends OutboxCallKey = OutboxCallKey> =
  /** Upload each image of an attachment slot to a folder (the image id is the key). */
  | { type: 'upload'; slot: keyof OutboxAttachments; folder: UploadFolder }
  /** The main call, named by its endpoint-table key, with the entry id as Idempotency-Key: once it answers, the server has committed. */
  | { type: 'call'; endpoint: K }
  /** A follow-up after the commit: logged on failure, never repeated once done. */
  | { type: 'certificate'; id: 'certificate'; waitMs: number }
  | { type: 'email'; id: `email:${EmailStep}`; email: EmailStep; waitMs: number }
  /** create_notification to the company's office users (SPEC §7); its failure reads "Failed to notify company users". */
  | { type: 'notify'; id: 'notify:office'; notice: OfficeNotice; waitMs: number };

export type FollowupSpec = Extract<StepSpec, { type: 'certificate' | 'email' | 'notify' }>;

/** A kind's step that runs after the commit. */
export const isFollowup = (step: StepSpec): step is FollowupSpec => step.type !== 'upload' && step.type !== 'call';

/** The image records uploaded for an entry, by slot, in the order taken. */
export interface UploadedFiles {
  photos: ImageRecord[];
  signature: ImageRecord | null;
  check: ImageRecord | null;
}

/** The list-row fields an order action may show before the server has it. */
export type OrderRowPatch = Partial<Pick<OrderDoc, 'is_scheduled_for_delivery' | 'scheduled_date' | 'order_status'>>;

export interface OutboxKindDef<P extends Record<string, unknown> = Record<string, unknown>, K extends OutboxCallKey = OutboxCallKey> {
  kind: string;
  /** What the driver calls this action (outbox cards, the drawer), in each language. */
  label: Texts;
  /**
   * What the driver calls such actions when they are counted ("1 delivery, 2 notes": the
   * sign-out warning), in each language. Kinds that are one thing to the driver share a noun
   * (countNouns.ts): every deliver call is a delivery.
   */
  counted: CountNoun;
  /**
   * A delivery (locks the delivery form, listed under "Recently delivered" once committed),
   * or another action on the order (schedule, reassign, note) that does neither.
   */
  delivers: boolean;
  /** The order kind whose draft collection this action belongs to; null for none. */
  draft: OrderKind | null;
  /**
   * For an action on no order (settings): the one outbox key all its entries go under, so they
   * reach the server strictly in order. An order action's entries take the order's key.
   */
  key?: string;
  /**
   * A new entry discards one of this kind the server refused on the same key (queueKind): the
   * screen shows the stored values again, so the new entry says all the driver now wants, and
   * left behind the refused one would hold every later change back until discarded.
   */
  supersedesRefused?: boolean;
  /** SPEC §8 identifier of a failure of this action. */
  failure: ErrorCode;
  payloadVersion: number;
  /** The payload as queued: validated on insert and again before sending. */
  payloadSchema: v.GenericSchema<unknown, P>;
  /** Upgrades: `upgrades[n]` turns a version n-1 payload into version n. */
  upgrades: Readonly<Record<number, (old: Record<string, unknown>) => Record<string, unknown>>>;
  /** In order; at least one call. */
  steps: readonly [StepSpec<K>, ...StepSpec<K>[]];
  /** The main call's body (the call's body schema input) from the payload and the uploaded images. */
  body(payload: P, files: UploadedFiles): BodyOf<K>;
  /** After the commit: drop the draft, its images and the order's list row. */
  onDone: { removeDraft: boolean; removeOrder: boolean };
  /** On needs-attention: write the server's message to the draft's deliveryError. */
  onAttention: { markDraft: boolean };
  /**
   * What the order's list row shows while the action waits (null: the row is left alone).
   * Applied when queued and again after every pull while the entry is queued or sending.
   * Once the server refuses it (needs-attention) or the driver discards it, the order list is
   * read again from the server, so the row shows the server's truth plus the patches of the
   * order's entries still waiting (`src/outbox/optimistic.ts`).
   */
  optimistic: { row(payload: P): OrderRowPatch } | null;
  /**
   * A notification dismissal (SPEC §4): the notifications the payload dismisses, by id and/or
   * every one up to `upToId` (Infinity: all, a Clear all that named none). /notifications hides
   * them while the entry waits and once the server took it (`notificationActions.ts`).
   */
  dismisses?(payload: P): Dismissal;
  /**
   * A change to a stored snapshot (the driver's settings) whose call answers that snapshot as
   * the server now holds it: while the entry waits (queued or sending) screens show the stored
   * snapshot with `shows(payload)` laid over it (`snapshotChanges.ts`); once committed, the
   * answer replaces the stored snapshot (`src/replication/outboxEffects.ts`), so what the
   * screen shows does not flip back.
   */
  updatesSnapshot?: { key: SnapshotKey; shows(payload: P): Record<string, unknown> };
  /**
   * A note on the order (SPEC §7 create_order_note) whose call answers the note as the server
   * stored it: while the entry is not committed, the order's Notes card shows `text(payload)`
   * marked as waiting to send (`queuedNotes`, orderNotes.ts); once committed, that answer joins
   * the order's stored notes (src/replication/outboxEffects.ts), so the note shows once, as
   * the server's, with no gap before the next pull reads the order's notes again.
   */
  addsNote?: { text(payload: P): string };
}

/** A snapshot stored whole under one fixed key of `CACHE_KEYS` (not a per-order one). */
export type SnapshotKey = Extract<(typeof CACHE_KEYS)[keyof typeof CACHE_KEYS], string>;

export interface Dismissal {
  ids: readonly number[];
  upToId: number | null;
}

/** What defineKind made: the registry collects these from the kind files' exports. */
const declared = new WeakSet<object>();

/** Declares a kind; the type parameters tie the body builder to the payload schema and to the call's body. */
export function defineKind<P extends Record<string, unknown>, K extends OutboxCallKey>(def: OutboxKindDef<P, K>): OutboxKindDef<P, K> {
  declared.add(def);
  return def;
}

/** A kind definition made by defineKind (and not, say, a table a kind file also exports). */
export function isKindDef(value: unknown): value is OutboxKindDef {
  return typeof value === 'object' && value !== null && declared.has(value);
}
