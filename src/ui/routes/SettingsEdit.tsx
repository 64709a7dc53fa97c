import { Alert, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SettingsDraft } from '../../db';
import { needsCurrentPassword, validateSettingsForm, type DriverSettings, type ErrorCode, type SettingsField } from '../../domain';
import { getSyncClient } from '../../workers/client';
import { Loading } from '../components/Loading';
import { OnlineOnlyNote, WAITS_FOR_CONNECTION } from '../components/OnlineOnlyNote';
import { ProfilePicture } from '../components/settings/ProfilePicture';
import { useDriverSettings, useSettingsDraft } from '../hooks/useSettings';
import { useSettingsEditor } from '../hooks/useSettingsEditor';
import { useSyncStatus } from '../hooks/useSyncStatus';
import { notify } from '../toaster';
import { registerTexts, t } from '../i18n';
import { errorText, knownText } from '../i18n/domainText';
import { settingsEdit as settingsEditTexts } from '../i18n/en/settingsEdit';
import Settings from './Settings';

registerTexts('settingsEdit', settingsEditTexts);

/**
 * /settings/edit (SPEC §2, §3, §5): name, phone, email, a new password (sent only when typed)
 * and a new profile picture (uploaded only when chosen). A changed email or a new password also
 * asks for the current password (issue 20; the server refuses those changes without it). An
 * online form through the worker: offline it says why it cannot save, and what was typed stays
 * in PWADB until it is saved (never a password).
 */
export default function SettingsEdit() {
  const { online } = useSyncStatus();
  const { settings } = useDriverSettings(online);
  const draft = useSettingsDraft();
  if (settings === undefined || draft === undefined) return <Loading label={t('settingsEdit.loading')} />;
  // Never read on this phone: /settings says why (and reads them again).
  if (settings === null) return <Settings />;
  return <Editor settings={settings.data} draft={draft} online={online} />;
}

/** The profile's fields, labelled in the active language (called while rendering). */
const fieldsOf = (): { field: SettingsField; label: string; type: string; autoComplete: string; inputMode?: 'tel' | 'email' }[] => [
  { field: 'first_name', label: t('settingsEdit.firstName'), type: 'text', autoComplete: 'given-name' },
  { field: 'last_name', label: t('settingsEdit.lastName'), type: 'text', autoComplete: 'family-name' },
  { field: 'phone_number', label: t('settingsEdit.phone'), type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'email', label: t('settingsEdit.email'), type: 'email', autoComplete: 'email', inputMode: 'email' },
];

/** The current password's error in the driver's language, by the server's identifier (none: it was left empty). */
function currentPasswordText(code: ErrorCode | undefined): string {
  if (code === 'CurrentPasswordIncorrect') return errorText(code);
  if (code === 'TooManyRequests') return t('settingsEdit.currentPasswordTooMany');
  return t('settingsEdit.currentPasswordRequired');
}

const focusField = (name: string): void => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();

