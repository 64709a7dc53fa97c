// Driver settings (SPEC §3, §5, §7): read the profile, edit it (name, phone, email, picture,
// password), and the three email-notification flags. Only the caller's own account.
// Changing the password or the email needs the current password (issue 20: a stolen token
// alone took the account over): 403, not 401, since a 401 means a dead session to the app
// (SPEC §8 transport: it would sign the driver out over a typo).
import {
  PROFILE_PICTURES_FOLDER,
  needsCurrentPassword,
  normalizePhone,
  type DriverEmailNotifications,
  type DriverSettings,
  type TokenClaims,
  type UpdateDriverSettingsBody,
} from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError, notFound } from '../http/errors';
import { credentialsOf, emailTakenByAnother, settingsRowOf, updateOwnAccount } from '../repositories/accounts';
import { saveAccountSettings } from '../repositories/accountSettings';
import { uploadIsIn } from '../repositories/uploads';
import type { CurrentPasswordGuard } from './currentPasswordLimit';
import type { Complete } from './idempotency';
import type { Passwords } from './passwords';

/** What a settings change needs (ctx fits). */
export interface SettingsDeps {
  db: Db;
  passwords: Passwords;
  currentPasswordGuard: CurrentPasswordGuard;
}

export async function readDriverSettings(db: Executor, auth: TokenClaims): Promise<DriverSettings> {
  const row = await settingsRowOf(db, auth);
  if (!row) throw notFound();
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phone,
    email: row.email,
    profile_image_attributes:
      row.imageGuid && row.imageMime && row.imageExtension
        ? {
            guid: row.imageGuid,
            mime_type: row.imageMime,
            extension: row.imageExtension,
            download_urls: [`/files/${row.imageGuid}.${row.imageExtension}`],
          }
        : null,
    email_notifications_new_order_assigned: row.assigned,
    email_notifications_order_reassigned: row.reassigned,
    email_notifications_order_finished_at_shop: row.finished,
  };
}

const currentPasswordIncorrect = (): HttpError => new HttpError(403, 'CurrentPasswordIncorrect');

/**
 * When the edit changes the password or the email: the current password, or 403
 * CurrentPasswordRequired / CurrentPasswordIncorrect. Wrong ones count per account (429 past the
 * limit, before the hash); the hash goes through the passwords' gate. Answers the stored hash it
 * checked (null when no check was needed), so the update can make sure it is still the account's.
 */
async function checkCurrentPassword(deps: SettingsDeps, auth: TokenClaims, body: UpdateDriverSettingsBody): Promise<string | null> {
  const account = await credentialsOf(deps.db, auth);
  if (!account) throw notFound();
  if (!needsCurrentPassword(body, account.email)) return null;
  if (!body.current_password) throw new HttpError(403, 'CurrentPasswordRequired');
  // A signed-in driver hashes in the known lane: a sign-in spray does not stall their own change.
  deps.passwords.refuseWhenBusy('known'); // no hash slot free: answer before counting a guess
  const giveBack = await deps.currentPasswordGuard.forAccount(auth.account_id);
  let ok: boolean;
  try {
    ok = await deps.passwords.verify(body.current_password, account.passwordHash, 'known');
  } catch (err) {
    await giveBack(); // refused as busy: no guess was made
    throw err;
  }
  if (!ok) throw currentPasswordIncorrect();
  await giveBack(); // the right password: not a failure
  return account.passwordHash;
}

/**
 * Edits the caller's profile. `sessionHash` names the caller's session (sha256 of its token):
 * a new password ends every other session and keeps this one.
 */
export async function updateDriverSettings(
  deps: SettingsDeps,
  auth: TokenClaims,
  body: UpdateDriverSettingsBody,
  sessionHash: string,
  complete: Complete,
): Promise<DriverSettings> {
  const phone = normalizePhone(body.phone_number) ?? body.phone_number; // the schema checked it parses
  const image = body.profile_image_attributes;
  if (image && !(await uploadIsIn(deps.db, auth, image.guid.toLowerCase(), PROFILE_PICTURES_FOLDER))) {
    throw new HttpError(400, 'ProfileImageNotFound');
  }
  const verifiedHash = await checkCurrentPassword(deps, auth, body);
  if (await emailTakenByAnother(deps.db, body.email, auth.account_id)) throw new HttpError(409, 'EmailAlreadyInUse');
  const passwordHash = body.password === undefined ? undefined : await deps.passwords.hash(body.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const written = await updateOwnAccount(
        tx,
        auth,
        {
          firstName: body.first_name,
          lastName: body.last_name,
          phone,
          email: body.email,
          ...(passwordHash ? { password: { hash: passwordHash, keptSessionHash: sessionHash } } : {}),
        },
        verifiedHash,
      );
      // The password checked is still the account's: one changed meanwhile is no longer "current".
      if (!written) throw verifiedHash === null ? notFound() : currentPasswordIncorrect();
      // undefined leaves the picture alone (SPEC §5: sent only when a new one was chosen); null removes it.
      if (image !== undefined) await saveAccountSettings(tx, auth.account_id, auth.company_id, { profileImageGuid: image?.guid.toLowerCase() ?? null });
      const result = await readDriverSettings(tx, auth);
      await complete(tx, 200, result);
      return result;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, 'EmailAlreadyInUse'); // lost a race for the address
    throw err;
  }
}

export async function updateEmailNotifications(db: Db, auth: TokenClaims, body: DriverEmailNotifications, complete: Complete): Promise<DriverSettings> {
  return db.transaction(async (tx) => {
    await saveAccountSettings(tx, auth.account_id, auth.company_id, {
      emailNewOrderAssigned: body.email_notifications_new_order_assigned,
      emailOrderReassigned: body.email_notifications_order_reassigned,
      emailOrderFinishedAtShop: body.email_notifications_order_finished_at_shop,
    });
    const result = await readDriverSettings(tx, auth);
    await complete(tx, 200, result);
    return result;
  });
}
