// Email (SPEC §3 email data, §5 sending rules, §7 send-email and the lookups, §8 texts,
// §9 scheduled date format). The server renders the six templates; the client asks the
// email-information lookups for the variables and send_email flags.
import * as v from 'valibot';
import { IdSchema } from '../ids';
import { isKnownZone } from '../zonedDays';

export const EMAIL_TEMPLATES = [
  'customer-order-delivered',
  'customer-order-scheduled',
  'driver-assigned',
  'driver-reassigned',
  'office-admin-order-delivered',
  'rto-order-delivered',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

const NO_LINE_BREAKS = /^[^\r\n]*$/; // header values: no injected headers
const emailAddress = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Enter a valid email'), v.maxLength(254));
const variableValue = v.union([v.pipe(v.string(), v.maxLength(2000)), v.pipe(v.number(), v.finite()), v.boolean(), v.null()]);

/**
 * POST /send-email. Either `message` (with a subject) or `template` (+ `variables`, whose
 * values are HTML-escaped when rendered). The recipient must be an account of the caller's
 * company, the customer of one of its orders, or one of its RTO partners' admins.
 */
export const SendEmailBodySchema = v.pipe(
  v.strictObject({
    subject: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300), v.regex(NO_LINE_BREAKS, 'One line'))),
    recipient: emailAddress,
    messageIsHtml: v.optional(v.boolean(), false),
    fromNoReply: v.optional(v.boolean(), false),
    tags: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[\w.:-]{1,50}$/, 'Tags are 1-50 letters, digits, . : _ -'))), v.maxLength(10)), []),
    message: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100_000))),
    template: v.optional(v.picklist(EMAIL_TEMPLATES)),
    variables: v.optional(
      v.pipe(
        v.record(v.pipe(v.string(), v.regex(/^[A-Za-z]\w{0,63}$/, 'Variable names are identifiers')), variableValue),
        v.check((vars) => Object.keys(vars).length <= 60, 'At most 60 variables'),
      ),
      {},
    ),
    senderName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100), v.regex(NO_LINE_BREAKS, 'One line'))),
    senderEmail: v.optional(emailAddress),
  }),
  v.check((b) => (b.message === undefined) !== (b.template === undefined), 'Send either a message or a template'),
  v.check((b) => b.template !== undefined || Boolean(b.subject), 'subject: Required with a message'),
);
export type SendEmailBody = v.InferOutput<typeof SendEmailBodySchema>;
export type EmailVariables = SendEmailBody['variables'];

/** SPEC §7: the answer of send-email and of the report call. `error` is a SPEC §8 text. */
export interface SendEmailResponse {
  success: boolean;
  error: string | null;
}

/** POST /secure/report/email_office_admin_customer_order_delivered. */
export const OfficeAdminDeliveredReportBodySchema = v.strictObject({
  customer_order_id: IdSchema,
});
export interface OfficeAdminDeliveredReportResponse extends SendEmailResponse {
  sent: number;
  skipped: number;
  failed: number;
}

/** GET /api/driver/email-info/{kind}; each kind reads the query ids listed. */
export const EMAIL_INFO_KINDS = {
  'customer-order-delivered': ['customer-order-id'],
  'customer-order-scheduled': ['customer-order-id'],
  'rto-delivered': ['customer-order-id'],
  'office-admin-customer-order-delivered': ['customer-order-id'],
  'office-admin-onlot-delivered': ['onlot-inventory-order-id'],
  'office-admin-move-delivered': ['inventory-move-order-id'],
  // One of the three order ids, plus driver-id (default: the order's current driver).
  'driver-assigned': ['customer-order-id', 'onlot-inventory-order-id', 'inventory-move-order-id', 'driver-id'],
  'driver-reassigned': ['customer-order-id', 'onlot-inventory-order-id', 'inventory-move-order-id', 'driver-id'],
} as const;
export type EmailInfoKind = keyof typeof EMAIL_INFO_KINDS;

export function isEmailInfoKind(value: string): value is EmailInfoKind {
  return Object.prototype.hasOwnProperty.call(EMAIL_INFO_KINDS, value);
}

export interface CompanyEmailData {
  company_name: string;
  company_email: string | null;
  company_phone: string | null;
  company_address: string | null;
  company_logo_url: string | null;
}

export interface OrderEmailData {
  order_number: string;
  building_model: string;
  serial_number: string;
  delivery_address: string | null;
}

/** customer-order-delivered. */
export interface CustomerDeliveredEmailInfo extends CompanyEmailData, OrderEmailData {
  send_email: boolean;
  first_name: string | null;
  email: string | null;
  rto_company_name: string | null;
  dealer_user_name: string | null;
  dealer_user_email: string | null;
  dealer_user_phone: string | null;
  delivery_certificate_url: string | null;
  is_rto: boolean;
}

/** customer-order-scheduled, rto-delivered, driver-assigned, driver-reassigned: one recipient each. */
export interface RecipientEmailInfo extends CompanyEmailData, OrderEmailData {
  send_email: boolean;
  first_name: string | null;
  email: string | null;
  scheduled_date?: string | null;
  customer_name?: string | null;
  rto_company_name?: string | null;
  order_type?: string;
}

/** office-admin-customer-order-delivered: one per office admin (SPEC §3's camelCase names). */
export interface OfficeAdminCustomerDeliveredEmailInfo {
  send_email: boolean;
  email: string;
  adminName: string;
  driverName: string | null;
  sizeAndModel: string;
  serialNumber: string;
  miles: number | null;
  customerName: string | null;
  customerDeliveryAddress: string | null;
  orderId: number;
  orderNumber: string;
  orderType: string;
}

/** office-admin-onlot-delivered (driver_name, dealer_name) and -move-delivered (assigned_driver_name, dealership_name). */
export interface OfficeAdminInventoryDeliveredEmailInfo {
  send_email: boolean;
  email: string;
  admin_name: string;
  driver_name?: string | null;
  assigned_driver_name?: string | null;
  building_model: string;
  serial_number: string;
  miles_driven: number | null;
  dealer_name?: string;
  dealership_name?: string;
  dealer_address: string;
  onlot_inventory_order_id?: number;
  inventory_move_order_id?: number;
  order_number: string;
  order_type: string;
}

const ordinal = (day: number): string => {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
};

/**
 * SPEC §9: "Monday January 5th", in the given IANA zone; null for a value that is not a date
 * (an ISO day, yyyy-mm-dd, is that day; an ISO instant is read in the zone). With Intl, not a
 * date library: the sync worker sends these texts and its code must stay small (zonedDays.ts).
 */
export function formatScheduledEmailDate(value: string, zone = 'UTC'): string | null {
  if (!isKnownZone(zone)) return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = day ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) return null;
  // 2026-02-30 is no day (Date.UTC would roll it over to March 2nd).
  if (day && new Date(ms).toISOString().slice(0, 10) !== value) return null;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: day ? 'UTC' : zone, weekday: 'long', month: 'long', day: 'numeric' }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('month')} ${ordinal(Number(part('day')))}`;
}
