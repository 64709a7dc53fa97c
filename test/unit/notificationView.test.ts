import { describe, expect, it } from 'vitest';
import type { OutboxDoc } from '../../src/db';
import { emptySteps } from '../../src/db';
import { NO_DISMISSALS, newestId, notificationTabs, parseTabIndex, unreadCount, type DriverNotification } from '../../src/domain';
import { dismissalState } from '../../src/outbox';

const note = (id: number, dismissed = false): DriverNotification => ({
  id,
  title: `n${id}`,
  message: 'm',
  type: 'system',
  order_key: null,
  order_number: null,
  customer_order_id: null,
  onlot_inventory_order_id: null,
  inventory_move_order_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  dismissed,
  dismissed_at: dismissed ? '2026-01-02T00:00:00.000Z' : null,
});

const entry = (kind: string, payload: Record<string, unknown>, status: OutboxDoc['status'], committed = false): OutboxDoc => ({
  id: `${kind}-${JSON.stringify(payload)}-${status}`,
  company_id: 1,
  account_id: 1,
  kind,
  payload_version: 1,
  order_key: 'k',
  display: null,
  payload,
  attachments: { photos: [], signature: null, check: null },
  status,
  steps: { ...emptySteps(), response: committed ? {} : null },
  attempts: 0,
  next_attempt_at: 0,
  last_error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('the notifications tab in the address', () => {
  it('is 0 (active) unless it says 1', () => {
    expect(parseTabIndex('1')).toBe(1);
    expect(parseTabIndex(' 1 ')).toBe(1);
    for (const raw of [null, undefined, '', '0', '2', '-1', '1.0', 'x', '01']) expect(parseTabIndex(raw), String(raw)).toBe(0);
  });
});

describe('the two tabs and the unread count', () => {
  const list = [note(9), note(8), note(7, true), note(5), note(3)];

  it("splits active from dismissed, keeping the server's order", () => {
    const tabs = notificationTabs(list, NO_DISMISSALS);
    expect(tabs.active.map((n) => n.id)).toEqual([9, 8, 5, 3]);
    expect(tabs.dismissed).toEqual([{ notification: list[2], queued: false }]);
    expect(unreadCount(list, NO_DISMISSALS)).toBe(4);
    expect(unreadCount([], NO_DISMISSALS)).toBe(0);
  });

  it('a waiting dismissal moves its notification to the dismissed tab as queued; a waiting Clear all covers ids up to what was seen', () => {
    const state = dismissalState([
      entry('dismiss_notification', { notification_id: 9 }, 'queued'),
      entry('dismiss_all_notifications', { up_to_id: 5 }, 'sending'),
    ]);
    const tabs = notificationTabs(list, state);
    expect(tabs.active.map((n) => n.id)).toEqual([8]); // 8 > 5 and not dismissed by itself
    expect(tabs.dismissed.map((r) => [r.notification.id, r.queued])).toEqual([
      [9, true],
      [7, false],
      [5, true],
      [3, true],
    ]);
    expect(unreadCount(list, state)).toBe(1);
  });

  it('a sent dismissal stays applied until the pull brings it; a refused one hides nothing', () => {
    const state = dismissalState([
      entry('dismiss_notification', { notification_id: 9 }, 'done', true),
      entry('dismiss_notification', { notification_id: 8 }, 'needs_attention'),
      entry('dismiss_all_notifications', { up_to_id: 3 }, 'done', true),
    ]);
    const tabs = notificationTabs(list, state);
    expect(tabs.active.map((n) => n.id)).toEqual([8, 5]);
    expect(tabs.dismissed.map((r) => [r.notification.id, r.queued])).toEqual([
      [9, false],
      [7, false],
      [3, false],
    ]);
    // An entry the server committed but whose status is still "sending" counts as sent.
    const committed = dismissalState([entry('dismiss_notification', { notification_id: 5 }, 'sending', true)]);
    expect([...committed.sent.ids]).toEqual([5]);
    expect([...committed.waiting.ids]).toEqual([]);
  });

  it('Clear all covers the newest notification shown', () => {
    expect(newestId([note(3), note(12), note(7)])).toBe(12);
    expect(newestId([])).toBeNull();
  });
});
