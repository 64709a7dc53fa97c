// The edit-settings form (SPEC §3 driver settings, §5 "password sent only if provided"):
// what the driver types, checked with the very schema the server validates with, so a field
// the phone accepts is never refused for its shape by the server.
import * as v from 'valibot';
import type { ImageRecord } from '../delivery';
import { UpdateDriverSettingsBodySchema, type DriverSettings, type UpdateDriverSettingsBody } from './settings';

export interface SettingsForm {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  /** Empty: the password stays as it is. */
  password: string;
}

export type SettingsField = keyof SettingsForm;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

const REQUIRED_TEXT: Partial<Record<SettingsField, string>> = {
  first_name: 'Enter your first name',
  last_name: 'Enter your last name',
};

export function settingsFormOf(settings: DriverSettings): SettingsForm {
  return {
    first_name: settings.first_name,
    last_name: settings.last_name,
    phone_number: settings.phone_number ?? '',
    email: settings.email,
    password: '',
  };
}

/**
 * The body of update_driver_settings: the password only when one was typed, the picture only
 * when a new one was uploaded (SPEC §5); otherwise the server leaves both alone.
 */
export function settingsBodyOf(form: SettingsForm, picture?: ImageRecord): v.InferInput<typeof UpdateDriverSettingsBodySchema> {
  return {
    first_name: form.first_name,
    last_name: form.last_name,
    phone_number: form.phone_number,
    email: form.email,
    ...(form.password ? { password: form.password } : {}),
    ...(picture ? { profile_image_attributes: picture } : {}),
  };
}

/** One message per field that would be refused (empty when the form can be sent). */
export function validateSettingsForm(form: SettingsForm): SettingsErrors {
  const parsed = v.safeParse(UpdateDriverSettingsBodySchema, settingsBodyOf(form), { abortPipeEarly: true });
  if (parsed.success) return {};
  const errors: SettingsErrors = {};
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
