import { ORDER_API, OrderNotePayloadSchema } from '../../domain';
import { defineKind } from '../types';

/** A note on an order for the office (SPEC §7: create_order_note). */
export const createOrderNote = defineKind({
  kind: 'create_order_note',
  label: { en: 'Note for the office', es: 'Nota para la oficina' },
  counted: { en: { one: 'note', other: 'notes' }, es: { one: 'nota', other: 'notas' } },
  delivers: false,
  draft: null,
  failure: 'FailedToAddNote',
  payloadVersion: 1,
  payloadSchema: OrderNotePayloadSchema,
  upgrades: {},
  steps: [{ type: 'call', endpoint: `POST ${ORDER_API.createOrderNote}` }],
  body: (payload) => ({ ...payload }),
  onDone: { removeDraft: false, removeOrder: false },
  onAttention: { markDraft: false },
  optimistic: null,
  addsNote: { text: (payload) => payload.note },
});
