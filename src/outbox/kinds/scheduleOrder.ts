import {
  FOLLOWUP_WAIT_MS,
  ORDER_KIND_SPECS,
  ORDER_KINDS,
  SCHEDULE_CALLS,
  SCHEDULE_PAYLOAD_SCHEMAS,
  SCHEDULED_ORDER_STATUS,
  type OrderKind,
  type OrderKindSpec,
  type ScheduleAction,
  type SchedulePayload,
  type Texts,
} from '../../domain';
import { defineKind, type FollowupSpec, type OutboxKindDef } from '../types';
import { SCHEDULE_CHANGES } from '../countNouns';

// Schedule and reschedule (SPEC §7), one kind per action and order kind: they differ only
// in data (the call's path from the order kinds' registry, the body's id field, the failure
// id): schedule_customer, schedule_onlot, schedule_move, reschedule_customer, reschedule_onlot,
// reschedule_move. After the commit the office is notified, and a customer order's customer
// gets the "order scheduled" email after SPEC §9's wait (both follow-ups: never undo it).

const LABEL: Record<ScheduleAction, Texts> = {
  schedule: { en: 'Schedule delivery', es: 'Programar entrega' },
  reschedule: { en: 'Reschedule delivery', es: 'Reprogramar entrega' },
};
const NOTICE = { schedule: 'scheduled', reschedule: 'rescheduled' } as const satisfies Record<ScheduleAction, string>;
const ACTIONS = Object.keys(SCHEDULE_CALLS) as ScheduleAction[];

type ScheduleKey = `POST ${OrderKindSpec['paths'][ScheduleAction]}`;

function scheduleKind(action: ScheduleAction, kind: OrderKind): OutboxKindDef<SchedulePayload, ScheduleKey> {
  const followups: FollowupSpec[] = [
    { type: 'notify', id: 'notify:office', notice: NOTICE[action], waitMs: 0 },
    // Only a customer order has a customer to tell (the kinds' registry: the kind that takes a payment).
    ...(ORDER_KIND_SPECS[kind].payment
      ? [{ type: 'email', id: 'email:customer-scheduled', email: 'customer-scheduled', waitMs: FOLLOWUP_WAIT_MS } as const]
      : []),
  ];
  return defineKind<SchedulePayload, ScheduleKey>({
    kind: `${action}_${kind}`,
    label: LABEL[action],
    counted: SCHEDULE_CHANGES,
    delivers: false,
    draft: null,
    failure: SCHEDULE_CALLS[action].failure,
    payloadVersion: 1,
    payloadSchema: SCHEDULE_PAYLOAD_SCHEMAS[kind],
    upgrades: {},
    steps: [{ type: 'call', endpoint: `POST ${ORDER_KIND_SPECS[kind].paths[action]}` }, ...followups],
    body: (payload) => ({ ...payload }),
    onDone: { removeDraft: false, removeOrder: false },
    onAttention: { markDraft: false },
    // The list shows the new date at once; a refusal brings the server's row back.
    optimistic: {
      row: (payload) => ({
        is_scheduled_for_delivery: true,
        scheduled_date: new Date(payload.scheduled_date).toISOString(),
        order_status: SCHEDULED_ORDER_STATUS,
      }),
    },
  });
}

/** Every (action, order kind) schedule kind. */
export const SCHEDULE_KINDS: readonly OutboxKindDef<SchedulePayload, ScheduleKey>[] = ACTIONS.flatMap((action) =>
  ORDER_KINDS.map((kind) => scheduleKind(action, kind)),
);

/** The schedule kind of an action on an order kind. */
export function scheduleKindOf(action: ScheduleAction, kind: OrderKind): OutboxKindDef<SchedulePayload, ScheduleKey> {
  const def = SCHEDULE_KINDS.find((d) => d.kind === `${action}_${kind}`);
  if (!def) throw new Error(`no ${action}_${kind} kind`);
  return def;
}
