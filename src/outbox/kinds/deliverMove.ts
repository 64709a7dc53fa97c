import { DELIVER_MOVE_PATH, DeliverMovePayloadSchema, FOLLOWUP_WAIT_MS } from '../../domain';
import { defineKind } from '../types';
import { DELIVERIES } from '../countNouns';

/** Deliver an inventory move order: photos, the call, then the office-admin email (SPEC §4.7). */
export const deliverMove = defineKind({
  kind: 'deliver_move',
  label: { en: 'Move delivery', es: 'Entrega de traslado' },
  counted: DELIVERIES,
  delivers: true,
  draft: 'move',
  failure: 'FailedToDeliverInventoryMoveOrder',
  payloadVersion: 1,
  payloadSchema: DeliverMovePayloadSchema,
  upgrades: {},
  steps: [
    { type: 'upload', slot: 'photos', folder: '/deliver-inventory-move-order/delivery' },
    { type: 'call', endpoint: `POST ${DELIVER_MOVE_PATH}` },
    { type: 'email', id: 'email:office-admin-move', email: 'office-admin-move', waitMs: FOLLOWUP_WAIT_MS },
  ],
  body: (payload, files) => ({ ...payload, building_images: files.photos }),
  onDone: { removeDraft: true, removeOrder: true },
  onAttention: { markDraft: true },
  optimistic: null,
});
