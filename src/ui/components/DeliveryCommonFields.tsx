import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { DraftCommon } from '../../db';
import type { ErrorCode } from '../../domain';
import type { DraftWriter } from '../hooks/useDraftWriter';
import { GpsField } from './GpsField';
import { TimeField } from './TimeField';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

export type CommonField = 'photos' | 'miles' | 'time' | 'gps';

/** Where every delivery form shows the common rules' refusals (each form adds its own). */
export const COMMON_FIELD_OF: Partial<Record<ErrorCode, CommonField>> = {
  DeliveryPhotoRequired: 'photos',
  TooManyPhotos: 'photos',
  DeliveryMilesRequired: 'miles',
  DeliveryMilesNegative: 'miles',
  DeliveryMilesTooMany: 'miles',
  DeliveryEndBeforeStart: 'time',
};

interface Props {
  draft: DraftCommon;
  writer: DraftWriter;
  locked: boolean;
  /** The SPEC §8 text to show beside a field, if its rule failed. */
  errorFor: (field: CommonField) => string | null;
  /** Whether start and end times are required (on-lot and move orders). */
  timesRequired: boolean;
}

export function parseMiles(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Miles, start/end times, GPS and note: every delivery has them (SPEC §1). */
export function DeliveryCommonFields({ draft, writer, locked, errorFor, timesRequired }: Props) {
  const [miles, setMiles] = useState(() => (draft.deliveryMilesDriven === null ? '' : String(draft.deliveryMilesDriven)));
  const [note, setNote] = useState(draft.deliveryNote);
  return (
    <>
      <Field.Root invalid={Boolean(errorFor('miles'))} disabled={locked} data-field="miles">
        <Field.Label>{t('deliver.miles')}</Field.Label>
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.1"
          bg="bg"
          value={miles}
          onChange={(e) => {
            setMiles(e.target.value);
            writer.patch({ deliveryMilesDriven: parseMiles(e.target.value) });
          }}
        />
        {errorFor('miles') ? <Field.ErrorText>{errorFor('miles')}</Field.ErrorText> : null}
      </Field.Root>
      <Stack gap="3" data-field="time">
        <TimeField
          label={timesRequired ? t('deliver.started') : t('deliver.startedOptional')}
          value={draft.deliveryBegan}
          disabled={locked}
          invalid={Boolean(errorFor('time'))}
          onChange={(iso) => writer.patch({ deliveryBegan: iso })}
        />
        <TimeField
          label={timesRequired ? t('deliver.ended') : t('deliver.endedOptional')}
          value={draft.deliveryEnded}
          disabled={locked}
          invalid={Boolean(errorFor('time'))}
          onChange={(iso) => writer.patch({ deliveryEnded: iso })}
        />
        {errorFor('time') ? (
          <Field.Root invalid>
            <Field.ErrorText>{errorFor('time')}</Field.ErrorText>
          </Field.Root>
        ) : null}
      </Stack>
      <Stack gap="1" data-field="gps">
        <GpsField
          lat={draft.deliveryGpsLat}
          lon={draft.deliveryGpsLon}
          disabled={locked}
          onChange={(pos) => writer.patch({ deliveryGpsLat: pos?.lat ?? null, deliveryGpsLon: pos?.lon ?? null })}
        />
        {errorFor('gps') ? (
          <Field.Root invalid>
            <Field.ErrorText>{errorFor('gps')}</Field.ErrorText>
          </Field.Root>
        ) : null}
      </Stack>
      <Field.Root disabled={locked}>
        <Field.Label>{t('deliver.note')}</Field.Label>
        <Textarea
          bg="bg"
          rows={3}
          maxLength={4000}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            writer.patch({ deliveryNote: e.target.value });
          }}
        />
      </Field.Root>
    </>
  );
}
