// Notifications (SPEC §2, §4, §7): the driver's own list (both tabs), dismiss one, dismiss
// all, and create_notification, which tells the company's office users something.
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DISMISSED_NOTIFICATIONS_KEPT_DAYS, NOTIFICATIONS_LIMIT, PROFILE_API, requestSchemaOf, orderKey, type CreateNotificationResponse,
  type DismissAllNotificationsResponse, type DriverNotification, type OrderKind, type TokenClaims, orderIdFields } from '../../../src/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accounts, notifications, orders } from '../../db/schema';
import { authOf } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { runIdempotent } from '../../http/keyedAnswers';
import { parseBody } from './shared';

const viewColumns = {
  id: notifications.id, title: notifications.title, message: notifications.message, type: notifications.type,
  createdAt: notifications.createdAt, dismissedAt: notifications.dismissedAt,
  orderId: orders.id, orderKind: orders.kind, orderNumber: orders.orderNumber,
};
interface ViewRow {
  id: number;
  title: string;
  message: string;
  type: DriverNotification['type'];
  createdAt: Date;
  dismissedAt: Date | null;
  orderId: number | null;
  orderKind: OrderKind | null;
  orderNumber: string | null;
}

function toView(row: ViewRow): DriverNotification {
  const kind = row.orderKind;
  return {
    id: row.id, title: row.title, message: row.message, type: row.type,
    order_key: kind && row.orderId !== null ? orderKey(kind, row.orderId) : null,
    order_number: row.orderNumber,
    ...orderIdFields(kind, row.orderId),
    created_at: row.createdAt.toISOString(),
    dismissed: row.dismissedAt !== null,
    dismissed_at: row.dismissedAt?.toISOString() ?? null,
  };
}

async function listFor(db: Executor, auth: TokenClaims, id?: number): Promise<DriverNotification[]> {
  const rows = await db.select(viewColumns).from(notifications)
    // The order join is company-checked too, so a stray order_id can never show another company's order.
    .leftJoin(orders, and(eq(orders.id, notifications.orderId), eq(orders.companyId, notifications.companyId)))
    .where(and(
      eq(notifications.accountId, auth.account_id), eq(notifications.companyId, auth.company_id),
      id === undefined
        ? or(isNull(notifications.dismissedAt), gt(notifications.dismissedAt, sql`now() - make_interval(days => ${DISMISSED_NOTIFICATIONS_KEPT_DAYS})`))
        : eq(notifications.id, id),
    ))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map(toView);
}

/** The caller's order named by one of the three ids; 404 for anything else. */
async function ownOrder(db: Executor, auth: TokenClaims, kind: OrderKind, id: number): Promise<number> {
  const [row] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, auth.company_id), eq(orders.kind, kind), eq(orders.driverId, auth.account_id)));
  if (!row) throw notFound();
  return row.id;
}

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(PROFILE_API.notifications, async (request) => listFor(ctx.db, authOf(request)));

  app.post(PROFILE_API.createNotification, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PROFILE_API.createNotification}`, 'bodySchema'), request.body);
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => {
        const orderId = body.customer_order_id ? await ownOrder(ctx.db, auth, 'customer', body.customer_order_id)
          : body.onlot_inventory_order_id ? await ownOrder(ctx.db, auth, 'onlot', body.onlot_inventory_order_id)
            : body.inventory_move_order_id ? await ownOrder(ctx.db, auth, 'move', body.inventory_move_order_id) : null;
        const recipients = await ctx.db.select({ id: accounts.id }).from(accounts)
          .where(and(eq(accounts.companyId, auth.company_id), eq(accounts.role, 'office_admin'), isNull(accounts.removedAt)));
        if (recipients.length === 0) {
          throw new HttpError(422, 'FailedToNotifyCompanyUsers', 'Failed to notify company users: the company has no office users');
        }
        const response = await ctx.db.transaction(async (tx) => {
          const rows = await tx.insert(notifications).values(recipients.map((r) => ({
            companyId: auth.company_id, accountId: r.id, createdBy: auth.account_id,
            type: body.type ?? (orderId === null ? 'system' as const : 'order' as const),
            title: body.title, message: body.message, orderId,
          }))).returning({ id: notifications.id });
          const result: CreateNotificationResponse = { notification_ids: rows.map((r) => r.id), recipients: rows.length };
          await complete(tx, 200, result);
          return result;
        });
        return { status: 200, body: response };
      },
    });
  });

  app.post(PROFILE_API.dismissNotification, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PROFILE_API.dismissNotification}`, 'bodySchema'), request.body);
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => {
        const view = await ctx.db.transaction(async (tx) => {
          // Dismissing twice keeps the first time: the call is naturally idempotent too.
          const updated = await tx.update(notifications).set({ dismissedAt: sql`coalesce(${notifications.dismissedAt}, now())` })
            .where(and(eq(notifications.id, body.notification_id), eq(notifications.accountId, auth.account_id), eq(notifications.companyId, auth.company_id)))
            .returning({ id: notifications.id });
          if (updated.length === 0) throw notFound();
          const [result] = await listFor(tx, auth, body.notification_id);
          if (!result) throw notFound();
          await complete(tx, 200, result);
          return result;
        });
        return { status: 200, body: view };
      },
    });
  });

  app.post(PROFILE_API.dismissAllNotifications, async (request, reply) => {
    const auth = authOf(request);
    // An object, or no body at all (every active one).
    const body = request.body === undefined || request.body === null ? {} : parseBody(requestSchemaOf(`POST ${PROFILE_API.dismissAllNotifications}`, 'bodySchema'), request.body);
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => {
        const response = await ctx.db.transaction(async (tx) => {
          const rows = await tx.update(notifications).set({ dismissedAt: sql`now()` })
            .where(and(
              eq(notifications.accountId, auth.account_id), eq(notifications.companyId, auth.company_id), isNull(notifications.dismissedAt),
              body.up_to_id === undefined ? undefined : lte(notifications.id, body.up_to_id),
            ))
            .returning({ id: notifications.id });
          const result: DismissAllNotificationsResponse = { dismissed: rows.length };
          await complete(tx, 200, result);
          return result;
        });
        return { status: 200, body: response };
      },
    });
  });
}
