// Typed keys: `t('home.search')` is checked against the English catalog.
import 'i18next';
import type { Catalog } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}
