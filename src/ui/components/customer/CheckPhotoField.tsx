import { Button, Field, SimpleGrid } from '@chakra-ui/react';
import { useRef, useState, type ChangeEvent } from 'react';
import type { DraftPhoto } from '../../../db';
import { addDraftImage, removeDraftImage } from '../../../db/drafts';
import { MAX_UPLOAD_BYTES } from '../../../domain';
import { compressPhotoFile } from '../../../workers/photoClient';
import { useSession } from '../../hooks/useAuth';
import { useBlobStore, useDatabase } from '../../hooks/useDatabase';
import type { DraftWriter } from '../../hooks/useDraftWriter';
import { notify } from '../../toaster';
import { registerTexts, t } from '../../i18n';
import { deliver as deliverTexts } from '../../i18n/en/deliver';
import { errorText } from '../../i18n/domainText';
import { isAcceptedImage } from '../PhotoPicker';
import { PhotoThumb } from '../PhotoThumb';

registerTexts('deliver', deliverTexts);

/** A photo of the customer's check (SPEC §5 NewCheck), one image, replaced when retaken. */
export function CheckPhotoField({
  check,
  writer,
  disabled,
  invalidText,
}: {
  check: DraftPhoto | null;
  writer: DraftWriter<'customer'>;
  disabled: boolean;
  invalidText: string | null;
}) {
  const db = useDatabase();
  const blobs = useBlobStore();
  const session = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      notify(errorText('WrongImageExtension'), 'error');
      return;
    }
    setBusy(true);
    writer.run(async () => {
      try {
        const photo = await compressPhotoFile(file);
        if (photo.bytes.byteLength > MAX_UPLOAD_BYTES) notify(errorText('FileTooLarge'), 'error');
        else await addDraftImage(db, blobs, session, 'customer', writer.orderId, photo, 'check');
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <Field.Root invalid={Boolean(invalidText)} disabled={disabled} data-field="check">
      <Field.Label>{t('deliver.checkPhoto')}</Field.Label>
      {check ? (
        <SimpleGrid columns={2} gap="2" w="full">
          <PhotoThumb
            photo={check}
            index={0}
            disabled={disabled}
            onRemove={() => writer.run(() => removeDraftImage(db, blobs, session, 'customer', writer.orderId, check.id, 'check'))}
          />
        </SimpleGrid>
      ) : null}
      {!disabled ? (
        <Button variant="outline" colorPalette="primary" loading={busy} onClick={() => input.current?.click()}>
          {check ? t('deliver.retakeCheckPhoto') : t('deliver.takeCheckPhoto')}
        </Button>
      ) : null}
      <input
        ref={input}
        hidden
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        onChange={onFile}
        aria-label={t('deliver.takeCheckPhoto')}
        data-testid="check-photo-input"
      />
      {invalidText ? <Field.ErrorText>{invalidText}</Field.ErrorText> : null}
    </Field.Root>
  );
}
