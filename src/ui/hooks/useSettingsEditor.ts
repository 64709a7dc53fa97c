import { clockIso } from '../../clock';
import { useRef, useState } from 'react';
import type { DraftPicture, SettingsDraft, SettingsDraftFields } from '../../db';
import { clearSettingsDraft, writeSettingsDraft } from '../../db/settingsDraft';
import { uuidv7 } from '../../db/uuid';
import { MAX_UPLOAD_BYTES, settingsFormOf, type DriverSettings, type SettingsErrors, type SettingsField } from '../../domain';
import { compressPhotoFile } from '../../workers/photoClient';
import { isAcceptedImage } from '../components/PhotoPicker';
import { registerTexts, t } from '../i18n';
import { errorText } from '../i18n/domainText';
import { settingsEdit as settingsEditTexts } from '../i18n/en/settingsEdit';
import { notify } from '../toaster';
import { useSession } from './useAuth';
import { useBlobStore, useDatabase } from './useDatabase';

registerTexts('settingsEdit', settingsEditTexts);

/** A profile picture needs far fewer pixels than a building photo. */
const PICTURE_EDGE_PX = 1024;

function fieldsOf(settings: DriverSettings): SettingsDraftFields {
  const { password: _password, current_password: _current, ...fields } = settingsFormOf(settings);
  return fields;
}

const sameFields = (a: SettingsDraftFields, b: SettingsDraftFields): boolean =>
  a.first_name === b.first_name && a.last_name === b.last_name && a.phone_number === b.phone_number && a.email === b.email;

/**
 * The edit-settings form's state. The inputs read React state; every change is also written,
 * in order, to the driver's settings draft in PWADB, so a reload or going offline loses
 * nothing (the passwords excepted, the new and the current one: they are never written to the
 * phone). Back to the saved values with no new picture, the draft is removed.
 */
export function useSettingsEditor(settings: DriverSettings, draft: SettingsDraft | null) {
  const db = useDatabase();
  const blobs = useBlobStore();
  const session = useSession();
  const [fields, setFields] = useState<SettingsDraftFields>(() => draft?.fields ?? fieldsOf(settings));
  const [picture, setPicture] = useState<DraftPicture | null>(() => draft?.picture ?? null);
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<SettingsErrors & { picture?: string }>({});
  const [processing, setProcessing] = useState(false);
  const writes = useRef<Promise<void>>(Promise.resolve());

  const persist = (nextFields: SettingsDraftFields, nextPicture: DraftPicture | null, after?: () => Promise<void>): void => {
    writes.current = writes.current
      .then(async () => {
        if (!nextPicture && sameFields(nextFields, fieldsOf(settings))) await clearSettingsDraft(db, blobs, session);
        else await writeSettingsDraft(db, session, { fields: nextFields, picture: nextPicture, updated_at: clockIso() });
        await after?.();
      })
      .catch((error: unknown) => {
        console.error('settings draft not saved', error);
        notify(t('settingsEdit.notKept'), 'error');
      });
  };

  const setField = (field: SettingsField, value: string): void => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'password' || field === 'current_password') {
      (field === 'password' ? setPassword : setCurrentPassword)(value);
      return;
    }
    const next = { ...fields, [field]: value };
    setFields(next);
    persist(next, picture);
  };

  const choosePicture = async (file: File): Promise<void> => {
    if (!isAcceptedImage(file)) {
      notify(errorText('WrongImageExtension'), 'error');
      return;
    }
    setProcessing(true);
    try {
      const photo = await compressPhotoFile(file, PICTURE_EDGE_PX);
      if (photo.bytes.byteLength > MAX_UPLOAD_BYTES) {
        notify(errorText('FileTooLarge'), 'error');
        return;
      }
      const next: DraftPicture = { id: uuidv7(), type: photo.type, extension: photo.type === 'image/png' ? 'png' : 'jpg' };
      await blobs.put({ id: next.id, type: photo.type, bytes: photo.bytes, created_at: clockIso() });
      const old = picture;
      setPicture(next);
      setErrors((e) => ({ ...e, picture: undefined }));
      // The old picture's bytes go only once the draft no longer names them.
      persist(fields, next, async () => (old ? blobs.delete([old.id]) : undefined));
    } finally {
      setProcessing(false);
    }
  };

  const dropPicture = (): void => {
    const old = picture;
    setPicture(null);
    persist(fields, null, async () => (old ? blobs.delete([old.id]) : undefined));
  };

  const discard = (): void => {
    setFields(fieldsOf(settings));
    setPicture(null);
    setPassword('');
    setCurrentPassword('');
    setErrors({});
    writes.current = writes.current.then(() => clearSettingsDraft(db, blobs, session));
  };

  /** Resolves once every change so far is in PWADB (the worker reads the picture's draft). */
  const flushed = (): Promise<void> => writes.current;

  return { fields, picture, password, currentPassword, errors, setErrors, processing, setField, choosePicture, dropPicture, discard, flushed };
}
