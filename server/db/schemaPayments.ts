// Drizzle mirror of migrations/0004_payments.sql (the sandbox processor's tables), with
// 0013's owners (payment_transactions.order_id, card_tokens.created_by).
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, companies, orders } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export type SandboxOutcome = 'approve' | 'decline' | 'insufficient' | 'expired' | 'cvv';
export type PaymentKindColumn = 'auth' | 'sale' | 'ach' | 'refund';
export type PaymentMethodColumn = 'card' | 'ach';
export type PaymentStatusColumn = 'authorized' | 'captured' | 'declined' | 'refunded' | 'partially_refunded' | 'voided';

export const cardTokens = pgTable('card_tokens', {
  token: text('token').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  brand: text('brand').notNull(),
  firstFour: text('first_four'),
  lastFour: text('last_four').notNull(),
  sandboxOutcome: text('sandbox_outcome').$type<SandboxOutcome>().notNull().default('approve'),
  /** The account that entered the card (0013); null for tokens adopted or seeded. */
  createdBy: integer('created_by').references(() => accounts.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const cardProfiles = pgTable('card_profiles', {
  id: serial('id').primaryKey(),
  profileId: text('profile_id').notNull().unique(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  customerOrderId: integer('customer_order_id').references(() => orders.id),
  token: text('token')
    .notNull()
    .references(() => cardTokens.token),
  expiration: text('expiration').notNull(),
  name: text('name').notNull(),
  billingAddress: text('billing_address'),
  billingCity: text('billing_city'),
  billingState: text('billing_state'),
  billingZip: text('billing_zip').notNull(),
  billingPhone: text('billing_phone'),
  billingEmail: text('billing_email'),
  createdBy: integer('created_by').references(() => accounts.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const achAccounts = pgTable('ach_accounts', {
  token: text('token').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  routingNumber: text('routing_number').notNull(),
  accountLastFour: text('account_last_four').notNull(),
  name: text('name').notNull(),
  sandboxOutcome: text('sandbox_outcome').$type<SandboxOutcome>().notNull().default('approve'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentTransactions = pgTable('payment_transactions', {
  id: serial('id').primaryKey(),
  retref: text('retref').notNull().unique(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  accountId: integer('account_id').references(() => accounts.id),
  /** The caller's order the transaction was made for (0013); null when none was named. */
  orderId: integer('order_id').references(() => orders.id),
  kind: text('kind').$type<PaymentKindColumn>().notNull(),
  method: text('method').$type<PaymentMethodColumn>().notNull(),
  status: text('status').$type<PaymentStatusColumn>().notNull(),
  respCode: text('resp_code').notNull(),
  message: text('message').notNull(),
  authCode: text('auth_code'),
  amountCents: integer('amount_cents').notNull(),
  capturedCents: integer('captured_cents').notNull().default(0),
  refundedCents: integer('refunded_cents').notNull().default(0),
  orderNumber: text('order_number'),
  profileId: text('profile_id'),
  token: text('token'),
  parentRetref: text('parent_retref'),
  name: text('name'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Mirror of migrations/0007_charge_attempts.sql: each card charge a delivery attempted. */
export const chargeAttempts = pgTable('charge_attempts', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  idempotencyKey: text('idempotency_key'),
  call: text('call').notNull(),
  approved: boolean('approved').notNull(),
  error: text('error'),
  message: text('message'),
  amountCents: integer('amount_cents').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
