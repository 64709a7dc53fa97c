// A simulated phone's delivery, as the app makes it: the driver's draft (photos, times, miles,
// GPS; a customer order's signature, happy list, survey and payment) judged by the SPEC §5 rules
// and turned into the outbox kind and payload by the app's own code (src/outbox: the rules, the
// payload builders, the kind registry), then sent as the sync worker's processor sends an entry:
// each image by the resumable upload (uploadImage, its id the key), the kind's call with the
// entry id as Idempotency-Key, then each follow-up after its wait (runFollowup). PWADB's entry
// is an object in memory; the image bytes are one photo and one signature shared by all.
import * as v from 'valibot';
import {
  CustomerDeliveryDetailsSchema,
  isInventoryKind,
  orderKey,
  parseOrderKey,
  validateDelivery,
  type CustomerDeliveryDetails,
  type OrderKind,
} from '../../src/domain';
import { emptyCustomerDraft, emptyDraftOf, emptySteps, type CustomerDraft, type DraftPhoto, type OutboxDoc } from '../../src/db';
import { uuidv7 } from '../../src/db/uuid';
import {
  customerCallOf,
  customerFacts,
  customerPayload,
  deliveryKindOf,
  inventoryFacts,
  inventoryPayload,
  isFollowup,
  type OutboxKindDef,
} from '../../src/outbox';
import { CUSTOMER_DELIVER_KINDS } from '../../src/outbox/kinds/deliverCustomer';
import { backoffMs, MAX_FOLLOWUP_ATTEMPTS, TransportError, stripDeleted, type HttpClient, type RawDoc } from '../../src/replication';
import { runFollowup } from '../../src/replication/steps/followups';
import { uploadedFiles, uploadImage } from '../../src/replication/steps/upload';

/** The bytes every simulated photo and signature sends (a phone's compressed photo; a signature PNG). */
export interface FleetImages {
  photo: { bytes: ArrayBuffer; width: number; height: number };
  signature: { bytes: ArrayBuffer; width: number; height: number };
}

/** An outbox entry as the processor reads it, kept in memory. */
export interface FleetEntry {
  doc: Pick<OutboxDoc, 'id' | 'kind' | 'order_key' | 'display' | 'attachments' | 'steps' | 'status' | 'created_at'>;
  def: OutboxKindDef;
  payload: Record<string, unknown>;
  attempts: number;
  nextAttemptAt: number;
}

export type Pressed = { ok: true; entry: FleetEntry } | { ok: false; errors: string[] };

function imageOf(kind: 'photo' | 'signature', images: FleetImages): DraftPhoto {
  const png = kind === 'signature';
  const { bytes, width, height } = images[kind];
  return { id: uuidv7(), mime_type: png ? 'image/png' : 'image/jpeg', extension: png ? 'png' : 'jpg', size: bytes.byteLength, width, height };
}

/** What every delivery form holds: the photos taken, the drive's times and miles, where it ended. */
function filledCommon(now: number, photos: DraftPhoto[], random: () => number) {
  return {
    photos,
    deliveryMilesDriven: Math.round(random() * 800) / 10,
    deliveryBegan: new Date(now - 50 * 60_000).toISOString(),
    deliveryEnded: new Date(now - 5 * 60_000).toISOString(),
    deliveryGpsLat: 40 + random(),
    deliveryGpsLon: -77 + random(),
    deliveryNote: 'Set on blocks, leveled front to back',
  };
}

/** A customer's form: signed, every happy-list item ticked, the survey answered, cash up to the balance (none when nothing is owed). */
function customerDraft(server: CustomerDeliveryDetails, common: ReturnType<typeof filledCommon>, signature: DraftPhoto): CustomerDraft {
  const balance = Number(server.remaining_balance ?? 0);
  const surveyAnswers: CustomerDraft['surveyAnswers'] = {};
  for (const question of server.driver_delivery_survey_questions) surveyAnswers[String(question.id)] = question.type === 'YESNO' ? true : 'All good';
  return {
    ...emptyCustomerDraft(),
    ...common,
    signature,
    happyList: server.happy_list_results.map((item) => item.item),
    surveyAnswers,
    paymentMethod: balance > 0 ? 'Cash' : 'NoPayment',
    paymentAmount: balance > 0 ? Math.min(balance, 500).toFixed(2) : '',
  };
}

/**
 * The driver filled the delivery screen of this order and pressed Deliver (queueDelivery,
 * src/outbox/deliver.ts): the rules, then the kind and payload it would queue, validated by
 * the kind's schema as `queue` does. `details` is the order's pulled delivery details.
 */
