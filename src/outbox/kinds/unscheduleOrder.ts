import { ORDER_API, UnschedulePayloadSchema } from '../../domain';
import { defineKind } from '../types';
import { SCHEDULE_CHANGES } from '../countNouns';

/** Unschedule one of the driver's orders (SPEC §7: unschedule_order). */
export const unscheduleOrder = defineKind({
  kind: 'unschedule_order',
  label: { en: 'Unschedule order', es: 'Desprogramar pedido' },
  counted: SCHEDULE_CHANGES,
  delivers: false,
  draft: null,
  failure: 'FailedToUnscheduleOrder',
  payloadVersion: 1,
  payloadSchema: UnschedulePayloadSchema,
  upgrades: {},
  steps: [{ type: 'call', endpoint: `POST ${ORDER_API.unschedule}` }],
  body: (payload) => ({ ...payload }),
  onDone: { removeDraft: false, removeOrder: false },
  onAttention: { markDraft: false },
  // The list shows it unscheduled until the server answers; a refusal brings the server's row back.
  optimistic: { row: () => ({ is_scheduled_for_delivery: false, scheduled_date: null }) },
});
