// Drizzle mirror of migrations/0020_device_unsent_reports.sql (the SQL is the source of truth).
import { integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { UnsentEntry } from '../../src/domain';
import { accounts, companies } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** Each phone's last report of what it holds unsent (src/domain/unsentReport.ts). */
export const deviceUnsentReports = pgTable(
  'device_unsent_reports',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    deviceId: uuid('device_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    unsent: integer('unsent').notNull(),
    entries: jsonb('entries').$type<UnsentEntry[]>().notNull(),
    firstReportedAt: ts('first_reported_at').notNull().defaultNow(),
    reportedAt: ts('reported_at').notNull().defaultNow(),
    lossAnnouncedAt: ts('loss_announced_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.deviceId] })],
);
