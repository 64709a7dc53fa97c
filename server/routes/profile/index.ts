// The profile area (issue 3, area d): driver settings, notifications, the delivery log and
// stats, the email-information lookups, email, and the company's contact. One entry for
// server/routes/index.ts.
import { COMPANY_ROUTES } from './company';
import { DELIVERY_LOG_ROUTES } from './deliveryLog';
import { EMAIL_ROUTES } from './email';
import { EMAIL_INFO_ROUTES } from './emailInfo';
import { NOTIFICATION_ROUTES } from './notifications';
import { SETTINGS_ROUTES } from './settings';

export const PROFILE_ROUTES = [...SETTINGS_ROUTES, ...NOTIFICATION_ROUTES, ...DELIVERY_LOG_ROUTES, ...EMAIL_INFO_ROUTES, ...EMAIL_ROUTES, ...COMPANY_ROUTES];
