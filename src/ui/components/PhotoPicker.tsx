import { Button, Field, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useRef, useState, type ChangeEvent } from 'react';
import type { DraftPhoto } from '../../db';
import { addDraftImage, removeDraftImage } from '../../db/drafts';
import { MAX_BUILDING_IMAGES, MAX_UPLOAD_BYTES } from '../../domain';
import { compressPhotoFile } from '../../workers/photoClient';
import { useSession } from '../hooks/useAuth';
import { useBlobStore, useDatabase } from '../hooks/useDatabase';
import type { DraftWriter } from '../hooks/useDraftWriter';
import { notify } from '../toaster';
import { PhotoThumb } from './PhotoThumb';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';
import { errorText } from '../i18n/domainText';

registerTexts('deliver', deliverTexts);

const ACCEPT = 'image/jpeg,image/png';
const EXTENSION = /\.(jpe?g|png)$/i;

/** SPEC §5 image rule: jpg, jpeg or png (by type, or by name when the type is missing). */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return file.type === 'image/jpeg' || file.type === 'image/png';
  return EXTENSION.test(file.name);
}

interface Props {
  photos: readonly DraftPhoto[];
  disabled: boolean;
  invalidText: string | null;
  writer: DraftWriter;
}

/** Building photos: camera or files, compressed in a worker, stored as blobs, max 5. */
export function PhotoPicker({ photos, disabled, invalidText, writer }: Props) {
  const db = useDatabase();
  const blobs = useBlobStore();
  const session = useSession();
  const cameraInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(0);

  const onFiles = (event: ChangeEvent<HTMLInputElement>): void => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // choosing the same file again fires change again
    if (!files.length) return;
    const accepted = files.filter(isAcceptedImage);
    if (accepted.length < files.length) notify(errorText('WrongImageExtension'), 'error');
    if (!accepted.length) return;
    if (photos.length + accepted.length > MAX_BUILDING_IMAGES) {
      notify(errorText('TooManyFiles'), 'error');
      return;
    }
    setProcessing((n) => n + accepted.length);
    for (const file of accepted) {
      writer.run(async () => {
        try {
          const photo = await compressPhotoFile(file);
          if (photo.bytes.byteLength > MAX_UPLOAD_BYTES) {
            notify(errorText('FileTooLarge'), 'error');
            return;
          }
          const result = await addDraftImage(db, blobs, session, writer.kind, writer.orderId, photo);
          if (!result.ok) notify(errorText('TooManyFiles'), 'error');
        } finally {
          setProcessing((n) => n - 1);
        }
      });
    }
  };

  const remove = (photoId: string): void => writer.run(() => removeDraftImage(db, blobs, session, writer.kind, writer.orderId, photoId));
  const full = photos.length >= MAX_BUILDING_IMAGES;

  return (
    <Field.Root invalid={Boolean(invalidText)} disabled={disabled}>
      <Field.Label>{t('deliver.photos', { n: photos.length, max: MAX_BUILDING_IMAGES })}</Field.Label>
      {photos.length > 0 ? (
        <SimpleGrid columns={3} gap="2" w="full">
          {photos.map((photo, i) => (
            <PhotoThumb key={photo.id} photo={photo} index={i} disabled={disabled} onRemove={() => remove(photo.id)} />
          ))}
        </SimpleGrid>
      ) : null}
      {!disabled ? (
        // Side by side when both labels fit, else one above the other (a large text size).
        <HStack gap="2" w="full" flexWrap="wrap">
          <Button
            flex="1 1 9rem"
            variant="outline"
            colorPalette="primary"
            disabled={full}
            loading={processing > 0}
            onClick={() => cameraInput.current?.click()}
          >
            {t('deliver.takePhoto')}
          </Button>
          <Button flex="1 1 9rem" variant="outline" colorPalette="primary" disabled={full || processing > 0} onClick={() => filesInput.current?.click()}>
            {t('deliver.chooseFiles')}
          </Button>
        </HStack>
      ) : null}
      {/* Two inputs: with capture, most phones open only the camera; without it, the gallery. */}
      <input
        ref={cameraInput}
        hidden
        type="file"
        accept={ACCEPT}
        capture="environment"
        onChange={onFiles}
        aria-label={t('deliver.takePhoto')}
        data-testid="photo-camera-input"
      />
      <input
        ref={filesInput}
        hidden
        type="file"
        accept={ACCEPT}
        multiple
        onChange={onFiles}
        aria-label={t('deliver.choosePhotoFiles')}
        data-testid="photo-files-input"
      />
      {invalidText ? <Field.ErrorText>{invalidText}</Field.ErrorText> : null}
      {full ? (
        <Text fontSize="md" color="fg.muted">
          {t('deliver.maxPhotos', { max: MAX_BUILDING_IMAGES })}
        </Text>
      ) : null}
    </Field.Root>
  );
}
