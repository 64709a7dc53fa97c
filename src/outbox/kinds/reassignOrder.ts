import { FOLLOWUP_WAIT_MS, ORDER_API, ReassignPayloadSchema } from '../../domain';
import { defineKind } from '../types';

/**
 * Hand an order to another driver of the company (SPEC §7: reassign_driver); it leaves this
 * driver's list. Then the office is notified and the driver who took it gets the "driver
 * reassigned" email after SPEC §9's wait, when their "order reassigned" setting allows it.
 */
export const reassignOrder = defineKind({
  kind: 'reassign_order',
  label: { en: 'Reassign order', es: 'Reasignar pedido' },
  counted: { en: { one: 'reassignment', other: 'reassignments' }, es: { one: 'reasignación', other: 'reasignaciones' } },
  delivers: false,
  draft: null,
  failure: 'FailedToReassignOrder',
  payloadVersion: 1,
  payloadSchema: ReassignPayloadSchema,
  upgrades: {},
  steps: [
    { type: 'call', endpoint: `POST ${ORDER_API.reassignDriver}` },
    { type: 'notify', id: 'notify:office', notice: 'reassigned', waitMs: 0 },
    { type: 'email', id: 'email:driver-reassigned', email: 'driver-reassigned', waitMs: FOLLOWUP_WAIT_MS },
  ],
  body: (payload) => ({ ...payload }),
  onDone: { removeDraft: false, removeOrder: true },
  onAttention: { markDraft: false },
  optimistic: null,
});
