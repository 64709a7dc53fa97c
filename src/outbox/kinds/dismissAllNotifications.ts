import { DismissAllNotificationsBodySchema, PROFILE_API } from '../../domain';
import { defineKind } from '../types';
import { NOTIFICATION_DISMISSALS } from '../countNouns';

/**
 * Clear all (SPEC §4, §7: dismiss_all_notifications) up to the newest notification the driver
 * saw (`up_to_id`), so one that arrives while the entry waits offline is not cleared unseen.
 */
export const dismissAllNotifications = defineKind({
  kind: 'dismiss_all_notifications',
  label: { en: 'Clear all notifications', es: 'Borrar todas las notificaciones' },
  counted: NOTIFICATION_DISMISSALS,
  delivers: false,
  draft: null,
  failure: 'FailedToClearAllNotifications',
  payloadVersion: 1,
  payloadSchema: DismissAllNotificationsBodySchema,
  upgrades: {},
  steps: [{ type: 'call', endpoint: `POST ${PROFILE_API.dismissAllNotifications}` }],
  body: (payload) => ({ ...payload }),
  onDone: { removeDraft: false, removeOrder: false },
  onAttention: { markDraft: false },
  optimistic: null,
  dismisses: (payload) => ({ ids: [], upToId: payload.up_to_id ?? Infinity }),
});
