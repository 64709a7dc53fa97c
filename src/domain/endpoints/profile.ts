// The profile area's endpoints (SPEC §7): summaries, request schemas (src/domain/profile) and
// answers.
import * as v from 'valibot';
import { CompanyContactSchema } from '../profile/company';
import { EMAIL_INFO_KINDS, OfficeAdminDeliveredReportBodySchema, SendEmailBodySchema } from '../profile/email';
import {
  CreateNotificationBodySchema,
  DismissAllNotificationsBodySchema,
  DismissNotificationBodySchema,
  DriverNotificationSchema,
} from '../profile/notifications';
import { PROFILE_API } from '../profile/paths';
import { DeliveryLogResponseSchema, DeliveryStatsSchema, DriverSettingsSchema, UndeliveredOrdersStatsSchema } from '../profile/responses';
import { DriverEmailNotificationsSchema, UpdateDriverSettingsBodySchema } from '../profile/settings';
import {
  CreateNotificationAnswerSchema,
  CsvSchema,
  DismissAllAnswerSchema,
  EmailInfoAnswerSchema,
  OfficeAdminReportAnswerSchema,
  SendEmailAnswerSchema,
} from './answers';
import { CURRENT_PASSWORD_REFUSALS } from './limits';
import { EmailInfoQuerySchema, LogQuerySchema } from './profileQueries';
import type { EndpointSchemas } from './types';

export const PROFILE_ENDPOINTS = {
  [`GET ${PROFILE_API.notifications}` as const]: {
    summary: "The driver's notifications, newest first: active ones (tab 0) and those dismissed in the last 30 days (tab 1)",
    responseSchema: v.array(DriverNotificationSchema),
  },
  [`GET ${PROFILE_API.driverSettings}` as const]: { summary: "The driver's profile and email-notification flags", responseSchema: DriverSettingsSchema },
  [`GET ${PROFILE_API.logList}` as const]: {
    summary: "The driver's delivered orders: ?startDate=&endDate= (YYYY-MM-DD, inclusive) &orderTypes=off-lot,new-build,new-inventory,move-inventory",
    querySchema: LogQuerySchema,
    responseSchema: DeliveryLogResponseSchema,
  },
  [`GET ${PROFILE_API.logListExport}` as const]: {
    summary: 'The delivery log as CSV (text/csv, header row; same filters as log-list)',
    querySchema: LogQuerySchema,
    responseSchema: CsvSchema,
    responseMedia: 'text/csv',
  },
  [`GET ${PROFILE_API.companyContact}` as const]: {
    summary: "The driver's company: {name, phone, email, address} (null when not on file)",
    responseSchema: CompanyContactSchema,
  },
  [`GET ${PROFILE_API.deliveryStats}` as const]: {
    summary: 'Deliveries and miles this week (Monday first), month and year, in the x-time-zone zone',
    responseSchema: DeliveryStatsSchema,
  },
  [`GET ${PROFILE_API.undeliveredOrdersStats}` as const]: {
    summary: "Counts of the driver's undelivered orders by SPEC §4 category code (an order counts in several)",
    responseSchema: UndeliveredOrdersStatsSchema,
  },
  [`GET ${PROFILE_API.emailInfo}/:kind` as const]: {
    summary: `Email data and send_email flags; kind: ${Object.keys(EMAIL_INFO_KINDS).join(' | ')}`,
    querySchema: EmailInfoQuerySchema,
    responseSchema: EmailInfoAnswerSchema,
  },
  [`POST ${PROFILE_API.updateDriverSettings}` as const]: {
    summary:
      'Edit the profile: first_name, last_name, phone_number, email, profile_image_attributes?, password?, current_password? (needed to change the password or the email: 403 CurrentPasswordRequired / CurrentPasswordIncorrect, wrong ones limited per account → 429) → settings',
    bodySchema: UpdateDriverSettingsBodySchema,
    responseSchema: DriverSettingsSchema,
    errors: CURRENT_PASSWORD_REFUSALS,
  },
  [`POST ${PROFILE_API.updateDriverEmailNotifications}` as const]: {
    summary: 'Set the three email-notification flags → settings',
    bodySchema: DriverEmailNotificationsSchema,
    responseSchema: DriverSettingsSchema,
  },
  [`POST ${PROFILE_API.createNotification}` as const]: {
    summary: "Notify the company's office users {title, message, type?, one order id?} → {notification_ids, recipients}",
    bodySchema: CreateNotificationBodySchema,
    responseSchema: CreateNotificationAnswerSchema,
  },
  [`POST ${PROFILE_API.dismissNotification}` as const]: {
    summary: 'Dismiss one notification {notification_id} → the notification',
    bodySchema: DismissNotificationBodySchema,
    responseSchema: DriverNotificationSchema,
  },
  [`POST ${PROFILE_API.dismissAllNotifications}` as const]: {
    summary: "Dismiss the driver's active notifications {up_to_id?}: all, or those with id ≤ up_to_id (what the driver saw) → {dismissed}",
    bodySchema: DismissAllNotificationsBodySchema,
    responseSchema: DismissAllAnswerSchema,
  },
  [`POST ${PROFILE_API.sendEmail}` as const]: {
    summary: 'Send one email {subject, recipient, messageIsHtml, fromNoReply, tags, message | template, variables, senderName, senderEmail} → {success, error}',
    bodySchema: SendEmailBodySchema,
    responseSchema: SendEmailAnswerSchema,
  },
  [`POST ${PROFILE_API.emailOfficeAdminCustomerOrderDelivered}` as const]: {
    summary:
      'Email every office admin whose send_email is on that the customer order was delivered {customer_order_id} → {success, error, sent, skipped, failed}',
    bodySchema: OfficeAdminDeliveredReportBodySchema,
    responseSchema: OfficeAdminReportAnswerSchema,
  },
} as const satisfies Record<string, EndpointSchemas>;
