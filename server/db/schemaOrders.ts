// Drizzle mirror of migrations/0002_orders_scheduling.sql (the SQL is the source of truth).
// Card and check rows hold display fields only: never a PAN, CVV or full account number.
import { boolean, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, companies, orders } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** One row per customer order; writers also touch the order row so pulls see the change. */
export const customerOrderBilling = pgTable('customer_order_billing', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  nameOnOrder: text('name_on_order').notNull(),
  isRto: boolean('is_rto').notNull().default(false),
  rtoCompanyName: text('rto_company_name'),
  /** numeric(12,2): read as a decimal string, e.g. "1234.50". */
  remainingBalance: numeric('remaining_balance', { precision: 12, scale: 2 }).notNull().default('0'),
  streetAddressOne: text('street_address_one').notNull(),
  streetAddressTwo: text('street_address_two'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
});

export const happyListItems = pgTable('happy_list_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  item: text('item').notNull(),
  text: text('text').notNull(),
  position: integer('position').notNull(),
});

export const customerSavedCards = pgTable('customer_saved_cards', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  cardProfileId: text('card_profile_id').notNull(),
  lastFour: text('last_four').notNull(),
  brand: text('brand').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const customerOrderChecks = pgTable('customer_order_checks', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  nameOnCheck: text('name_on_check').notNull(),
  bankName: text('bank_name').notNull(),
  accountLastFour: text('account_last_four').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const driverDeliverySurveyQuestions = pgTable('driver_delivery_survey_questions', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  question: text('question').notNull(),
  type: text('type').$type<'YESNO' | 'TEXT'>().notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

export const paymentProcessorConfigs = pgTable('payment_processor_configs', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  paymentProcessingAccountId: text('payment_processing_account_id').notNull(),
});

export const featureFlags = pgTable('feature_flags', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  environment: text('environment').$type<'production' | 'master' | 'branch'>().notNull(),
  turnedOn: boolean('turned_on').notNull(),
});

export const orderNotes = pgTable('order_notes', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  note: text('note').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Drivers an order was taken from (migration 0017, filled by a trigger on orders.driver_id). */
export const orderFormerDrivers = pgTable('order_former_drivers', {
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  releasedAt: ts('released_at').notNull().defaultNow(),
});
