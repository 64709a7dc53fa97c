// The query strings of the delivery log and the email lookups, as their hand parsers read them
// (server/services/deliveryLog.ts parseLogFilters, server/routes/profile/emailInfo.ts): they
// document /openapi.json; the parsers answer the errors.
import * as v from 'valibot';
import { LOG_ORDER_TYPES } from '../profile/deliveryLog';

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}/), v.description('YYYY-MM-DD, a day in the x-time-zone zone (inclusive)'));
/** What parseLogFilters reads. */
export const LogQuerySchema = v.object({
  startDate: v.optional(day),
  endDate: v.optional(day),
  orderTypes: v.optional(v.pipe(v.union([v.string(), v.array(v.picklist(LOG_ORDER_TYPES))]),
    v.description(`${LOG_ORDER_TYPES.join(', ')}: repeated, or comma-joined`))),
});

const id = v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.description('A positive integer')));
/** What each kind reads: its order id (see EMAIL_INFO_KINDS), and driver-id for driver-(re)assigned. */
export const EmailInfoQuerySchema = v.object({
  'customer-order-id': id, 'onlot-inventory-order-id': id, 'inventory-move-order-id': id, 'driver-id': id,
});
