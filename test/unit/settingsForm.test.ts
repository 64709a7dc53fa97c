// The edit-settings form's rules (SPEC §3, §5): the same schema as the server, a message per
// field, the password and the picture sent only when given.
import { describe, expect, it } from 'vitest';
import { settingsBodyOf, validateSettingsForm, type SettingsForm } from '../../src/domain';

const GOOD: SettingsForm = { first_name: 'Dana', last_name: 'Rivers', phone_number: '(717) 555-0101', email: 'dana@summit.test', password: '' };

describe('settings form', () => {
  it('accepts a complete form, with phone numbers however punctuated', () => {
    expect(validateSettingsForm(GOOD)).toEqual({});
    for (const phone of ['717.555.0101', '+1 717 555 0101', '7175550101']) {
      expect(validateSettingsForm({ ...GOOD, phone_number: phone })).toEqual({});
    }
  });

  it('names each field that would be refused', () => {
    expect(validateSettingsForm({ ...GOOD, first_name: '  ', last_name: '', email: 'dana@', phone_number: '555-01' })).toEqual({
      first_name: 'Enter your first name',
      last_name: 'Enter your last name',
      email: 'Enter a valid email',
      phone_number: 'Enter a 10-digit phone number',
    });
    expect(validateSettingsForm({ ...GOOD, password: 'short' })).toEqual({ password: 'At least 8 characters' });
  });

  it('sends the password and the picture only when given', () => {
    expect(settingsBodyOf(GOOD)).not.toHaveProperty('password');
    expect(settingsBodyOf(GOOD)).not.toHaveProperty('profile_image_attributes');
    const picture = { guid: '0190a0a0-0000-7000-8000-000000000001', extension: 'jpg' as const, mime_type: 'image/jpeg' as const, download_urls: ['/files/x.jpg'] };
    expect(settingsBodyOf({ ...GOOD, password: 'long-enough' }, picture)).toMatchObject({ password: 'long-enough', profile_image_attributes: picture });
  });
});
