// Notifications (SPEC §2, §4, §7; services/notifications.ts): the driver's own list (both
// tabs), dismiss one, dismiss all, and create_notification for the company's office users.
import { PROFILE_API } from '../../../src/domain';
import { route } from '../../http/registrar';
import { createNotification, dismissAllNotifications, dismissNotification, listNotifications } from '../../services/notifications';

export const NOTIFICATION_ROUTES = [
  route(`GET ${PROFILE_API.notifications}`, (input) => listNotifications(input.ctx.db, input.auth)),
  route(`POST ${PROFILE_API.createNotification}`, (input) => createNotification(input.ctx.db, input.auth, input.body, input.complete)),
  route(`POST ${PROFILE_API.dismissNotification}`, (input) => dismissNotification(input.ctx.db, input.auth, input.body.notification_id, input.complete)),
  // An object, or no body at all (every active one).
  route(`POST ${PROFILE_API.dismissAllNotifications}`, (input) => dismissAllNotifications(input.ctx.db, input.auth, input.body.up_to_id, input.complete), {
    bodyOf: (request) => request.body ?? {},
  }),
];
