import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { chooseLanguage, storedChoice, t, type LanguageChoice as Choice } from '../../i18n';
import { deviceLanguage } from '../../i18n/language';
import { SectionCard } from '../SectionCard';

/** Each language named in itself, so a driver finds theirs whatever is on screen. */
const NAMES = { en: 'English', es: 'Español' } as const;
const CHOICES: readonly Choice[] = ['device', 'en', 'es'];

/**
 * /settings: the app's language. Stored on this phone (works offline, no account needed) and
 * applied at once: the screens re-render in the new language, no reload.
 */
export function LanguageChoice() {
  const [choice, setChoice] = useState<Choice>(storedChoice);
  const pick = (next: Choice): void => {
    setChoice(next);
    void chooseLanguage(next);
  };
  return (
    <SectionCard title={t('settings.language')} testId="settings-language">
      <Stack gap="2" role="radiogroup" aria-label={t('settings.language')}>
        {CHOICES.map((option) => (
          <Button
            key={option}
            role="radio"
            aria-checked={choice === option}
            data-language={option}
            size="lg"
            justifyContent="flex-start"
            whiteSpace="normal"
            h="auto"
            minH="12"
            py="2"
            colorPalette="primary"
            variant={choice === option ? 'solid' : 'outline'}
            onClick={() => pick(option)}
          >
            {choice === option ? <span aria-hidden="true">✓</span> : null}
            {option === 'device' ? t('settings.languageDevice', { language: NAMES[deviceLanguage()] }) : NAMES[option]}
          </Button>
        ))}
        <Text textStyle="sm" color="fg.muted">
          {t('settings.languageHint')}
        </Text>
      </Stack>
    </SectionCard>
  );
}
