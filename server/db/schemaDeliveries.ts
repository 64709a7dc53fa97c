// Drizzle mirror of migrations/0003_customer_deliveries.sql and 0016 (the SQL is the source of truth).
// Card columns hold the processor's references and last four digits only: never a PAN or CVV.
import { boolean, customType, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CustomerDeliverCall, PaymentMethod, SignatureFrom } from '../../src/domain';
import { companies, deliveries, orders, uploads } from './schema';
import { customerOrderChecks, driverDeliverySurveyQuestions } from './schemaOrders';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** bytea as a Buffer on both drivers (PGlite answers Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/** numeric(12,2) travels as a decimal string ("125.50"). */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const customerDeliveries = pgTable('customer_deliveries', {
  deliveryId: integer('delivery_id')
    .primaryKey()
    .references(() => deliveries.id),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  call: text('call').$type<CustomerDeliverCall>().notNull(),
  paymentMethod: text('payment_method').$type<PaymentMethod>(),
  signatureGuid: uuid('signature_guid').references(() => uploads.guid),
  signatureFrom: text('signature_from').$type<SignatureFrom>(),
  balanceBefore: money('balance_before').notNull().default('0'),
  balanceAfter: money('balance_after').notNull().default('0'),
});

export const deliverySurveyAnswers = pgTable(
  'delivery_survey_answers',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => driverDeliverySurveyQuestions.id),
    answer: text('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.questionId] })],
);

/** Migration 0016: each item of the order's happy list as the delivery left it (ticked = value). */
export const deliveryHappyListResults = pgTable(
  'delivery_happy_list_results',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    item: text('item').notNull(),
    text: text('text').notNull(),
    value: boolean('value').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.position] })],
);

export type PaymentSource = Exclude<CustomerDeliverCall, 'rto' | 'no_payment'>;

export const orderPayments = pgTable('order_payments', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  deliveryId: integer('delivery_id')
    .notNull()
    .unique()
    .references(() => deliveries.id),
  method: text('method').$type<Exclude<PaymentMethod, 'NoPayment'>>().notNull(),
  source: text('source').$type<PaymentSource>().notNull(),
  amount: money('amount').notNull(),
  checkImageGuid: uuid('check_image_guid').references(() => uploads.guid),
  savedCheckId: integer('saved_check_id').references(() => customerOrderChecks.id),
  cardProfileId: text('card_profile_id'),
  cardLastFour: text('card_last_four'),
  authorizationCode: text('authorization_code'),
  retref: text('retref'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type CertificateLayout = 'report1' | 'report2';

export const deliveryCertificates = pgTable('delivery_certificates', {
  guid: uuid('guid').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  deliveryId: integer('delivery_id')
    .notNull()
    .references(() => deliveries.id),
  layout: text('layout').$type<CertificateLayout>().notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
