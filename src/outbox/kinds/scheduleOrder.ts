import { SCHEDULE_CALLS, SCHEDULE_PAYLOAD_SCHEMAS, SCHEDULED_ORDER_STATUS, type OrderKind, type ScheduleAction, type SchedulePayload } from '../../domain';
import { defineKind, type OutboxKindDef } from '../types';

// Schedule and reschedule (SPEC §7), one kind per action and order kind: they differ only
// in data (the call's path, the body's id field, the failure id), so they are declared from
// the SCHEDULE_CALLS table: schedule_customer, schedule_onlot, schedule_move,
// reschedule_customer, reschedule_onlot, reschedule_move.

const LABEL: Record<ScheduleAction, string> = { schedule: 'Schedule delivery', reschedule: 'Reschedule delivery' };
const ORDER_KINDS: readonly OrderKind[] = ['customer', 'onlot', 'move'];

type ScheduleKey = `POST ${(typeof SCHEDULE_CALLS)[ScheduleAction][OrderKind]}`;

function scheduleKind(action: ScheduleAction, kind: OrderKind): OutboxKindDef<SchedulePayload, ScheduleKey> {
  return defineKind<SchedulePayload, ScheduleKey>({
    kind: `${action}_${kind}`,
    label: LABEL[action],
    delivers: false,
    draft: null,
    failure: SCHEDULE_CALLS[action].failure,
    payloadVersion: 1,
    payloadSchema: SCHEDULE_PAYLOAD_SCHEMAS[kind],
    upgrades: {},
    steps: [{ type: 'call', endpoint: `POST ${SCHEDULE_CALLS[action][kind]}` }],
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

export const SCHEDULE_KINDS = Object.fromEntries(
  (['schedule', 'reschedule'] as const).map((action) => [action, Object.fromEntries(ORDER_KINDS.map((kind) => [kind, scheduleKind(action, kind)]))]),
) as Record<ScheduleAction, Record<OrderKind, OutboxKindDef<SchedulePayload, ScheduleKey>>>;
