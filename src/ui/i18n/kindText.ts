import { countByNoun, kindLabel } from '../../outbox';
import { formatNumber } from '../format';
import { activeLanguage, activeLocale } from './language';

// Its own module, not domainText's: it reaches the outbox registry (and through it PWADB's
// code), which the first screen, /login, must not load (e2e/login-first-load.test.ts).

/** What a queued action is, e.g. "Schedule delivery": the outbox kind declares its label in each language. */
export function kindText(kind: string): string {
  return kindLabel(kind, activeLanguage());
}

/**
 * Queued actions counted by kind, e.g. "1 delivery, 2 notes" ("1 entrega y 2 notas"): each
 * kind declares its noun in both languages; the number picks the form by the language's
 * plural rules and the list is joined as the language joins one.
 */
export function kindCountText(kinds: readonly string[]): string {
  const language = activeLanguage();
  const plural = new Intl.PluralRules(activeLocale());
  const parts = countByNoun(kinds).map(({ noun, count }) => {
    const forms = noun[language];
    return `${formatNumber(count)} ${plural.select(count) === 'one' ? forms.one : forms.other}`;
  });
  return new Intl.ListFormat(activeLocale(), { type: 'unit', style: 'long' }).format(parts);
}
