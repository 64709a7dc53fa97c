// Notifications (SPEC §2, §4, §7): the driver's own list (both tabs), dismiss one, dismiss
// all (up to the newest the driver saw), and create_notification, which tells the company's
// office users something. Each write commits with its Idempotency-Key record.
import {
  orderIdFields,
  orderKey,
  orderRefOfFields,
  type CreateNotificationBody,
  type CreateNotificationResponse,
  type DismissAllNotificationsResponse,
  type DriverNotification,
  type TokenClaims,
} from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { officeAdminsOf } from '../repositories/accounts';
import { dismissActive, dismissOne, insertNotifications, notificationRowsOf, type NotificationRow } from '../repositories/notifications';
import { requireOrder } from './access';
import type { Complete } from './idempotency';

function toView(row: NotificationRow): DriverNotification {
  const kind = row.orderKind;
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    topic: row.topic,
    order_key: kind && row.orderId !== null ? orderKey(kind, row.orderId) : null,
    order_number: row.orderNumber,
    ...orderIdFields(kind, row.orderId),
    created_at: row.createdAt.toISOString(),
    dismissed: row.dismissedAt !== null,
    dismissed_at: row.dismissedAt?.toISOString() ?? null,
  };
}

/** Both tabs: active ones and those dismissed in the last 30 days, newest first. */
export async function listNotifications(db: Executor, auth: TokenClaims): Promise<DriverNotification[]> {
  return (await notificationRowsOf(db, auth)).map(toView);
}

/** The order the body names (one of the three ids), the caller's; null when it names none. */
async function namedOrder(db: Executor, auth: TokenClaims, body: CreateNotificationBody): Promise<number | null> {
  const ref = orderRefOfFields(body);
  return ref === null ? null : (await requireOrder(db, auth, ref)).id;
}

export async function createNotification(db: Db, auth: TokenClaims, body: CreateNotificationBody, complete: Complete): Promise<CreateNotificationResponse> {
  const orderId = await namedOrder(db, auth, body);
  const recipients = await officeAdminsOf(db, auth.company_id);
  if (recipients.length === 0) {
    throw new HttpError(422, 'FailedToNotifyCompanyUsers', 'Failed to notify company users: the company has no office users');
  }
  return db.transaction(async (tx) => {
    const ids = await insertNotifications(
      tx,
      recipients.map((r) => ({
        companyId: auth.company_id,
        accountId: r.id,
        createdBy: auth.account_id,
        type: body.type ?? (orderId === null ? ('system' as const) : ('order' as const)),
        title: body.title,
        message: body.message,
        orderId,
      })),
    );
    const result: CreateNotificationResponse = { notification_ids: ids, recipients: ids.length };
    await complete(tx, 200, result);
    return result;
  });
}

export async function dismissNotification(db: Db, auth: TokenClaims, id: number, complete: Complete): Promise<DriverNotification> {
  return db.transaction(async (tx) => {
    // Dismissing twice keeps the first time: the call is naturally idempotent too.
    if (!(await dismissOne(tx, auth, id))) throw notFound();
    const [row] = await notificationRowsOf(tx, auth, id);
    if (!row) throw notFound();
    const result = toView(row);
    await complete(tx, 200, result);
    return result;
  });
}

export async function dismissAllNotifications(
  db: Db,
  auth: TokenClaims,
  upToId: number | undefined,
  complete: Complete,
): Promise<DismissAllNotificationsResponse> {
  return db.transaction(async (tx) => {
    const result: DismissAllNotificationsResponse = { dismissed: await dismissActive(tx, auth, upToId) };
    await complete(tx, 200, result);
    return result;
  });
}
