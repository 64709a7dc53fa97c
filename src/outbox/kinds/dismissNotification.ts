import { DismissNotificationBodySchema, PROFILE_API } from '../../domain';
import { defineKind } from '../types';
import { NOTIFICATION_DISMISSALS } from '../countNouns';

/**
 * Dismiss one notification (SPEC §4, §7: notification_dismiss). Not optimistic on the order
 * list: /notifications hides it itself while the entry waits (`dismissalState`).
 */
export const dismissNotification = defineKind({
  kind: 'dismiss_notification',
  label: { en: 'Dismiss notification', es: 'Descartar notificación' },
  counted: NOTIFICATION_DISMISSALS,
  delivers: false,
  draft: null,
  failure: 'FailedToDismissNotification',
  payloadVersion: 1,
  payloadSchema: DismissNotificationBodySchema,
  upgrades: {},
  steps: [{ type: 'call', endpoint: `POST ${PROFILE_API.dismissNotification}` }],
  body: (payload) => ({ ...payload }),
  onDone: { removeDraft: false, removeOrder: false },
  onAttention: { markDraft: false },
  optimistic: null,
  dismisses: (payload) => ({ ids: [payload.notification_id], upToId: null }),
});
