// The query strings of the delivery log and the email lookups: they document /openapi.json and
// the registrar parses them, refusing with the words the hand parsers used ("customer-order-id
// must be a positive integer", "startDate must be a date (YYYY-MM-DD)"). What needs the time
// zone (a day's instants, a real calendar day) is server/services/deliveryLog.ts logFilters.
import * as v from 'valibot';
import { MAX_ID } from '../ids';
import { LOG_ORDER_TYPES } from '../profile/deliveryLog';

/** The hand parser's word for a day it cannot read, kept for a shape the schema refuses. */
const NOT_A_DAY = 'must be a date (YYYY-MM-DD)';
const day = v.pipe(v.string(NOT_A_DAY), v.regex(/^\d{4}-\d{2}-\d{2}/, NOT_A_DAY), v.description('YYYY-MM-DD, a day in the x-time-zone zone (inclusive)'));
/** What logFilters reads. */
export const LogQuerySchema = v.object({
  startDate: v.optional(day),
  endDate: v.optional(day),
  orderTypes: v.optional(
    v.pipe(v.union([v.string(), v.array(v.picklist(LOG_ORDER_TYPES))]), v.description(`${LOG_ORDER_TYPES.join(', ')}: repeated, or comma-joined`)),
  ),
});

const NOT_AN_ID = 'must be a positive integer';
/** An id as text (documented so), read as the number it is: 1..MAX_ID, else the hand parser's words. */
const id = v.optional(
  v.pipe(
    v.string(NOT_AN_ID),
    v.regex(/^\d{1,10}$/, NOT_AN_ID),
    v.description('A positive integer'),
    v.transform(Number),
    v.check((n) => n >= 1 && n <= MAX_ID, NOT_AN_ID), // checks say nothing in the document
  ),
);
/** What each kind reads: its order id (see EMAIL_INFO_KINDS), and driver-id for driver-(re)assigned. */
export const EmailInfoQuerySchema = v.object({
  'customer-order-id': id,
  'onlot-inventory-order-id': id,
  'inventory-move-order-id': id,
  'driver-id': id,
});
