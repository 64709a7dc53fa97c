// The 200 answers of the calls whose answer had no valibot schema yet (DESIGN §6): the
// endpoint table (./table.ts) names them, /openapi.json documents them, and
// test/integration/openapiAnswers.test.ts checks every real answer against them.
import * as v from 'valibot';
import { OrderListItemSchema } from '../order';
import { CustomerDeliveryDetailsSchema, MoveDeliveryDetailsSchema, OrderNoteSchema } from '../orderReads';
import { OnlotDeliveryDetailsSchema } from '../api';

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const nullableId = v.nullable(id);
const money = v.pipe(v.string(), v.description('Dollars with 2 decimals'));

/** A checkpointed pull page (DESIGN §6): documents carry `_deleted` (tombstones). */
export function pullPageOf(document: v.GenericSchema): v.GenericSchema {
  const tombstone = v.object({ id: v.string(), updated_at: v.string(), _deleted: v.literal(true) });
  return v.object({
    documents: v.array(v.union([v.object({ ...(document as v.ObjectSchema<v.ObjectEntries, undefined>).entries, _deleted: v.literal(false) }), tombstone])),
    checkpoint: v.nullable(v.object({ updated_at: v.string(), id: v.string() })),
  });
}

export const OrderListPageSchema = pullPageOf(OrderListItemSchema);
export const OnlotDeliveryPageSchema = pullPageOf(OnlotDeliveryDetailsSchema);
export const MoveDeliveryPageSchema = pullPageOf(MoveDeliveryDetailsSchema);
export const CustomerDeliveryPageSchema = pullPageOf(CustomerDeliveryDetailsSchema);

/** Every deliver call's success. */
export const DeliverAnswerSchema = v.object({ delivery_id: id, order_key: v.string(), date_delivered: v.string() });

/** Schedule, reschedule and unschedule: the order's schedule now. */
export const ScheduleActionAnswerSchema = v.object({
  id: v.string(),
  customer_order_id: nullableId,
  onlot_inventory_order_id: nullableId,
  inventory_move_order_id: nullableId,
  is_scheduled_for_delivery: v.boolean(),
  scheduled_date: v.nullable(v.string()),
  order_status: v.string(),
  driver_id: id,
  updated_at: v.string(),
});

export const ReassignAnswerSchema = v.object({ id: v.string(), driver_id: id, driver_name: v.string(), updated_at: v.string() });
export const OrderNoteAnswerSchema = OrderNoteSchema;

export const SendEmailAnswerSchema = v.object({ success: v.boolean(), error: v.nullable(v.string()) });
export const OfficeAdminReportAnswerSchema = v.object({
  ...SendEmailAnswerSchema.entries,
  sent: v.pipe(v.number(), v.integer(), v.minValue(0)),
  skipped: v.pipe(v.number(), v.integer(), v.minValue(0)),
  failed: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
/** One recipient of an email-information lookup: `send_email`, the address, and the template's variables (fields per kind). */
const EmailRecipientSchema = v.looseObject({ send_email: v.boolean(), email: v.nullable(v.string()) });
/** The email-information lookups: one recipient with the company's data, or one per office admin (the office-admin kinds). */
export const EmailInfoAnswerSchema = v.union([v.looseObject({ ...EmailRecipientSchema.entries, company_name: v.string() }), v.array(EmailRecipientSchema)]);

export const CreateNotificationAnswerSchema = v.object({ notification_ids: v.array(id), recipients: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export const DismissAllAnswerSchema = v.object({ dismissed: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** A card authorization (auth-new-card, auth-profile, the cardconnect calls). */
export const CardAuthAnswerSchema = v.object({
  approved: v.literal(true),
  retref: v.string(),
  status: v.string(),
  amount: money,
  profile_id: v.nullable(v.string()),
  token: v.nullable(v.string()),
  first_four_digits: v.nullable(v.string()),
  last_four_digits: v.nullable(v.string()),
});
/** Capture, check capture and refund. */
export const TransactionAnswerSchema = v.object({ approved: v.literal(true), retref: v.string(), status: v.string(), amount: money });
export const TokenizeAnswerSchema = v.object({ token: v.string(), brand: v.string(), first_four_digits: v.string(), last_four_digits: v.string() });
export const SavedCardAnswerSchema = v.object({
  profile_id: v.string(),
  token: v.string(),
  brand: v.nullable(v.string()),
  last_four_digits: v.string(),
  expiration: v.nullable(v.string()),
  // The holder's name and billing the profile was saved with (auth_new_card: as typed).
  name: v.optional(v.string()),
  billing_address: v.nullish(v.string()),
  billing_city: v.nullish(v.string()),
  billing_state: v.nullish(v.string()),
  billing_zip: v.optional(v.string()),
  billing_phone: v.nullish(v.string()),
  billing_email: v.nullish(v.string()),
});

/** Answers that are not JSON: the media type and a schema of the bytes as text. */
export const PdfFileSchema = v.pipe(v.string(), v.description('application/pdf bytes'));
export const ImageFileSchema = v.pipe(v.string(), v.description('The stored image bytes (image/jpeg or image/png)'));
export const CsvSchema = v.pipe(v.string(), v.description('text/csv with a header row'));
export const CertificateUrlSchema = v.pipe(
  v.string(),
  v.regex(/^\/files\/certificates\/[0-9a-f-]{36}\.pdf$/),
  v.description('Where the PDF can be downloaded (GET with the bearer token)'),
);
export const OpenApiDocumentSchema = v.object({ openapi: v.literal('3.1.0'), paths: v.record(v.string(), v.unknown()) });
