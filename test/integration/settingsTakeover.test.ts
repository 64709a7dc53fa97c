// A stolen token must not take the account over (issue 20, item 2): update_driver_settings
// changes the password or the email only with the current password. Without one → 403
// CurrentPasswordRequired, a wrong one → 403 CurrentPasswordIncorrect, counted per account
// like failed sign-ins (settings-password:<account id>, the sign-in per-account limit's shape):
// past the limit 429 TooManyRequests before any hash. Names, phone and picture alone need no
// password. The right one changes it, and the caller's session is the one kept (kept_session).
// Windows run on a fixed clock moved by hand; hashes are counted through the hash gate's hook.
import { describe, expect, it } from 'vitest';
import { API, PROFILE_API } from '../../src/domain';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2, RIDGE_DRIVER, call, newKey, postJson, useTestServer } from './helpers';

const WINDOW_MS = 15 * 60_000;
let clock = Date.UTC(2026, 0, 5, 9, 0, 0); // on a 15-minute boundary
let hashes = 0;
let server: TestServer;

useTestServer({}, (s) => ({ server } = s), {
  loginLimits: { perIp: { max: 10_000, windowMs: 60_000 }, perAccount: { max: 3, windowMs: WINDOW_MS } },
  build: { limitClock: () => clock, passwordHashing: { queue: 100, onHash: () => (hashes += 1) } },
});

type ErrorAnswer = { error: string; message: string };

const accountRow = async (email: string) =>
  (
    await server.query<{ email: string; password_hash: string; token_version: number; first_name: string }>(
      'SELECT email, password_hash, token_version, first_name FROM accounts WHERE lower(email) = lower($1)',
      [email],
    )
  )[0];

/** The profile as it is, with the given changes: what the phone's form sends. */
const edit = (base: { email: string }, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Dale',
  last_name: 'Hostetler',
  phone_number: '(717) 555-0101',
  email: base.email,
  ...overrides,
});

const settingsOf = (token: string, body: unknown) => postJson<ErrorAnswer>(server, PROFILE_API.updateDriverSettings, body, { token, key: newKey() });
const works = async (token: string): Promise<number> => (await call(server, API.orderList, { token })).status;

/** The owner's phone and the thief's copy of a session: two sign-ins of one account. */
async function ownerAndThief(account: { email: string; password: string }): Promise<{ owner: string; thief: string }> {
  return { owner: await server.login(account.email, account.password), thief: await server.login(account.email, account.password) };
}

describe('a password or email change without the current password', () => {
  it('is refused with 403 CurrentPasswordRequired, changes nothing, and the owner stays signed in', async () => {
    const { owner, thief } = await ownerAndThief(SUMMIT_DRIVER);
    const before = await accountRow(SUMMIT_DRIVER.email);
    for (const body of [
      edit(SUMMIT_DRIVER, { password: 'thief-password-1' }),
      edit(SUMMIT_DRIVER, { password: 'thief-password-1', current_password: '' }),
      edit(SUMMIT_DRIVER, { email: 'thief@example.test', first_name: 'Thief' }),
    ]) {
      const res = await settingsOf(thief, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body).toEqual({ error: 'CurrentPasswordRequired', message: expect.stringMatching(/current password/i) as string });
    }
    expect(await accountRow(SUMMIT_DRIVER.email)).toEqual(before);
    expect(await works(owner)).toBe(200);
    await expect(server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password)).resolves.toEqual(expect.any(String));
  });

  it('names, phone and picture alone need none; an email differing only in case is no change', async () => {
    const token = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
    const res = await settingsOf(
      token,
      edit(RIDGE_DRIVER, { first_name: 'Renamed', phone_number: '717.555.0177', email: RIDGE_DRIVER.email.toUpperCase(), profile_image_attributes: null }),
    );
    expect(res.status, res.text).toBe(200);
    expect(await accountRow(RIDGE_DRIVER.email)).toMatchObject({ first_name: 'Renamed', email: RIDGE_DRIVER.email });
  });
});

