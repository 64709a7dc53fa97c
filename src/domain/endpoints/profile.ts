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

export const PROFILE_ENDPOINTS: Record<string, EndpointSchemas> = {
  [`GET ${PROFILE_API.notifications}`]: { responseSchema: v.array(DriverNotificationSchema) },
  [`GET ${PROFILE_API.driverSettings}`]: { responseSchema: DriverSettingsSchema },
  [`GET ${PROFILE_API.logList}`]: { responseSchema: DeliveryLogResponseSchema },
  [`GET ${PROFILE_API.logListExport}`]: { responseSchema: CsvSchema, responseMedia: 'text/csv' },
  [`GET ${PROFILE_API.companyContact}`]: { responseSchema: CompanyContactSchema },
  [`GET ${PROFILE_API.deliveryStats}`]: { responseSchema: DeliveryStatsSchema },
  [`GET ${PROFILE_API.undeliveredOrdersStats}`]: { responseSchema: UndeliveredOrdersStatsSchema },
  [`GET ${PROFILE_API.emailInfo}/:kind`]: { responseSchema: EmailInfoAnswerSchema },
  [`POST ${PROFILE_API.updateDriverSettings}`]: { responseSchema: DriverSettingsSchema },
  [`POST ${PROFILE_API.updateDriverEmailNotifications}`]: { responseSchema: DriverSettingsSchema },
  [`POST ${PROFILE_API.createNotification}`]: { responseSchema: CreateNotificationAnswerSchema },
  [`POST ${PROFILE_API.dismissNotification}`]: { responseSchema: DriverNotificationSchema },
  [`POST ${PROFILE_API.dismissAllNotifications}`]: { responseSchema: DismissAllAnswerSchema },
  [`POST ${PROFILE_API.sendEmail}`]: { responseSchema: SendEmailAnswerSchema },
  [`POST ${PROFILE_API.emailOfficeAdminCustomerOrderDelivered}`]: { responseSchema: OfficeAdminReportAnswerSchema },
};
