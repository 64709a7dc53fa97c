import { API, DeliverOnlotPayloadSchema, FOLLOWUP_WAIT_MS } from '../../domain';
import { defineKind } from '../types';
import { DELIVERIES } from '../countNouns';

/** Deliver an on-lot inventory order: photos, the call, then the office-admin email (SPEC §4.7). */
export const deliverOnlot = defineKind({
  kind: 'deliver_onlot',
  label: { en: 'On-lot delivery', es: 'Entrega en el lote' },
  counted: DELIVERIES,
  delivers: true,
  draft: 'onlot',
  failure: 'FailedToDeliverInventoryOrder',
  payloadVersion: 1,
  payloadSchema: DeliverOnlotPayloadSchema,
  upgrades: {},
  steps: [
    { type: 'upload', slot: 'photos', folder: '/deliver-onlot-inventory-order/delivery' },
    { type: 'call', endpoint: `POST ${API.deliverOnlot}` },
    { type: 'email', id: 'email:office-admin-onlot', email: 'office-admin-onlot', waitMs: FOLLOWUP_WAIT_MS },
  ],
  body: (payload, files) => ({ ...payload, building_images: files.photos }),
  onDone: { removeDraft: true, removeOrder: true },
  onAttention: { markDraft: true },
  optimistic: null,
});