describe('a wrong current password', () => {
  it('is refused with 403 CurrentPasswordIncorrect and counted: past the limit 429 before any hash, the right one included; sign-in is not locked', async () => {
    clock += 2 * WINDOW_MS; // a sliding count still weighs the window before
    const { owner, thief } = await ownerAndThief(SUMMIT_DRIVER2);
    const before = await accountRow(SUMMIT_DRIVER2.email);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await settingsOf(thief, edit(SUMMIT_DRIVER2, { password: 'thief-password-1', current_password: `guess-${i}` }));
      statuses.push(res.status);
      if (res.status === 403) expect(res.body).toEqual({ error: 'CurrentPasswordIncorrect', message: expect.stringMatching(/current password/i) as string });
    }
    expect(statuses).toEqual([403, 403, 403]);
    const hashesBefore = hashes;
    const refused = await settingsOf(thief, edit(SUMMIT_DRIVER2, { email: 'thief@example.test', current_password: 'guess-3' }));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'TooManyRequests', message: expect.any(String) as string });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // At the limit the right password waits too (as at sign-in), and no guess costs a hash.
    expect((await settingsOf(thief, edit(SUMMIT_DRIVER2, { password: 'thief-password-1', current_password: SUMMIT_DRIVER2.password }))).status).toBe(429);
    expect(hashes).toBe(hashesBefore);
    expect(await accountRow(SUMMIT_DRIVER2.email)).toEqual(before);
    // The owner keeps working and can still sign in: the budget is not the sign-in one.
    expect(await works(owner)).toBe(200);
    await expect(server.login(SUMMIT_DRIVER2.email, SUMMIT_DRIVER2.password)).resolves.toEqual(expect.any(String));
    // Another account's budget is its own.
    const ridge = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
    expect((await settingsOf(ridge, edit(RIDGE_DRIVER, { first_name: 'Renamed', password: 'x-new-password-1', current_password: 'wrong' }))).status).toBe(403);
  });

  it('the right one gives its attempt back: only wrong ones use the budget', async () => {
    clock += 2 * WINDOW_MS; // a sliding count still weighs the window before
    const token = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
    const body = (current_password: string) =>
      edit(RIDGE_DRIVER, { first_name: 'Renamed', email: RIDGE_DRIVER.email, password: RIDGE_DRIVER.password, current_password });
    const statuses: number[] = [];
    for (const guess of ['wrong-1', RIDGE_DRIVER.password, RIDGE_DRIVER.password, 'wrong-2', RIDGE_DRIVER.password, 'wrong-3', 'wrong-4']) {
      statuses.push((await settingsOf(token, body(guess))).status);
    }
    expect(statuses).toEqual([403, 200, 200, 403, 200, 403, 429]);
  });
});

describe('with the right current password', () => {
  it("the password changes; every other session ends and the caller's is kept", async () => {
    clock += 2 * WINDOW_MS; // a sliding count still weighs the window before
    const { owner, thief } = await ownerAndThief(SUMMIT_DRIVER);
    const res = await settingsOf(owner, edit(SUMMIT_DRIVER, { password: 'owner-new-password-1', current_password: SUMMIT_DRIVER.password }));
    expect(res.status, res.text).toBe(200);
    expect(await works(owner)).toBe(200);
    const revoked = await call(server, API.orderList, { token: thief });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ error: 'TokenRevoked' });
    await expect(server.login(SUMMIT_DRIVER.email, SUMMIT_DRIVER.password)).rejects.toThrow(/401/);
    await expect(server.login(SUMMIT_DRIVER.email, 'owner-new-password-1')).resolves.toEqual(expect.any(String));
    // The old password is no longer the current one.
    const stale = await settingsOf(owner, edit(SUMMIT_DRIVER, { password: 'owner-newer-password-2', current_password: SUMMIT_DRIVER.password }));
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe('CurrentPasswordIncorrect');
  });

  it('the email changes (the new address signs in); other sessions keep working, as before', async () => {
    clock += 2 * WINDOW_MS; // a sliding count still weighs the window before
    const { owner, thief } = await ownerAndThief({ email: SUMMIT_DRIVER.email, password: 'owner-new-password-1' });
    const wrong = await settingsOf(owner, edit(SUMMIT_DRIVER, { email: 'dale.new@summit.test', current_password: 'not-it' }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('CurrentPasswordIncorrect');
    expect((await accountRow(SUMMIT_DRIVER.email))?.email).toBe(SUMMIT_DRIVER.email);
    const res = await settingsOf(owner, edit(SUMMIT_DRIVER, { email: 'Dale.New@summit.test', current_password: 'owner-new-password-1' }));
    expect(res.status, res.text).toBe(200);
    expect(await accountRow('dale.new@summit.test')).toMatchObject({ email: 'dale.new@summit.test' });
    await expect(server.login('dale.new@summit.test', 'owner-new-password-1')).resolves.toEqual(expect.any(String));
    expect(await works(owner)).toBe(200);
    expect(await works(thief)).toBe(200);
    // Back, so the seeded address stays the demo's.
    expect((await settingsOf(owner, edit({ email: SUMMIT_DRIVER.email }, { current_password: 'owner-new-password-1' }))).status).toBe(200);
  });
});
