// What the replayed driver does for each outbox kind: the app's own intent (queueDelivery,
// queueSchedule, queueNote …) with the scenario's input, so every entry is queued exactly as
// the app queues it. The one table of the tool that names kinds: the unit test checks that
// every kind of the registry has its intent here and a sample scenario that uses it.
import { addDraftImage, CACHE_KEYS, patchDraft, readCache, readCompanyDrivers, type AuthorizedCard, type DraftOf } from '../../src/db';
import { CUSTOMER_DELIVER, CUSTOMER_DELIVER_CALLS, ORDER_KIND_SPECS, ORDER_KINDS, type DriverNotification, type OrderKind } from '../../src/domain';
import {
  OUTBOX_KINDS,
  queueDelivery,
  queueDismissAll,
  queueDismissNotification,
  queueKind,
  queueNote,
  queueReassign,
  queueSchedule,
  queueUnschedule,
} from '../../src/outbox';
import { CUSTOMER_DELIVER_KINDS } from '../../src/outbox/kinds/deliverCustomer';
import { createOrderNote } from '../../src/outbox/kinds/createOrderNote';
import { dismissAllNotifications } from '../../src/outbox/kinds/dismissAllNotifications';
import { dismissNotification } from '../../src/outbox/kinds/dismissNotification';
import { reassignOrder } from '../../src/outbox/kinds/reassignOrder';
import { scheduleKindOf } from '../../src/outbox/kinds/scheduleOrder';
import { unscheduleOrder } from '../../src/outbox/kinds/unscheduleOrder';
import { updateEmailNotifications } from '../../src/outbox/kinds/updateEmailNotifications';
import { durationMs } from '../../src/outbox/scenario/duration';
import type { ActionInput } from '../../src/outbox/scenario/schema';
import { makeJpeg } from '../../test/support/images';
import type { Phone } from './phone';

export interface IntentContext {
  phone: Phone;
  order: { kind: OrderKind; id: number } | null;
  input: ActionInput;
  /** Prepared before the start (online): the new card's authorization, the declining saved card. */
  card: { authorized: AuthorizedCard | null; declinedProfile: string | null };
  driverIdOf(email: string | undefined): Promise<number>;
}

export type IntentResult = { ok: true; entryId: string } | { ok: false; message: string };
type Intent = (ctx: IntentContext) => Promise<IntentResult>;

const refused = (r: { ok: false; message?: string; errors?: readonly string[] }): IntentResult => ({
  ok: false,
  message: r.message ?? r.errors?.join(', ') ?? 'refused',
});
const orderOf = (ctx: IntentContext) => {
  if (!ctx.order) throw new Error('this kind needs an order');
  return ctx.order;
};
const nowOf = (ctx: IntentContext) => new Date(ctx.phone.device.clock.t);

async function addImages(ctx: IntentContext, kind: OrderKind, id: number, slot: 'photos' | 'signature' | 'check', count: number): Promise<void> {
  const { device } = ctx.phone;
  const session = await ctx.phone.session();
  for (let i = 0; i < count; i++) {
    const bytes = await makeJpeg(id * 10 + i + (slot === 'photos' ? 0 : 7));
    const added = await addDraftImage(device.db, device.blobs, session, kind, id, { bytes, type: 'image/jpeg', width: 64, height: 48 }, slot);
    if (!added.ok) throw new Error(`${slot}: ${added.error}`);
  }
}

/** The payment choice of a customer kind, read from the domain's table of deliver calls. */
async function customerChoice(ctx: IntentContext, kind: string, id: number) {
  const call = CUSTOMER_DELIVER_CALLS.find((c) => CUSTOMER_DELIVER_KINDS[c].kind === kind);
  if (!call) return {};
  const spec = CUSTOMER_DELIVER[call];
  const doc = await ctx.phone.device.db.customer_deliveries.findOne(`co-${id}`).exec();
  const server = doc?.server;
  const answers = Object.fromEntries(
    (server?.driver_delivery_survey_questions ?? []).map((q) => [String(q.id), q.type === 'YESNO' ? true : 'All good'] as const),
  );
  return {
    signatureFrom: 'customer',
    happyList: server?.happy_list_results.map((i) => i.item) ?? [],
    surveyAnswers: answers,
    paymentMethod: spec.paymentMethod,
    checkSelection: spec.checkSelection ?? null,
    cardSelection: spec.cardSelection ?? null,
    paymentAmount: spec.paymentMethod && spec.paymentMethod !== 'NoPayment' ? (ctx.input.amount ?? '10.00') : '',
    customerOrderSavedCheckId: spec.checkSelection === 'SavedCheck' ? (doc?.saved_checks?.[0]?.id ?? null) : null,
    cardProfileId: spec.cardSelection === 'ExistingCard' ? (ctx.card.declinedProfile ?? server?.customer_card_list[0]?.card_profile_id ?? null) : null,
    newCard: spec.cardSelection === 'NewCard' ? ctx.card.authorized : null,
  };
}

