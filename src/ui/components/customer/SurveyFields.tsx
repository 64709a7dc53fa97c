import { Button, Field, Fieldset, HStack, Input, Stack } from '@chakra-ui/react';
import type { CustomerDeliveryDetails } from '../../../domain';
import { registerTexts, t } from '../../i18n';
import { deliver as deliverTexts } from '../../i18n/en/deliver';

registerTexts('deliver', deliverTexts);

/** The delivery survey (SPEC §3): YESNO questions take Yes/No, the others text. */
export function SurveyFields({
  questions,
  answers,
  disabled,
  invalidText,
  onAnswer,
}: {
  questions: CustomerDeliveryDetails['driver_delivery_survey_questions'];
  answers: Record<string, string | boolean>;
  disabled: boolean;
  invalidText: string | null;
  onAnswer: (questionId: number, answer: string | boolean) => void;
}) {
  if (questions.length === 0) return null;
  return (
    <Fieldset.Root disabled={disabled} invalid={Boolean(invalidText)} data-field="survey">
      <Fieldset.Legend fontSize="md" fontWeight="semibold">
        {t('deliver.survey')}
      </Fieldset.Legend>
      <Stack gap="4">
        {questions.map((q) => {
          const answer = answers[String(q.id)];
          return q.type === 'YESNO' ? (
            <Stack key={q.id} gap="1" role="group" aria-label={q.question}>
              <Field.Root>
                <Field.Label>{q.question}</Field.Label>
              </Field.Root>
              <HStack gap="2">
                {([true, false] as const).map((value) => (
                  <Button
                    key={String(value)}
                    flex="1"
                    variant={answer === value ? 'solid' : 'outline'}
                    colorPalette="primary"
                    aria-pressed={answer === value}
                    disabled={disabled}
                    onClick={() => onAnswer(q.id, value)}
                  >
                    {value ? t('deliver.yes') : t('deliver.no')}
                  </Button>
                ))}
              </HStack>
            </Stack>
          ) : (
            <Field.Root key={q.id}>
              <Field.Label>{q.question}</Field.Label>
              <Input bg="bg" maxLength={2000} value={typeof answer === 'string' ? answer : ''} onChange={(e) => onAnswer(q.id, e.target.value)} />
            </Field.Root>
          );
        })}
      </Stack>
      {invalidText ? <Fieldset.ErrorText>{invalidText}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}
