// The edit-settings form (SPEC §3 driver settings, §5 "password sent only if provided"):
// what the driver types, checked with the very schema the server validates with, so a field
// the phone accepts is never refused for its shape by the server. A new password or another
// email also needs the current password (needsCurrentPassword, the server's own rule).
import * as v from 'valibot';
import type { ImageRecord } from '../delivery';
import { needsCurrentPassword, UpdateDriverSettingsBodySchema, type DriverSettings, type UpdateDriverSettingsBody } from './settings';

export interface SettingsForm {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  /** Empty: the password stays as it is. */
  password: string;
  /** Asked for (and sent) only when the password or the email changes; never kept on the phone. */
  current_password: string;
}

export type SettingsField = keyof SettingsForm;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

const REQUIRED_TEXT: Partial<Record<SettingsField, string>> = {
  first_name: 'Enter your first name',
  last_name: 'Enter your last name',
};

/** The form's message when the current password is needed and empty. */
export const CURRENT_PASSWORD_REQUIRED_TEXT = 'Enter your current password';

export function settingsFormOf(settings: DriverSettings): SettingsForm {
  return {
    first_name: settings.first_name,
    last_name: settings.last_name,
    phone_number: settings.phone_number ?? '',
    email: settings.email,
    password: '',
    current_password: '',
  };
}

/**
 * The body of update_driver_settings: the password only when one was typed, the picture only
 * when a new one was uploaded (SPEC §5); otherwise the server leaves both alone. The current
 * password only when given (the page clears it when the change does not need it).
 */
export function settingsBodyOf(form: SettingsForm, picture?: ImageRecord): v.InferInput<typeof UpdateDriverSettingsBodySchema> {
  return {
    first_name: form.first_name,
    last_name: form.last_name,
    phone_number: form.phone_number,
    email: form.email,
    ...(form.password ? { password: form.password } : {}),
    ...(form.current_password ? { current_password: form.current_password } : {}),
    ...(picture ? { profile_image_attributes: picture } : {}),
  };
}

/**
 * One message per field that would be refused (empty when the form can be sent). `savedEmail`
 * is the account's email as last read: another one (or a new password) needs the current password.
 */
export function validateSettingsForm(form: SettingsForm, savedEmail: string): SettingsErrors {
  const errors: SettingsErrors = {};
  if (needsCurrentPassword(form, savedEmail) && !form.current_password) errors.current_password = CURRENT_PASSWORD_REQUIRED_TEXT;
  const parsed = v.safeParse(UpdateDriverSettingsBodySchema, settingsBodyOf(form), { abortPipeEarly: true });
  if (parsed.success) return errors;
  for (const issue of parsed.issues) {
    const field = issue.path?.[0]?.key as SettingsField | undefined;
    if (!field || errors[field] || !(field in form)) continue;
    errors[field] = issue.message === 'Required' ? (REQUIRED_TEXT[field] ?? issue.message) : issue.message;
  }
  return errors;
}

/** The validated body as the server will read it (trimmed, email lower-cased). */
export function parseSettingsBody(form: SettingsForm, picture?: ImageRecord): UpdateDriverSettingsBody {
  return v.parse(UpdateDriverSettingsBodySchema, settingsBodyOf(form, picture));
}