/** The driver fills the delivery screen (photos, signature, check, fields) and presses Deliver. */
const deliver =
  (kind: string): Intent =>
  async (ctx) => {
    const order = orderOf(ctx);
    const customer = ORDER_KIND_SPECS[order.kind].payment;
    const choice = await customerChoice(ctx, kind, order.id);
    await addImages(ctx, order.kind, order.id, 'photos', ctx.input.photos ?? 2);
    if (customer) await addImages(ctx, order.kind, order.id, 'signature', ctx.input.signature === false ? 0 : 1);
    if (choice.checkSelection === 'NewCheck' && ctx.input.check !== false) await addImages(ctx, order.kind, order.id, 'check', 1);
    const now = nowOf(ctx).getTime();
    const session = await ctx.phone.session();
    await patchDraft(ctx.phone.device.db, session, order.kind, order.id, {
      deliveryMilesDriven: 42.5,
      deliveryBegan: new Date(now - durationMs(ctx.input.began ?? '50m')).toISOString(),
      deliveryEnded: new Date(now - durationMs(ctx.input.ended ?? '5m')).toISOString(),
      deliveryGpsLat: 39.1,
      deliveryGpsLon: -94.5,
      deliveryNote: ctx.input.note ?? `Left at the back gate (${order.id})`,
      ...choice,
    } as Partial<DraftOf<typeof order.kind>>);
    const queued = await queueDelivery(ctx.phone.device.db, session, order.kind, order.id, nowOf(ctx));
    if (!queued.ok) return refused(queued);
    const entry = await ctx.phone.device.db.outbox.findOne(queued.entryId).exec();
    if (entry?.kind !== kind) throw new Error(`the order's delivery queued ${entry?.kind ?? 'nothing'}, not ${kind}: pick an order that takes it (order.with)`);
    return queued;
  };

function scheduleDate(ctx: IntentContext): string {
  const plan = ctx.input.schedule ?? { inDays: 2, at: '14:00' };
  const date = new Date(ctx.phone.device.clock.t + plan.inDays * 86_400_000);
  const [h, m] = plan.at.split(':').map(Number);
  date.setUTCHours(h ?? 14, m ?? 0, 0, 0);
  return date.toISOString();
}

const schedule =
  (reschedule: boolean): Intent =>
  async (ctx) => {
    const order = orderOf(ctx);
    const r = await queueSchedule(ctx.phone.device.db, await ctx.phone.session(), { ...order, scheduledDate: scheduleDate(ctx), reschedule }, nowOf(ctx));
    return r.ok ? r : refused(r);
  };

async function activeNotifications(ctx: IntentContext): Promise<DriverNotification[]> {
  const cached = await readCache<DriverNotification[]>(ctx.phone.device.db, await ctx.phone.session(), CACHE_KEYS.notifications);
  return (cached?.data ?? []).filter((n) => !n.dismissed).sort((a, b) => a.id - b.id);
}

const withResult = (r: { ok: true; entryId: string } | { ok: false; message: string }): IntentResult => (r.ok ? r : refused(r));

export const INTENTS: ReadonlyMap<string, Intent> = new Map<string, Intent>([
  ...[...OUTBOX_KINDS.values()].filter((def) => def.delivers).map((def) => [def.kind, deliver(def.kind)] as const),
  ...ORDER_KINDS.flatMap((kind) => [
    [scheduleKindOf('schedule', kind).kind, schedule(false)] as const,
    [scheduleKindOf('reschedule', kind).kind, schedule(true)] as const,
  ]),
  [unscheduleOrder.kind, async (ctx) => withResult(await queueUnschedule(ctx.phone.device.db, await ctx.phone.session(), orderOf(ctx), nowOf(ctx)))],
  [
    reassignOrder.kind,
    async (ctx) => {
      const session = await ctx.phone.session();
      const to = ctx.input.to ? await ctx.driverIdOf(ctx.input.to) : (await readCompanyDrivers(ctx.phone.device.db, session))?.find((d) => !d.is_self)?.id;
      if (to === undefined) throw new Error('reassign: the phone has no colleague to pick');
      return withResult(await queueReassign(ctx.phone.device.db, session, orderOf(ctx), to, nowOf(ctx)));
    },
  ],
  [
    createOrderNote.kind,
    async (ctx) => withResult(await queueNote(ctx.phone.device.db, await ctx.phone.session(), orderOf(ctx), ctx.input.note ?? 'Gate code 4411', nowOf(ctx))),
  ],
  [
    dismissNotification.kind,
    async (ctx) => {
      const notification = (await activeNotifications(ctx))[ctx.input.notification ?? 0];
      if (!notification) throw new Error(`input.notification: the phone shows no active notification #${ctx.input.notification ?? 0}`);
      return withResult(await queueDismissNotification(ctx.phone.device.db, await ctx.phone.session(), notification, nowOf(ctx)));
    },
  ],
  [
    dismissAllNotifications.kind,
    async (ctx) => {
      const seen = Math.max(0, ...(await activeNotifications(ctx)).map((n) => n.id));
      return withResult(await queueDismissAll(ctx.phone.device.db, await ctx.phone.session(), seen, nowOf(ctx)));
    },
  ],
  [
    updateEmailNotifications.kind,
    async (ctx) => {
      const flags = ctx.input.flags ?? {
        email_notifications_new_order_assigned: false,
        email_notifications_order_reassigned: true,
        email_notifications_order_finished_at_shop: false,
      };
      return withResult(
        await queueKind(
          ctx.phone.device.db,
          await ctx.phone.session(),
          'update_driver_email_notifications',
          { payload: flags, name: 'Email notifications' },
          nowOf(ctx),
        ),
      );
    },
  ],
]);
