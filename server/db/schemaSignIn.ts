// Drizzle mirror of migrations/0014_sign_in_throttle.sql (the SQL is the source of truth).
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const signInThrottle = pgTable('sign_in_throttle', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  nextAt: ts('next_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const signInKnownAddresses = pgTable(
  'sign_in_known_addresses',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: ts('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);
