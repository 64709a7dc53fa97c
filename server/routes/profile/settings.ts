// Driver settings (SPEC §3, §5, §7; services/driverSettings.ts): read the profile, edit it,
// and the three email-notification flags. Only the caller's own account.
import { PROFILE_API } from '../../../src/domain';
import { sessionHashOf } from '../../http/auth';
import { route } from '../../http/registrar';
import { readDriverSettings, updateDriverSettings, updateEmailNotifications } from '../../services/driverSettings';

export const SETTINGS_ROUTES = [
  route(`GET ${PROFILE_API.driverSettings}`, (input) => readDriverSettings(input.ctx.db, input.auth)),
  // The caller's session (its token's hash) stays signed in when the password changes.
  route(`POST ${PROFILE_API.updateDriverSettings}`, (input) =>
    updateDriverSettings(input.ctx, input.auth, input.body, sessionHashOf(input.request) ?? '', input.complete),
  ),
  route(`POST ${PROFILE_API.updateDriverEmailNotifications}`, (input) => updateEmailNotifications(input.ctx.db, input.auth, input.body, input.complete)),
];