function Editor({ settings, draft, online }: { settings: DriverSettings; draft: SettingsDraft | null; online: boolean }) {
  const editor = useSettingsEditor(settings, draft);
  const navigate = useNavigate();
  const location = useLocation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [serverDetail, setServerDetail] = useState<string | null>(null);
  const { fields, password, currentPassword, errors, picture } = editor;
  // Shown (and sent) only while the change needs it: the server's own rule.
  const asksCurrentPassword = needsCurrentPassword({ email: fields.email, password }, settings.email);

  const save = async (): Promise<void> => {
    setServerDetail(null);
    const form = { ...fields, password, current_password: asksCurrentPassword ? currentPassword : '' };
    const invalid = validateSettingsForm(form, settings.email);
    if (invalid.current_password) invalid.current_password = currentPasswordText(undefined);
    const first = Object.keys(invalid)[0];
    if (first) {
      editor.setErrors(invalid);
      focusField(first);
      return;
    }
    setBusy(true);
    try {
      await editor.flushed();
      const outcome = await getSyncClient().saveSettings({ form, pictureId: picture?.id ?? null });
      if (outcome.ok) {
        notify(t('settingsEdit.saved'), 'success');
        // Back to the screen it came from; opened from a link, to /settings.
        if (location.key !== 'default') void navigate(-1);
        else void navigate('/settings', { replace: true });
        return;
      }
      notify(outcome.offline ? t('settingsEdit.needsConnection') : knownText(outcome.message), 'error');
      // Beside its field; everything typed stays as it is, so the driver fixes only that.
      if (outcome.field === 'current_password') {
        editor.setErrors({ current_password: currentPasswordText(outcome.code) });
        focusField('current_password');
      } else if (outcome.field && outcome.detail) editor.setErrors({ [outcome.field]: outcome.detail });
      else setServerDetail(outcome.detail);
    } finally {
      setBusy(false);
    }
  };

  const name = `${fields.first_name} ${fields.last_name}`;
  return (
    <Stack gap="4">
      <Heading as="h2" fontSize="h1">
        {t('settingsEdit.title')}
      </Heading>
      {!online ? (
        <OnlineOnlyNote title={t('settingsEdit.offlineTitle')} testId="settings-edit-offline">
          {t('settingsEdit.offlineText')}
        </OnlineOnlyNote>
      ) : null}
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors.picture)}>
              <Field.Label>{t('settingsEdit.picture')}</Field.Label>
              <HStack gap="4" flexWrap="wrap">
                <ProfilePicture guid={settings.profile_image_attributes?.guid ?? null} draftId={picture?.id ?? null} name={name} />
                <Stack gap="2" flex="1 1 10rem">
                  <Button variant="outline" colorPalette="primary" loading={editor.processing} onClick={() => fileInput.current?.click()}>
                    {picture || settings.profile_image_attributes ? t('settingsEdit.chooseAnother') : t('settingsEdit.choose')}
                  </Button>
                  {picture ? (
                    <Button variant="ghost" colorPalette="primary" onClick={editor.dropPicture}>
                      {t('settingsEdit.keepCurrent')}
                    </Button>
                  ) : null}
                </Stack>
              </HStack>
              {picture ? <Field.HelperText>{t('settingsEdit.uploadedOnSave')}</Field.HelperText> : null}
              {errors.picture ? <Field.ErrorText>{errors.picture}</Field.ErrorText> : null}
              <input
                ref={fileInput}
                hidden
                type="file"
                accept="image/jpeg,image/png"
                aria-label={t('settingsEdit.chooseProfilePicture')}
                data-testid="picture-input"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void editor.choosePicture(file);
                }}
              />
            </Field.Root>
            {fieldsOf().map((f) => (
              <Field.Root key={f.field} invalid={Boolean(errors[f.field])} required>
                <Field.Label>{f.label}</Field.Label>
                <Input
                  bg="bg"
                  name={f.field}
                  type={f.type}
                  inputMode={f.inputMode}
                  autoComplete={f.autoComplete}
                  value={fields[f.field as keyof typeof fields]}
                  onChange={(e) => editor.setField(f.field, e.target.value)}
                />
                {errors[f.field] ? <Field.ErrorText data-testid={`error-${f.field}`}>{errors[f.field]}</Field.ErrorText> : null}
              </Field.Root>
            ))}
            <Field.Root invalid={Boolean(errors.password)}>
              <Field.Label>{t('settingsEdit.newPassword')}</Field.Label>
              <Input
                bg="bg"
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => editor.setField('password', e.target.value)}
              />
              <Field.HelperText>{t('settingsEdit.passwordHint')}</Field.HelperText>
              {errors.password ? <Field.ErrorText data-testid="error-password">{errors.password}</Field.ErrorText> : null}
            </Field.Root>
            {asksCurrentPassword ? (
              <Field.Root invalid={Boolean(errors.current_password)} required>
                <Field.Label>{t('settingsEdit.currentPassword')}</Field.Label>
                <Input
                  bg="bg"
                  name="current_password"
                  type="password"
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(e) => editor.setField('current_password', e.target.value)}
                />
                <Field.HelperText>{t('settingsEdit.currentPasswordHint')}</Field.HelperText>
                {errors.current_password ? <Field.ErrorText data-testid="error-current_password">{errors.current_password}</Field.ErrorText> : null}
              </Field.Root>
            ) : null}
            {serverDetail ? (
              <Alert.Root status="error" data-testid="settings-save-error">
                <Alert.Indicator />
                <Alert.Title>{serverDetail}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Button
              colorPalette="primary"
              size="lg"
              {...WAITS_FOR_CONNECTION}
              loading={busy}
              disabled={!online || editor.processing}
              onClick={() => void save()}
              data-testid="settings-save"
            >
              {online ? t('settingsEdit.save') : t('settingsEdit.saveNeedsConnection')}
            </Button>
            {draft ? (
              <Stack gap="1">
                <Text textStyle="sm" color="fg.muted">
                  {t('settingsEdit.keptUntilSave')}
                </Text>
                <Button variant="outline" colorPalette="primary" onClick={editor.discard}>
                  {t('settingsEdit.discard')}
                </Button>
              </Stack>
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
