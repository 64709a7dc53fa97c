import {
  CUSTOMER_DELIVER,
  CUSTOMER_DELIVER_CALLS,
  CUSTOMER_DELIVER_KEYS,
  CUSTOMER_PAYLOAD_SCHEMAS,
  FOLLOWUP_WAIT_MS,
  type CustomerDeliverCall,
  type CustomerDeliverPayload,
  type ImageRecord,
  type Texts,
} from '../../domain';
import { defineKind, type FollowupSpec, type OutboxKindDef } from '../types';
import { DELIVERIES } from '../countNouns';

// The seven customer-order deliver calls (SPEC §7), one kind per payment path. They differ
// only in data (path, failure id, payload schema, whether a check image is sent), so they
// are declared from the CUSTOMER_DELIVER table rather than written out seven times.

const LABEL: Record<CustomerDeliverCall, Texts> = {
  rto: { en: 'Rent-to-own delivery', es: 'Entrega de alquiler con opción a compra' },
  new_check: { en: 'Delivery, paid by new check', es: 'Entrega, pagada con cheque nuevo' },
  saved_check: { en: 'Delivery, paid by saved check', es: 'Entrega, pagada con cheque guardado' },
  no_payment: { en: 'Delivery, no payment', es: 'Entrega, sin pago' },
  cash: { en: 'Delivery, paid in cash', es: 'Entrega, pagada en efectivo' },
  existing_card: { en: 'Delivery, paid by saved card', es: 'Entrega, pagada con tarjeta guardada' },
  new_card: { en: 'Delivery, paid by new card', es: 'Entrega, pagada con tarjeta nueva' },
};

const imageFields = (prefix: 'signature' | 'check', record: ImageRecord | null) =>
  record
    ? {
        [`${prefix}_guid`]: record.guid,
        [`${prefix}_mimetype`]: record.mime_type,
        [`${prefix}_extension`]: record.extension,
        [`${prefix}_url`]: record.download_urls[0] ?? null,
      }
    : {};

type CustomerDeliverKey = (typeof CUSTOMER_DELIVER_KEYS)[CustomerDeliverCall];

function customerKind(call: CustomerDeliverCall): OutboxKindDef<CustomerDeliverPayload, CustomerDeliverKey> {
  const followups: FollowupSpec[] = [
    { type: 'certificate', id: 'certificate', waitMs: FOLLOWUP_WAIT_MS },
    { type: 'email', id: 'email:customer-delivered', email: 'customer-delivered', waitMs: FOLLOWUP_WAIT_MS },
    { type: 'email', id: 'email:office-admin-customer', email: 'office-admin-customer', waitMs: FOLLOWUP_WAIT_MS },
    ...(call === 'rto' ? [{ type: 'email', id: 'email:rto-delivered', email: 'rto-delivered', waitMs: FOLLOWUP_WAIT_MS } as const] : []),
  ];
  return defineKind<CustomerDeliverPayload, CustomerDeliverKey>({
    kind: `deliver_customer_${call}`,
    label: LABEL[call],
    counted: DELIVERIES,
    delivers: true,
    draft: 'customer',
    failure: CUSTOMER_DELIVER[call].failure,
    payloadVersion: 1,
    payloadSchema: CUSTOMER_PAYLOAD_SCHEMAS[call],
    upgrades: {},
    steps: [
      { type: 'upload', slot: 'photos', folder: '/deliver-customer-order/delivery' },
      { type: 'upload', slot: 'signature', folder: '/deliver-customer-order/signature' },
      ...(call === 'new_check' ? [{ type: 'upload', slot: 'check', folder: '/deliver-customer-order/check' } as const] : []),
      { type: 'call', endpoint: CUSTOMER_DELIVER_KEYS[call] },
      ...followups,
    ],
    body: (payload, files) => ({
      ...payload,
      building_images: files.photos,
      ...imageFields('signature', files.signature),
      ...(call === 'new_check' ? imageFields('check', files.check) : {}),
    }),
    onDone: { removeDraft: true, removeOrder: true },
    onAttention: { markDraft: true },
    optimistic: null,
  });
}

export const CUSTOMER_DELIVER_KINDS = Object.fromEntries(CUSTOMER_DELIVER_CALLS.map((call) => [call, customerKind(call)])) as Record<
  CustomerDeliverCall,
  OutboxKindDef<CustomerDeliverPayload, CustomerDeliverKey>
>;
