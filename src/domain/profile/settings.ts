// Driver settings (SPEC §3, §5, §7): the profile a driver reads and edits, and the three
// email-notification flags.
import * as v from 'valibot';
import { ImageRecordSchema } from '../delivery';

/** The folder profile pictures are uploaded to (SPEC §2). */
export const PROFILE_PICTURES_FOLDER = '/profile-pictures';

export const DRIVER_PASSWORD_MIN = 8;
export const DRIVER_PASSWORD_MAX = 200;

/** NANP numbers, however punctuated, optionally with +1: "(717) 555-0101", "717.555.0101", "+1 717 555 0101". */
const PHONE_PATTERN = /^(?:\+?1[\s.-]?)?\(?([2-9]\d{2})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})$/;

/** The stored form "(717) 555-0101", or null when the text is not a US/Canada phone number. */
export function normalizePhone(text: string): string | null {
  const match = PHONE_PATTERN.exec(text.trim());
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return `(${match[1]}) ${match[2]}-${match[3]}`;
}

const name = v.pipe(v.string(), v.trim(), v.minLength(1, 'Required'), v.maxLength(100));

/** POST /secure/driver/update_driver_settings. Nothing else is settable (strict). */
export const UpdateDriverSettingsBodySchema = v.strictObject({
  first_name: name,
  last_name: name,
  phone_number: v.pipe(
    v.string(),
    v.maxLength(40),
    v.check((s) => normalizePhone(s) !== null, 'Enter a 10-digit phone number'),
  ),
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Enter a valid email'), v.maxLength(254)),
  /** Sent only when a new picture was chosen (SPEC §5); null removes the picture. */
  profile_image_attributes: v.nullish(ImageRecordSchema),
  /** Sent only when the driver typed one (SPEC §5). */
  password: v.optional(v.pipe(v.string(), v.minLength(DRIVER_PASSWORD_MIN, `At least ${DRIVER_PASSWORD_MIN} characters`), v.maxLength(DRIVER_PASSWORD_MAX))),
  /**
   * The password the account has now: required when the edit changes the password or the email
   * (needsCurrentPassword), so a stolen token alone cannot take the account over (issue 20).
   * No minimum: a password set elsewhere may be shorter than today's rule; empty = not given.
   */
  current_password: v.optional(v.pipe(v.string(), v.maxLength(DRIVER_PASSWORD_MAX))),
});
export type UpdateDriverSettingsBody = v.InferOutput<typeof UpdateDriverSettingsBodySchema>;

/**
 * Whether an edit changes what signs in: a new password (a non-empty one), or another email than
 * the saved one (compared as the schema stores it: trimmed, lower case). Those need the current
 * password; names, phone and picture do not. One rule for the form and the server.
 */
export function needsCurrentPassword(edit: { email: string; password?: string }, savedEmail: string): boolean {
  const emailOf = (text: string): string => text.trim().toLowerCase();
  return Boolean(edit.password) || emailOf(edit.email) !== emailOf(savedEmail);
}

/** POST /secure/driver/update_driver_email_notifications: all three flags, every time. */
export const DriverEmailNotificationsSchema = v.strictObject({
  email_notifications_new_order_assigned: v.boolean(),
  email_notifications_order_reassigned: v.boolean(),
  email_notifications_order_finished_at_shop: v.boolean(),
});
export type DriverEmailNotifications = v.InferOutput<typeof DriverEmailNotificationsSchema>;

/** GET /api/driver/driver-settings; the two update calls answer the same shape. */
export interface DriverSettings extends DriverEmailNotifications {
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string;
  profile_image_attributes: {
    guid: string;
    mime_type: string;
    extension: string;
    /** `/files/<guid>.<ext>`, fetched with the bearer token. */
    download_urls: string[];
  } | null;
}
