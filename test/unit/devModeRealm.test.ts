// Dev mode cannot be switched off in a realm once on, and RxDB then refuses a storage without a
// schema validator (DVM1). Test files share a worker (isolate: false), so an open that asked for
// no dev-mode checks after another file turned them on failed a CI run; it must get the validator.
import { describe, expect, it } from 'vitest';
import { enableDevMode } from '../../src/db';
import { freshIndexedDB } from '../support/fakeDb';

describe('a fast open after dev mode is on in this realm', () => {
  it('opens, validated', async () => {
    await enableDevMode();
    const db = await freshIndexedDB({ fast: true }).open();
    try {
      expect(db.storage.name).toContain('validate');
    } finally {
      await db.close();
    }
  });
});
