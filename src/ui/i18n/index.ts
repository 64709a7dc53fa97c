// The app's one i18n instance (i18next). English is the source language; Spanish is a lazy
// chunk loaded only when it is the active language. Every UI text is `t('area.key')`, the
// instance's `t` (below, plain texts remembered), called while rendering: a language change
// remounts the screens (App keys its router on `useLanguage()`), so memoized rows and
// module-level helpers follow it too, with no per-component subscription (react-i18next's hook
// would add first-load weight and a subscription per row of Home's list for nothing).
// English texts of the first-load screens are in `./en`; a lazy screen's area registers its
// own English texts when its chunk loads (`registerTexts`, from `./en/lazy`).
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { en, type Catalog } from './en';
import { languageOf, setActiveLanguage, storedChoice, storeChoice, type Language, type LanguageChoice } from './language';

export type { Catalog } from './en';
export { activeLanguage, activeLocale, LOCALES, storedChoice, type Language, type LanguageChoice } from './language';
export { i18next };

/**
 * The instance's `t`, typed by the catalog (types.d.ts), with the texts that take no options
 * remembered per key: i18next resolves a key through several layers on every call, and Home's
 * count line and cards call it on every search keystroke (npm run bench). Forgotten when the
 * language changes or a lazy area's texts arrive.
 */
export const t: typeof i18next.t = ((key: string, options?: unknown) => {
  const translate = i18next.t as (k: unknown, o?: unknown) => string;
  if (options !== undefined || typeof key !== 'string') return translate(key, options);
  let text = plainTexts.get(key);
  if (text === undefined) {
    text = translate(key);
    plainTexts.set(key, text);
  }
  return text;
}) as typeof i18next.t;
const plainTexts = new Map<string, string>();

void i18next.init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});
// After init (the store is made there; initAsync: false makes it synchronous).
i18next.on('languageChanged', () => plainTexts.clear());
i18next.store.on('added', () => plainTexts.clear());

/** A lazy screen's English texts (its area of the catalog), added when its chunk loads. */
export function registerTexts<K extends keyof Catalog>(area: K, texts: Catalog[K]): void {
  i18next.addResourceBundle('en', 'translation', { [area]: texts }, true, false);
}

interface LazyCatalog {
  translation: Catalog;
  /** Texts src/domain keeps in English, by identifier (./domainText.ts). */
  domain: object;
}

const loaders: Record<Exclude<Language, 'en'>, () => Promise<LazyCatalog>> = {
  es: () => import('./es').then((m) => ({ translation: m.es, domain: m.domain })),
};

async function loadCatalog(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const catalog = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', catalog.translation);
  i18next.addResourceBundle(language, 'domain', catalog.domain);
}

/** Switches the app's language at once (no reload): loads its catalog first when needed. */
export async function applyLanguage(language: Language): Promise<void> {
  try {
    await loadCatalog(language);
  } catch (error) {
    // The chunk could not load (should not happen: the service worker precaches it).
    console.warn(`the ${language} texts could not be loaded; staying in English`, error);
    language = 'en';
  }
  setActiveLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/** Before the first render: the stored choice, else the phone's language. */
export function startLanguage(): Promise<void> {
  return applyLanguage(languageOf(storedChoice()));
}

/** The driver's choice in Settings: stored on the phone and applied at once. */
export function chooseLanguage(choice: LanguageChoice): Promise<void> {
  storeChoice(choice);
  return applyLanguage(languageOf(choice));
}

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** The active language, re-rendering on a change. */
export function useLanguage(): string {
  return useSyncExternalStore(subscribe, () => i18next.language);
}
