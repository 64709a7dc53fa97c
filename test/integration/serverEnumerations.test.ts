// Issue 25 item 6: the values the server sends as enumerations are the lists of src/domain the
// phone translates (test/unit/serverEnumerations.test.ts walks them). Here the migrated database
// says which values its columns hold: each CHECK constraint's list is exactly the domain's, so a
// value the server could store and send without a text in the catalogs fails here. Also the
// seeded orders and notifications use them, and the notifications answer carries the topic.
import { describe, expect, it } from 'vitest';
import {
  BUILDING_STAGES,
  NOTIFICATION_TOPIC_TITLES,
  NOTIFICATION_TOPICS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PROFILE_API,
  isNotificationTopic,
  type DriverNotification,
} from '../../src/domain';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, call, useTestServer } from './helpers';

let server: TestServer;
let summit: string;

useTestServer({ summit: SUMMIT_DRIVER }, (s) => ({ server, summit } = s));

/** The values a CHECK constraint on `table` lets `column` hold ('a', 'b' of `column IN ('a', 'b')` or `= ANY (ARRAY[…])`). */
async function checkedValues(table: string, column: string): Promise<string[]> {
  const rows = await server.query<{ def: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE t.relname = $1 AND c.contype = 'c'`,
    [table],
  );
  const defs = rows.map((r) => r.def).filter((def) => new RegExp(`\\(\\(?${column}\\b`).test(def));
  expect(defs, `one CHECK on ${table}.${column}`).toHaveLength(1);
  return [...(defs[0] ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replaceAll("''", "'")).sort();
}

const sorted = (values: readonly string[]) => [...values].sort();

describe("the database holds the server's enumerated columns to src/domain's lists", () => {
  it('order type, order status and building stage', async () => {
    expect(await checkedValues('orders', 'order_type')).toEqual(sorted(ORDER_TYPES));
    expect(await checkedValues('orders', 'status')).toEqual(sorted(ORDER_STATUSES));
    expect(await checkedValues('orders', 'stage')).toEqual(sorted(BUILDING_STAGES));
  });

  it("notification topics (a person's notification has none)", async () => {
    expect(await checkedValues('notifications', 'topic')).toEqual(sorted(NOTIFICATION_TOPICS));
  });

  it('refuses a value off the list', async () => {
    const [order] = await server.query<{ id: number }>(`SELECT id FROM orders ORDER BY id LIMIT 1`);
    await expect(server.query(`UPDATE orders SET status = 'On Hold' WHERE id = $1`, [order?.id])).rejects.toThrow(/orders_status_known/);
    await expect(server.query(`UPDATE orders SET stage = 'Sanding' WHERE id = $1`, [order?.id])).rejects.toThrow(/orders_stage_known/);
  });
});

describe('what the server sends', () => {
  it("the driver's notifications name the topic of those the system wrote, with its English title", async () => {
    const res = await call<DriverNotification[]>(server, PROFILE_API.notifications, { token: summit });
    expect(res.status).toBe(200);
    const topical = res.body.filter((n) => n.topic != null);
    expect(topical.length).toBeGreaterThan(0);
    for (const n of topical) {
      expect(isNotificationTopic(n.topic)).toBe(true);
      if (isNotificationTopic(n.topic)) expect(n.title).toBe(NOTIFICATION_TOPIC_TITLES[n.topic]);
    }
    // The office's own words (the seeded advisories) carry none.
    expect(res.body.filter((n) => n.type === 'system' && n.topic == null).length).toBeGreaterThan(0);
  });
});
