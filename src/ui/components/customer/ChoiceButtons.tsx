import { Field, SimpleGrid } from '@chakra-ui/react';
import { Button } from '@chakra-ui/react';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

/** A one-of choice as big buttons (gloves): the chosen one is solid and aria-pressed. */
export function ChoiceButtons<T extends string | number>({
  label,
  choices,
  value,
  disabled,
  invalidText,
  field,
  columns = 2,
  onChange,
}: {
  label: string;
  choices: readonly Choice<T>[];
  value: T | null;
  disabled: boolean;
  invalidText: string | null;
  /** data-field for scrolling to the first invalid field. */
  field: string;
  columns?: number;
  onChange: (value: T) => void;
}) {
  return (
    <Field.Root invalid={Boolean(invalidText)} disabled={disabled} data-field={field}>
      <Field.Label>{label}</Field.Label>
      <SimpleGrid columns={columns} gap="2" w="full" role="group" aria-label={label}>
        {choices.map((choice) => (
          <Button
            key={String(choice.value)}
            variant={value === choice.value ? 'solid' : 'outline'}
            colorPalette="primary"
            aria-pressed={value === choice.value}
            disabled={disabled}
            // Locked (a queued or kept delivery): what was chosen stays fully legible.
            _disabled={value === choice.value ? { opacity: 1, cursor: 'not-allowed' } : undefined}
            whiteSpace="normal"
            h="auto"
            minH="12"
            py="2"
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </SimpleGrid>
      {invalidText ? <Field.ErrorText>{invalidText}</Field.ErrorText> : null}
    </Field.Root>
  );
}
