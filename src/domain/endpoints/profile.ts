// The profile area's endpoints (SPEC §7; request schemas are in the routes' config).
import * as v from 'valibot';
import { CompanyContactSchema } from '../profile/company';
import { DriverNotificationSchema } from '../profile/notifications';
import { PROFILE_API } from '../profile/paths';
import { DeliveryLogResponseSchema, DeliveryStatsSchema, DriverSettingsSchema, UndeliveredOrdersStatsSchema } from '../profile/responses';
import {
  CreateNotificationAnswerSchema, CsvSchema, DismissAllAnswerSchema, EmailInfoAnswerSchema, OfficeAdminReportAnswerSchema, SendEmailAnswerSchema,
} from './answers';
import type { EndpointSchemas } from './types';

export const PROFILE_ENDPOINTS = {
  [`GET ${PROFILE_API.notifications}` as const]: { responseSchema: v.array(DriverNotificationSchema) },
  [`GET ${PROFILE_API.driverSettings}` as const]: { responseSchema: DriverSettingsSchema },
  [`GET ${PROFILE_API.logList}` as const]: { responseSchema: DeliveryLogResponseSchema },
  [`GET ${PROFILE_API.logListExport}` as const]: { responseSchema: CsvSchema, responseMedia: 'text/csv' },
  [`GET ${PROFILE_API.companyContact}` as const]: { responseSchema: CompanyContactSchema },
  [`GET ${PROFILE_API.deliveryStats}` as const]: { responseSchema: DeliveryStatsSchema },
  [`GET ${PROFILE_API.undeliveredOrdersStats}` as const]: { responseSchema: UndeliveredOrdersStatsSchema },
  [`GET ${PROFILE_API.emailInfo}/:kind` as const]: { responseSchema: EmailInfoAnswerSchema },
  [`POST ${PROFILE_API.updateDriverSettings}` as const]: { responseSchema: DriverSettingsSchema },
  [`POST ${PROFILE_API.updateDriverEmailNotifications}` as const]: { responseSchema: DriverSettingsSchema },
  [`POST ${PROFILE_API.createNotification}` as const]: { responseSchema: CreateNotificationAnswerSchema },
  [`POST ${PROFILE_API.dismissNotification}` as const]: { responseSchema: DriverNotificationSchema },
  [`POST ${PROFILE_API.dismissAllNotifications}` as const]: { responseSchema: DismissAllAnswerSchema },
  [`POST ${PROFILE_API.sendEmail}` as const]: { responseSchema: SendEmailAnswerSchema },
  [`POST ${PROFILE_API.emailOfficeAdminCustomerOrderDelivered}` as const]: { responseSchema: OfficeAdminReportAnswerSchema },
} as const satisfies Record<string, EndpointSchemas>;
