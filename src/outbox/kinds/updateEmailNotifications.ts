import { DriverEmailNotificationsSchema, PROFILE_API } from '../../domain';
import { defineKind } from '../types';

/**
 * The three email-notification switches of Settings (SPEC §3, §7:
 * update_driver_email_notifications), all three flags every time, so the latest entry is the
 * whole choice. Every change goes under one key, in order; a second change while one waits is
 * a new entry (the waiting one may be on its way, and an entry is never edited). While it waits
 * the switches show its flags; the server answers the settings, which then replace the stored
 * ones (`updatesSnapshot`). Queued with queueKind (intent.ts).
 */
export const updateEmailNotifications = defineKind({
  kind: 'update_driver_email_notifications',
  label: { en: 'Change email notifications', es: 'Cambiar notificaciones por correo' },
  counted: { en: { one: 'settings change', other: 'settings changes' }, es: { one: 'cambio de ajustes', other: 'cambios de ajustes' } },
  delivers: false,
  draft: null,
  key: 'settings-email-notifications',
  supersedesRefused: true,
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
