// Notifications (SPEC §2 screen with tabIndex 0/1, §4 dismiss one / dismiss all, §7 calls).
import * as v from 'valibot';
import { IdSchema } from '../ids';

export const NOTIFICATION_TYPES = ['order', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What a notification the server writes itself is about, with its English title: the phone
 * shows the title in its language by topic. A company-written notification has no topic and is
 * shown as the office wrote it. Migration 0019 holds `notifications.topic` to these.
 */
export const NOTIFICATION_TOPIC_TITLES = {
  order_assigned: 'New order assigned',
  order_reassigned: 'Order reassigned',
  order_finished_at_shop: 'Order finished at shop',
  order_updated: 'Order updated',
  /** To the office: a sign-in found that a phone lost the driver's unsent work (unsentReports). */
  driver_work_lost: "A driver's unsent work was lost",
} as const;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPIC_TITLES;
export const NOTIFICATION_TOPICS = Object.keys(NOTIFICATION_TOPIC_TITLES) as NotificationTopic[];

export function isNotificationTopic(value: unknown): value is NotificationTopic {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_TOPIC_TITLES, value);
}

/**
 * The notifications screen's two tabs: tabIndex 0 lists the active ones (`dismissed`
 * false), tabIndex 1 the dismissed ones. `type` also tells order news from system news.
 */
export const NOTIFICATION_TABS = { active: 0, dismissed: 1 } as const;

/** How long a dismissed notification stays listed in tab 1. */
export const DISMISSED_NOTIFICATIONS_KEPT_DAYS = 30;
/** At most this many notifications are answered, newest first. */
export const NOTIFICATIONS_LIMIT = 300;

/** One item of GET /api/notifications (an array, newest first). */
export interface DriverNotification {
  id: number;
  title: string;
  message: string;
  type: NotificationType;
  /** A NotificationTopic when the server wrote it itself (its title then has a text per language); null when the office did. */
  topic?: string | null;
  /** co-/oio-/mo-{id} of the order it is about (same key as the order list), or null. */
  order_key: string | null;
  order_number: string | null;
  customer_order_id: number | null;
  onlot_inventory_order_id: number | null;
  inventory_move_order_id: number | null;
  created_at: string;
  dismissed: boolean;
  dismissed_at: string | null;
}

/** The client's check of one item before it is stored for offline use. */
export const DriverNotificationSchema = v.object({
  id: v.number(),
  title: v.string(),
  message: v.string(),
  type: v.picklist(NOTIFICATION_TYPES),
  // Text, not a picklist: a topic a newer server adds shows its title as sent, never drops the list.
  topic: v.nullish(v.pipe(v.string(), v.description(`One of: ${NOTIFICATION_TOPICS.join(', ')}; null when the office wrote it`))),
  order_key: v.nullable(v.string()),
  order_number: v.nullable(v.string()),
  customer_order_id: v.nullable(v.number()),
  onlot_inventory_order_id: v.nullable(v.number()),
  inventory_move_order_id: v.nullable(v.number()),
  created_at: v.string(),
  dismissed: v.boolean(),
  dismissed_at: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, DriverNotification>;

export function notificationTab(n: Pick<DriverNotification, 'dismissed'>): 0 | 1 {
  return n.dismissed ? NOTIFICATION_TABS.dismissed : NOTIFICATION_TABS.active;
}

const orderIdField = v.nullish(IdSchema);

/**
 * POST /secure/driver/create_notification: tells the company's office users something
 * (SPEC §8 "Failed to notify company users"), optionally about one of the driver's orders.
 * At most one order id.
 */
export const CreateNotificationBodySchema = v.pipe(
  v.strictObject({
    title: v.pipe(v.string(), v.trim(), v.minLength(1, 'Required'), v.maxLength(200)),
    message: v.pipe(v.string(), v.trim(), v.minLength(1, 'Required'), v.maxLength(2000)),
    type: v.optional(v.picklist(NOTIFICATION_TYPES)),
    customer_order_id: orderIdField,
    onlot_inventory_order_id: orderIdField,
    inventory_move_order_id: orderIdField,
  }),
  v.check((b) => [b.customer_order_id, b.onlot_inventory_order_id, b.inventory_move_order_id].filter((id) => id != null).length <= 1, 'Name at most one order'),
);
export type CreateNotificationBody = v.InferOutput<typeof CreateNotificationBodySchema>;

export interface CreateNotificationResponse {
  notification_ids: number[];
  recipients: number;
}

export const DismissNotificationBodySchema = v.strictObject({
  notification_id: IdSchema,
});
export type DismissNotificationBody = v.InferOutput<typeof DismissNotificationBodySchema>;

/**
 * POST /secure/driver/dismiss_all_notifications: an empty body dismisses every active
 * notification; `up_to_id` only those up to that id (ids only grow), which is what the driver
 * saw when pressing Clear all, even if the request is sent hours later from the outbox.
 */
export const DismissAllNotificationsBodySchema = v.strictObject({
  up_to_id: v.optional(IdSchema),
});
export type DismissAllNotificationsBody = v.InferOutput<typeof DismissAllNotificationsBodySchema>;

export interface DismissAllNotificationsResponse {
  dismissed: number;
}
