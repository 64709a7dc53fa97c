// The edit-settings form's rules (SPEC §3, §5): the same schema as the server, a message per
// field, the password and the picture sent only when given; a new password or another email
// needs the current password (issue 20), names, phone and picture do not.
import { describe, expect, it } from 'vitest';
import { needsCurrentPassword, settingsBodyOf, validateSettingsForm, type SettingsForm } from '../../src/domain';

const SAVED_EMAIL = 'dana@summit.test';
const GOOD: SettingsForm = { first_name: 'Dana', last_name: 'Rivers', phone_number: '(717) 555-0101', email: SAVED_EMAIL, password: '', current_password: '' };

describe('settings form', () => {
  it('accepts a complete form, with phone numbers however punctuated', () => {
    expect(validateSettingsForm(GOOD, SAVED_EMAIL)).toEqual({});
    for (const phone of ['717.555.0101', '+1 717 555 0101', '7175550101']) {
      expect(validateSettingsForm({ ...GOOD, phone_number: phone }, SAVED_EMAIL)).toEqual({});
    }
  });

  it('names each field that would be refused', () => {
    expect(
      validateSettingsForm({ ...GOOD, first_name: '  ', last_name: '', email: 'dana@', phone_number: '555-01', current_password: 'now-1' }, SAVED_EMAIL),
    ).toEqual({
      first_name: 'Enter your first name',
      last_name: 'Enter your last name',
      email: 'Enter a valid email',
      phone_number: 'Enter a 10-digit phone number',
    });
    expect(validateSettingsForm({ ...GOOD, password: 'short', current_password: 'now-1' }, SAVED_EMAIL)).toEqual({ password: 'At least 8 characters' });
  });

  it('sends the password, the current password and the picture only when given', () => {
    expect(settingsBodyOf(GOOD)).not.toHaveProperty('password');
    expect(settingsBodyOf(GOOD)).not.toHaveProperty('current_password');
    expect(settingsBodyOf(GOOD)).not.toHaveProperty('profile_image_attributes');
    const picture = {
      guid: '0190a0a0-0000-7000-8000-000000000001',
      extension: 'jpg' as const,
      mime_type: 'image/jpeg' as const,
      download_urls: ['/files/x.jpg'],
    };
    expect(settingsBodyOf({ ...GOOD, password: 'long-enough', current_password: 'the-old-one' }, picture)).toMatchObject({
      password: 'long-enough',
      current_password: 'the-old-one',
      profile_image_attributes: picture,
    });
  });

  it('asks for the current password when the password or the email changes, and only then', () => {
    expect(needsCurrentPassword(GOOD, SAVED_EMAIL)).toBe(false);
    const renamed: SettingsForm = { ...GOOD, first_name: 'Other', phone_number: '717.555.0199' };
    expect(needsCurrentPassword(renamed, SAVED_EMAIL)).toBe(false);
    expect(needsCurrentPassword({ ...GOOD, email: ' DANA@Summit.test ' }, SAVED_EMAIL)).toBe(false); // the same address as stored
    expect(needsCurrentPassword({ ...GOOD, email: 'dana.r@summit.test' }, SAVED_EMAIL)).toBe(true);
    expect(needsCurrentPassword({ ...GOOD, password: 'a-new-password' }, SAVED_EMAIL)).toBe(true);
    // The server's body shape: no password key at all.
    expect(needsCurrentPassword({ email: SAVED_EMAIL }, SAVED_EMAIL)).toBe(false);

    expect(validateSettingsForm({ ...GOOD, email: 'dana.r@summit.test' }, SAVED_EMAIL)).toEqual({ current_password: 'Enter your current password' });
    expect(validateSettingsForm({ ...GOOD, password: 'a-new-password' }, SAVED_EMAIL)).toEqual({ current_password: 'Enter your current password' });
    expect(validateSettingsForm({ ...GOOD, email: 'dana.r@summit.test', current_password: 'the-old-one' }, SAVED_EMAIL)).toEqual({});
    // Both rules at once: each field says its own.
    expect(validateSettingsForm({ ...GOOD, password: 'short' }, SAVED_EMAIL)).toEqual({
      password: 'At least 8 characters',
      current_password: 'Enter your current password',
    });
  });
});
