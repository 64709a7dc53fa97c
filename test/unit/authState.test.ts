import { firstValueFrom, filter, take, tap, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { authState$, readSignedOutNote, unsentCount, writeSignedOutNote, writeToken, clearSessionNotes, type DriverDatabase } from '../../src/db';
import { TOKEN_EXPIRY_MARGIN_MS } from '../../src/domain';
import { freshIndexedDB } from '../support/fakeDb';
import { makeSession } from '../support/session';

const opened: DriverDatabase[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

async function openDb(): Promise<DriverDatabase> {
  const db = await freshIndexedDB().open();
  opened.push(db);
  return db;
}

describe('the session as the UI sees it (SPEC §4)', () => {
  it('turns unauthenticated when the token enters the 15-minute margin, with the app open', async () => {
    const db = await openDb();
    const session = makeSession();
    await writeToken(db, session.token);
    // An injected clock 40 ms before the margin; it moves on before the re-judgement fires.
    const clock = { t: session.claims.exp * 1000 - TOKEN_EXPIRY_MARGIN_MS - 40 };
    // The clock moves on once the first state was judged (before the re-judgement fires).
    const seen = await firstValueFrom(
      authState$(db, () => clock.t).pipe(
        tap(() => (clock.t += 60)),
        take(2),
        toArray(),
      ),
    );
    expect(seen.map((s) => (s.status === 'authenticated' ? 'authenticated' : s.reason))).toEqual(['authenticated', 'expired']);
  });

  it("keeps a sign-out note until the next sign-in and counts only that driver's unsent work", async () => {
    const db = await openDb();
    await writeSignedOutNote(db, { reason: 'removed', company_id: 1, account_id: 1, name: 'Dale', at: new Date(0).toISOString() });
    expect((await readSignedOutNote(db))?.reason).toBe('removed');
    expect(await unsentCount(db, { company_id: 1, account_id: 1 })).toBe(0);
    await clearSessionNotes(db);
    expect(await readSignedOutNote(db)).toBeNull();
    // A stored, valid token judged on the real clock is authenticated.
    await writeToken(db, makeSession().token);
    expect((await firstValueFrom(authState$(db).pipe(filter((s) => s.status === 'authenticated')))).status).toBe('authenticated');
  });
});
