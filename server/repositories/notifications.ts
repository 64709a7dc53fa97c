// notifications (0005): the caller's own rows (their account, their company), with the order
// a notification names, and the office users' rows create_notification writes.
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import {
  DISMISSED_NOTIFICATIONS_KEPT_DAYS,
  NOTIFICATIONS_LIMIT,
  type DriverNotification,
  type NotificationTopic,
  type OrderKind,
  type TokenClaims,
} from '../../src/domain';
import type { Executor, Tx } from '../db/client';
import { notifications, orders } from '../db/schema';

export interface NotificationRow {
  id: number;
  title: string;
  message: string;
  type: DriverNotification['type'];
  topic: NotificationTopic | null;
  createdAt: Date;
  dismissedAt: Date | null;
  orderId: number | null;
  orderKind: OrderKind | null;
  orderNumber: string | null;
}

const viewColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  topic: notifications.topic,
  createdAt: notifications.createdAt,
  dismissedAt: notifications.dismissedAt,
  orderId: orders.id,
  orderKind: orders.kind,
  orderNumber: orders.orderNumber,
};

/** The caller's own notifications. */
const callers = (auth: TokenClaims) => and(eq(notifications.accountId, auth.account_id), eq(notifications.companyId, auth.company_id));

/** The caller's active ones and those dismissed in the last days kept, newest first; or the one with `id`. */
export function notificationRowsOf(db: Executor, auth: TokenClaims, id?: number): Promise<NotificationRow[]> {
  return (
    db
      .select(viewColumns)
      .from(notifications)
      // The order join is company-checked too, so a stray order_id can never show another company's order.
      .leftJoin(orders, and(eq(orders.id, notifications.orderId), eq(orders.companyId, notifications.companyId)))
      .where(
        and(
          callers(auth),
          id === undefined
            ? or(isNull(notifications.dismissedAt), gt(notifications.dismissedAt, sql`now() - make_interval(days => ${DISMISSED_NOTIFICATIONS_KEPT_DAYS})`))
            : eq(notifications.id, id),
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LIMIT)
  );
}

export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'dismissedAt'>;

/** Inserts the rows; answers their ids in order. */
export async function insertNotifications(tx: Tx, rows: NewNotification[]): Promise<number[]> {
  const inserted = await tx.insert(notifications).values(rows).returning({ id: notifications.id });
  return inserted.map((row) => row.id);
}

/** Dismisses one of the caller's notifications (a second time keeps the first time); false when it is not theirs. */
export async function dismissOne(tx: Tx, auth: TokenClaims, id: number): Promise<boolean> {
  const updated = await tx
    .update(notifications)
    .set({ dismissedAt: sql`coalesce(${notifications.dismissedAt}, now())` })
    .where(and(eq(notifications.id, id), callers(auth)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

/** Dismisses the caller's active notifications (only those with id ≤ `upToId` when given); answers how many. */
export async function dismissActive(tx: Tx, auth: TokenClaims, upToId: number | undefined): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ dismissedAt: sql`now()` })
    .where(and(callers(auth), isNull(notifications.dismissedAt), upToId === undefined ? undefined : lte(notifications.id, upToId)))
    .returning({ id: notifications.id });
  return rows.length;
}
