// The English catalog: the source language, in the first-load bundle. Keys by area; the
// Spanish catalog (../es, a lazy chunk) has exactly the same keys (typed as `Catalog`).
import { common } from './common';
import { home, login } from './home';

export const en = { common, login, home };

export type Catalog = typeof en;
