// The delivery log, its CSV export (SPEC §7's one raw response) and the two stats reads.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import {
  DELIVERY_LOG_LIMIT, ORDER_CATEGORIES, PROFILE_API, orderCategories,
  type DeliveryLogResponse, type DeliveryStats, type OrderCategoryCode, type UndeliveredOrdersStats,
} from '../../../src/domain';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { authOf } from '../../http/auth';
import { logCsv, logEntries, logTotals, parseLogFilters, periodStats } from '../../services/deliveryLog';
import { requestTimeZone } from '../../services/timeZone';

/** The export's ceiling: years of a busy driver's deliveries, far below what hurts the server. */
const EXPORT_LIMIT = 20_000;

export function deliveryLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(PROFILE_API.logList, async (request): Promise<DeliveryLogResponse> => {
    const auth = authOf(request);
    const filters = parseLogFilters(request.query as Record<string, unknown>, requestTimeZone(request));
    const deliveries = await logEntries(ctx.db, auth, filters, DELIVERY_LOG_LIMIT);
    const totals = await logTotals(ctx.db, auth, filters);
    return {
      deliveries,
      totals,
      filters: { startDate: filters.startDate, endDate: filters.endDate, orderTypes: filters.orderTypes, time_zone: filters.zone },
      truncated: totals.deliveries > deliveries.length,
    };
  });

  app.get(PROFILE_API.logListExport, async (request, reply) => {
    const auth = authOf(request);
    const filters = parseLogFilters(request.query as Record<string, unknown>, requestTimeZone(request));
    const entries = await logEntries(ctx.db, auth, filters, EXPORT_LIMIT);
    const stamp = DateTime.now().setZone(filters.zone).toFormat('yyyy-MM-dd');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="delivery-log-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(logCsv(entries, filters.zone));
  });

  app.get(PROFILE_API.deliveryStats, async (request): Promise<DeliveryStats> => {
    const auth = authOf(request);
    const zone = requestTimeZone(request);
    const stats = await periodStats(ctx.db, auth, zone);
    return { time_zone: zone, this_week: stats.week, this_month: stats.month, this_year: stats.year };
  });

  app.get(PROFILE_API.undeliveredOrdersStats, async (request): Promise<UndeliveredOrdersStats> => {
    const auth = authOf(request);
    const rows = await ctx.db.select({
      order_type: orders.orderType, is_scheduled_for_delivery: orders.isScheduledForDelivery,
      is_built: orders.isBuilt, is_rush_order: orders.isRushOrder,
    }).from(orders)
      .where(and(eq(orders.companyId, auth.company_id), eq(orders.driverId, auth.account_id), isNull(orders.deliveredAt), isNull(orders.cancelledAt)));
    const counts = new Map<OrderCategoryCode, number>();
    for (const row of rows) for (const code of orderCategories(row)) counts.set(code, (counts.get(code) ?? 0) + 1);
    return {
      total: rows.length,
      categories: ORDER_CATEGORIES.map((c) => ({ code: c.code, key: c.key, label: c.label, count: counts.get(c.code) ?? 0 })),
    };
  });
}
