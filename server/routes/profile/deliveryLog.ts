// The delivery log, its CSV export (SPEC §7's one raw response) and the two stats reads.
// Days are the x-time-zone header's zone's.
import type { FastifyRequest } from 'fastify';
import { PROFILE_API } from '../../../src/domain';
import { route } from '../../http/registrar';
import { deliveryLog, deliveryLogCsv, logFilters, periodStats, undeliveredStats } from '../../services/deliveryLog';
import { zoneOf } from './shared';

/**
 * orderTypes may come repeated, each value a comma list (`?orderTypes=a,b&orderTypes=c`): one
 * comma list for the table's schema, which takes a list's values one per repetition.
 */
function joinOrderTypes(request: FastifyRequest, _reply: unknown, done: () => void): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (Array.isArray(query?.orderTypes)) query.orderTypes = query.orderTypes.join(',');
  done();
}
const logQuery = { options: { preValidation: joinOrderTypes } };

export const DELIVERY_LOG_ROUTES = [
  route(`GET ${PROFILE_API.logList}`, (input) => deliveryLog(input.ctx.db, input.auth, logFilters(input.query, zoneOf(input.request))), logQuery),
  route(
    `GET ${PROFILE_API.logListExport}`,
    async (input) => {
      const { csv, day } = await deliveryLogCsv(input.ctx.db, input.auth, logFilters(input.query, zoneOf(input.request)));
      return input.reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="delivery-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
    logQuery,
  ),
  route(`GET ${PROFILE_API.deliveryStats}`, async (input) => {
    const zone = zoneOf(input.request);
    const stats = await periodStats(input.ctx.db, input.auth, zone);
    return { time_zone: zone, this_week: stats.week, this_month: stats.month, this_year: stats.year };
  }),
  route(`GET ${PROFILE_API.undeliveredOrdersStats}`, (input) => undeliveredStats(input.ctx.db, input.auth)),
];
