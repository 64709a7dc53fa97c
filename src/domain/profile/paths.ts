// The profile area's paths (SPEC §7 names; DESIGN §6 where SPEC shows none).
export const PROFILE_API = {
  notifications: '/api/notifications',
  driverSettings: '/api/driver/driver-settings',
  logList: '/api/driver/log-list',
  logListExport: '/api/driver/exports/log-list',
  /** How to reach the office (tech support): the company's name, phone, email and address. */
  companyContact: '/api/driver/company-contact',
  deliveryStats: '/api/driver/delivery-stats',
  undeliveredOrdersStats: '/api/driver/undelivered-orders-stats',
  /** + /{kind}, one of EMAIL_INFO_KINDS. */
  emailInfo: '/api/driver/email-info',
  updateDriverSettings: '/secure/driver/update_driver_settings',
  updateDriverEmailNotifications: '/secure/driver/update_driver_email_notifications',
  createNotification: '/secure/driver/create_notification',
  dismissNotification: '/secure/driver/notification_dismiss',
  dismissAllNotifications: '/secure/driver/dismiss_all_notifications',
  sendEmail: '/send-email',
  emailOfficeAdminCustomerOrderDelivered: '/secure/report/email_office_admin_customer_order_delivered',
} as const;
