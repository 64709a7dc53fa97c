import { DriverEmailNotificationsSchema, PROFILE_API } from '../../domain';
import { defineKind } from '../types';

/**
 * The three email-notification switches of Settings (SPEC §3, §7:
 * update_driver_email_notifications), all three flags every time, so the latest entry is the
 * whole choice. While it waits the switches show its flags; the server answers the settings,
 * which then replace the stored ones (`updatesSnapshot`).
 */
export const updateEmailNotifications = defineKind({
  kind: 'update_driver_email_notifications',
  label: 'Change email notifications',
  delivers: false,
  draft: null,
  failure: 'FailedToSaveDriverNotificationSettings',
  payloadVersion: 1,
  payloadSchema: DriverEmailNotificationsSchema,
  upgrades: {},
  steps: [{ type: 'call', endpoint: `POST ${PROFILE_API.updateDriverEmailNotifications}` }],
  body: (payload) => ({ ...payload }),
  onDone: { removeDraft: false, removeOrder: false },
  onAttention: { markDraft: false },
  optimistic: null,
  updatesSnapshot: { key: 'settings', shows: (payload) => ({ ...payload }) },
});
