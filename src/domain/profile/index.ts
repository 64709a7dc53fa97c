// Driver profile, notifications, the delivery log and stats, and email (one area, one export line).
export * from './company';
export * from './deliveryLog';
export * from './email';
export * from './notifications';
export * from './paths';
export * from './settings';
export * from './logFilters';
export * from './settingsForm';
export * from './responses';
export * from './officeNotices';
