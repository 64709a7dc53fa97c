// Drizzle mirror of migrations/0005_profile_notifications_email.sql (the SQL is the source of truth).
import { boolean, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationTopic } from '../../src/domain';
import { accounts, companies, dealers, orders, uploads } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** One row per account, created on first write; no row means every default (all on). */
export const accountSettings = pgTable('account_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  profileImageGuid: uuid('profile_image_guid').references(() => uploads.guid),
  emailNewOrderAssigned: boolean('email_notifications_new_order_assigned').notNull().default(true),
  emailOrderReassigned: boolean('email_notifications_order_reassigned').notNull().default(true),
  emailOrderFinishedAtShop: boolean('email_notifications_order_finished_at_shop').notNull().default(true),
  sendEmail: boolean('send_email').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type NotificationTypeColumn = 'order' | 'system';

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  createdBy: integer('created_by').references(() => accounts.id),
  type: text('type').$type<NotificationTypeColumn>().notNull(),
  /** 0019: what the system wrote it about (its title has a text per language); null when a person wrote it. */
  topic: text('topic').$type<NotificationTopic>(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  orderId: integer('order_id').references(() => orders.id),
  dismissedAt: ts('dismissed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const customerEmailSettings = pgTable('customer_email_settings', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  orderDelivered: boolean('order_delivered').notNull().default(true),
  orderScheduled: boolean('order_scheduled').notNull().default(true),
});

export const dealerContacts = pgTable('dealer_contacts', {
  dealerId: integer('dealer_id')
    .primaryKey()
    .references(() => dealers.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
});

export const rtoCompanies = pgTable('rto_companies', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  adminFirstName: text('admin_first_name').notNull(),
  adminLastName: text('admin_last_name').notNull(),
  adminEmail: text('admin_email').notNull(),
  sendEmail: boolean('send_email').notNull().default(true),
});

export type EmailStatusColumn = 'sent' | 'failed' | 'skipped';
export type EmailTransportColumn = 'smtp' | 'capture' | 'none';

export const emailLog = pgTable('email_log', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  template: text('template'),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  orderId: integer('order_id').references(() => orders.id),
  status: text('status').$type<EmailStatusColumn>().notNull(),
  error: text('error'),
  messageId: text('message_id'),
  transport: text('transport').$type<EmailTransportColumn>().notNull(),
  batchKey: text('batch_key'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
