import { kindLabel } from '../../outbox';
import { activeLanguage } from './language';

// Its own module, not domainText's: it reaches the outbox registry (and through it PWADB's
// code), which the first screen, /login, must not load (e2e/login-first-load.test.ts).

/** What a queued action is, e.g. "Schedule delivery": the outbox kind declares its label in each language. */
export function kindText(kind: string): string {
  return kindLabel(kind, activeLanguage());
}
