import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Runs before every unit file. Vitest runs without globals, so Testing Library's automatic
// cleanup is wired here: per file, because a shared worker imports renderUi only once and an
// afterEach registered there would reach its first file alone (the next file found the last
// one's screen still in the document).
afterEach(() => cleanup());

// findBy* and waitFor assert what the screen eventually shows, not how fast: speed is measured
// by `npm run bench`. Their default deadline, 1 s, was a hidden timing assertion: in npm test's
// clock stage these files share 2 cores with Chromium and the sync suite, and a click's answer
// (a draft read from PWADB, a form's checks, an outbox insert) twice took longer than 1 s there
// (ui-notification-toggles, ui-customer-delivery-form). 4 s stays under vitest's 5 s test
// timeout, so a screen that never comes still fails with its own message and the DOM.
configure({ asyncUtilTimeout: 4_000 });
