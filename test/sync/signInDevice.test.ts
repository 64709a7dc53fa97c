import { describe, expect, it } from 'vitest';
import { readDeviceKey } from '../../src/db';
import { API, SIGN_IN_DEVICE_HEADER } from '../../src/domain';
import { DEMO_DRIVER, useSyncServer } from '../support/device';

// Issue 20: a password spray against a driver's account from many addresses slows every
// unknown source down; the phone the driver signed in on before carries the device key the
// server gave it and is not held up, even from a new network and after a sign-out.

const harness = useSyncServer(undefined, {
  loginLimits: { perIp: { max: 1_000, windowMs: 60_000 }, perAccount: { max: 2, windowMs: 15 * 60_000 } },
  build: { trustProxy: 1, limitClock: () => Date.UTC(2026, 0, 5, 9, 0, 0) }, // the delay never runs out on the wall clock mid-test
});

async function sprayFrom(address: string): Promise<number> {
  const res = await fetch(`${harness.server.url}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: DEMO_DRIVER.email, password: `guess-${address}` }),
  });
  await res.text();
  return res.status;
}

describe('sign-in device key', () => {
  it('is kept across a sign-out and lets the phone sign in through a spray that holds strangers off', async () => {
    const phone = await harness.device();
    expect(await phone.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toEqual({ ok: true });
    const key = await readDeviceKey(phone.db, DEMO_DRIVER.email);
    expect(key).toEqual(expect.any(String));
    await phone.engine.logout();
    expect(await readDeviceKey(phone.db, ' Driver@Summit.test ')).toBe(key);
    // The phone moves to another network: its address is new to the server.
    await harness.server.query('DELETE FROM sign_in_known_addresses');
    const spray = [];
    for (let i = 0; i < 6; i += 1) spray.push(await sprayFrom(`203.0.113.${i}`));
    expect(spray).toEqual([401, 401, 429, 429, 429, 429]);
    // A phone without the key waits out the delay; this one signs in at once.
    const stranger = await harness.device();
    expect(await stranger.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toMatchObject({ ok: false, error: 'TooManyRequests' });
    expect(await phone.engine.login(DEMO_DRIVER.email, DEMO_DRIVER.password)).toEqual({ ok: true });
    expect(phone.net.log.filter((line) => line === `POST ${API.login}`)).toHaveLength(2);
    expect(SIGN_IN_DEVICE_HEADER).toBe('x-sign-in-device');
  });
});
