// Which language the app speaks: the driver's choice kept on this phone (localStorage, so it
// works offline and before PWADB opens), else the phone's own languages (navigator.languages:
// the first English or Spanish one decides; none → English). No i18next here: cheap to import.

import { isLanguage, LANGUAGES, type Language } from '../../domain';

export { isLanguage, LANGUAGES, type Language };
/** What the driver picked in Settings: a language, or "follow the phone". */
export type LanguageChoice = Language | 'device';

export const LANGUAGE_STORAGE_KEY = 'driver-app-language';

/** The Intl / luxon locale of each language (English keeps the US formats of SPEC §9). */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es' };

/** The language the phone asks for: the first `es*` or `en*` entry of `languages`, else English. */
export function deviceLanguage(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): Language {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function storedChoice(): LanguageChoice {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'device';
  } catch {
    return 'device';
  }
}

export function storeChoice(choice: LanguageChoice): void {
  try {
    if (choice === 'device') localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else localStorage.setItem(LANGUAGE_STORAGE_KEY, choice);
  } catch (error) {
    console.warn('the language choice could not be stored', error);
  }
}

export function languageOf(choice: LanguageChoice): Language {
  return choice === 'device' ? deviceLanguage() : choice;
}

let active: Language = 'en';

/** The language on screen now (set by i18n/index.ts), for formats outside React. */
export function activeLanguage(): Language {
  return active;
}

export function activeLocale(): string {
  return LOCALES[active];
}

export function setActiveLanguage(language: Language): void {
  active = language;
}
