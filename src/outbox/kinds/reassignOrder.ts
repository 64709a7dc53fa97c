import { ORDER_API, ReassignPayloadSchema } from '../../domain';
import { defineKind } from '../types';

/** Hand an order to another driver of the company (SPEC §7: reassign_driver); it leaves this driver's list. */
export const reassignOrder = defineKind({
  kind: 'reassign_order',
  label: 'Reassign order',
  delivers: false,
  draft: null,
  failure: 'FailedToReassignOrder',
  payloadVersion: 1,
  payloadSchema: ReassignPayloadSchema,
  upgrades: {},
  steps: [{ type: 'call', endpoint: `POST ${ORDER_API.reassignDriver}` }],
  body: (payload) => ({ ...payload }),
  onDone: { removeDraft: false, removeOrder: true },
  onAttention: { markDraft: false },
  optimistic: null,
});
