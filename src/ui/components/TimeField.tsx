import { clockIso } from '../../clock';
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { fromLocalInput, toLocalInput } from '../format';
import { registerTexts, t } from '../i18n';
import { deliver as deliverTexts } from '../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

interface Props {
  label: string;
  value: string | null;
  disabled: boolean;
  invalid: boolean;
  onChange: (iso: string | null) => void;
}

/**
 * A delivery time: datetime-local in the device's zone, stored as an ISO instant (the
 * driver's action time, DESIGN §5). Local text state so a half-typed value is not lost.
 */
export function TimeField({ label, value, disabled, invalid, onChange }: Props) {
  const [text, setText] = useState(() => toLocalInput(value));
  const set = (next: string): void => {
    setText(next);
    onChange(fromLocalInput(next));
  };
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <HStack w="full" flexWrap="wrap">
        <Input type="datetime-local" bg="bg" flex="1 1 14rem" w="auto" minW="0" value={text} onChange={(e) => set(e.target.value)} />
        <Button
          variant="outline"
          colorPalette="primary"
          disabled={disabled}
          aria-label={t('deliver.nowLabel', { label })}
          onClick={() => set(toLocalInput(clockIso()))}
        >
          {t('deliver.now')}
        </Button>
      </HStack>
    </Field.Root>
  );
}