export function pressDeliver(
  order: { kind: OrderKind; id: number },
  details: RawDoc | undefined,
  opts: { images: FleetImages; photos: number; now: number; random: () => number },
): Pressed {
  const photos = Array.from({ length: opts.photos }, () => imageOf('photo', opts.images));
  const common = filledCommon(opts.now, photos, opts.random);
  const dateDelivered = new Date(opts.now).toISOString();
  let def: OutboxKindDef;
  let payload: Record<string, unknown>;
  let signature: DraftPhoto | null = null;
  if (isInventoryKind(order.kind)) {
    const draft = { ...emptyDraftOf(order.kind), ...common };
    const errors = validateDelivery(inventoryFacts(order.kind, draft));
    if (errors.length) return { ok: false, errors };
    def = deliveryKindOf(order.kind);
    payload = inventoryPayload(order.kind, order.id, draft, dateDelivered);
  } else {
    const parsed = details ? v.safeParse(CustomerDeliveryDetailsSchema, stripDeleted(details)) : null;
    if (!parsed?.success) return { ok: false, errors: ['FailedToFindDeliveryDetails'] };
    signature = imageOf('signature', opts.images);
    const draft = customerDraft(parsed.output, common, signature);
    const errors = validateDelivery(customerFacts(parsed.output, draft));
    const call = customerCallOf(parsed.output.is_rto, draft);
    if (errors.length || !call) return { ok: false, errors: errors.length ? errors : ['PaymentMethodRequired'] };
    def = CUSTOMER_DELIVER_KINDS[call];
    payload = customerPayload(call, order.id, parsed.output, draft, dateDelivered);
  }
  const valid = v.safeParse(def.payloadSchema, payload);
  if (!valid.success) return { ok: false, errors: [`${def.kind}: ${valid.issues[0]?.message ?? 'invalid payload'}`] };
  const doc: FleetEntry['doc'] = {
    id: uuidv7(opts.now),
    kind: def.kind,
    order_key: orderKey(order.kind, order.id),
    display: null,
    attachments: { photos, signature, check: null },
    steps: emptySteps(),
    status: 'queued',
    created_at: dateDelivered,
  };
  return { ok: true, entry: { doc, def, payload: valid.output, attempts: 0, nextAttemptAt: 0 } };
}

export interface SendContext {
  http: HttpClient;
  now: () => number;
  images: FleetImages;
  /** Each follow-up's wait (default the kind's, SPEC §9's 7 s). */
  followupWaitMs?: number;
}

/** How one try of an entry ended: done, or due again at a time (a follow-up's wait, a back-off). */
export type SendOutcome = { done: true } | { done: false; due: number };

/** One try of the entry, as the processor's sendEntry: uploads and the call until committed, then the follow-ups in turn. */
export async function sendEntry(ctx: SendContext, entry: FleetEntry): Promise<SendOutcome> {
  const { doc, def } = entry;
  if (!doc.steps.response) {
    try {
      await runMain(ctx, entry);
    } catch (error) {
      entry.attempts += 1;
      if (error instanceof TransportError && error.kind !== 'retry') throw error; // a refusal the fleet does not expect: reported
      return { done: false, due: (entry.nextAttemptAt = ctx.now() + backoffMs(entry.attempts)) };
    }
    entry.attempts = 0;
  }
  for (const step of def.steps.filter(isFollowup)) {
    if (doc.steps.followups[step.id]) continue;
    const waitUntil = (doc.steps.wait_until ??= ctx.now() + (ctx.followupWaitMs ?? step.waitMs));
    if (waitUntil > ctx.now()) return { done: false, due: waitUntil };
    try {
      doc.steps.followups[step.id] = await runFollowup(ctx, doc, step);
    } catch (error) {
      entry.attempts += 1;
      if (!(error instanceof TransportError) || error.kind !== 'retry' || entry.attempts >= MAX_FOLLOWUP_ATTEMPTS) {
        doc.steps.followups[step.id] = { status: 'failed', message: String(error), at: new Date(ctx.now()).toISOString() };
      } else return { done: false, due: ctx.now() + backoffMs(entry.attempts) };
    }
    entry.attempts = 0;
    doc.steps.wait_until = null;
  }
  return { done: true };
}

async function runMain(ctx: SendContext, { doc, def, payload }: FleetEntry): Promise<void> {
  const orderId = parseOrderKey(doc.order_key)?.id ?? null;
  for (const step of def.steps) {
    if (step.type === 'upload') {
      const slot = doc.attachments[step.slot];
      for (const image of Array.isArray(slot) ? slot : slot ? [slot] : []) {
        if (doc.steps.uploads[image.id]) continue;
        const { bytes } = ctx.images[image.extension === 'png' ? 'signature' : 'photo'];
        doc.steps.uploads[image.id] = await uploadImage(
          ctx.http,
          { id: image.id, extension: image.extension, type: image.mime_type, bytes },
          step.folder,
          orderId,
        );
      }
    } else if (step.type === 'call') {
      doc.steps.response = { ...(await ctx.http.call(step.endpoint, def.body(payload, uploadedFiles(doc)), { idempotencyKey: doc.id })) };
      return;
    }
  }
}
