// Reads a client cannot turn into work for others (issue 20 item 7): a query parameter the
// endpoint table does not name is refused before any handler or the answer cache runs (an
// outside tester's `&nocache=<n>` made every order-list read a cache miss), and each account's
// authenticated reads draw from a token bucket, and its pulls (a read the answer cache does not
// hold, a delivery-details pull) from another (http/readBudget.ts); the test owns their clock.
import { beforeEach, describe, expect, it } from 'vitest';
import { API, ENDPOINTS, pathOf, type EndpointKey } from '../../src/domain';
import type { AnswerCache } from '../../server/http/answerCache';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, call, liveOrderIds, useTestServer } from './helpers';

let server: TestServer;
let summit: string;
let ridge: string;
let answers: AnswerCache | undefined;
let now = 1_000_000;
const READS = { perSecond: 2, burst: 8 };
const PULLS = { perSecond: 1, burst: 2 };

useTestServer({ summit: SUMMIT_DRIVER, ridge: RIDGE_DRIVER }, (s) => ({ server, summit, ridge } = s), {
  build: {
    readBudget: { reads: READS, pulls: PULLS, clock: () => now },
    extraRoutes: (_app, ctx) => {
      answers = ctx.answers;
    },
  },
});

/** Every bucket full again: an hour passes. */
const refill = (): void => {
  now += 3_600_000;
};
beforeEach(refill);

const misses = (): number => {
  if (!answers) throw new Error('the answer cache was not handed over');
  return answers.stats().misses;
};

describe('unknown query parameters', () => {
  it('are refused on the order list with 400 InvalidRequest naming the parameter, before the cache', async () => {
    const before = misses();
    for (let n = 0; n < 3; n += 1) {
      const res = await call(server, `${API.orderList}?limit=5&nocache=${n}`, { token: summit });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'InvalidRequest', message: 'Unknown query parameter: nocache' });
    }
    expect(misses()).toBe(before);
  });

  it('leave the documented ones working, and one answer is remembered whatever their order', async () => {
    const first = await call(server, `${API.orderList}?limit=5&checkpoint=`, { token: summit });
    expect(first.status).toBe(200);
    const before = misses();
    const again = await call(server, `${API.orderList}?checkpoint=&limit=5`, { token: summit });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(misses()).toBe(before);
  });

  it('are refused on every GET of the endpoint table, public ones too, naming the parameter', async () => {
    const gets = (Object.keys(ENDPOINTS) as EndpointKey[]).filter((key) => key.startsWith('GET '));
    expect(gets.length).toBeGreaterThan(20);
    for (const key of gets) {
      refill();
      const path = pathOf(key).replace(/:(\w+)/g, 'x');
      const res = await call(server, `${path}?bogus=1`, { token: summit });
      expect(res.status, key).toBe(400);
      expect(res.body, key).toMatchObject({ error: 'InvalidRequest', message: 'Unknown query parameter: bogus' }); // payments add a traceId
    }
  });

  it('still need the token first: a protected read without one is 401', async () => {
    expect((await call(server, `${API.orderList}?nocache=1`)).status).toBe(401);
  });
});

describe('the per-account read budget', () => {
  it('answers 429 TooManyRequests with Retry-After past the burst, while another account reads on', async () => {
    for (let n = 0; n < READS.burst; n += 1) expect((await call(server, API.orderList, { token: summit })).status).toBe(200);
    const refused = await call(server, API.orderList, { token: summit });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ error: 'TooManyRequests', message: 'Too many reads from this account, try again in a moment' });
    // Any read of the account counts, not only the order list.
    expect((await call(server, pathOf(`GET ${API.companyUserIsRemoved}`), { token: summit })).status).toBe(429);
    expect((await call(server, API.orderList, { token: ridge })).status).toBe(200);
  });

  it('refills with time: a token every 1/perSecond seconds, up to the burst', async () => {
    expect(READS.perSecond).toBe(2);
    for (let n = 0; n < READS.burst; n += 1) await call(server, API.orderList, { token: summit });
    expect((await call(server, API.orderList, { token: summit })).status).toBe(429);
    now += 499; // a token every 500 ms
    expect((await call(server, API.orderList, { token: summit })).status).toBe(429);
    now += 1;
    expect((await call(server, API.orderList, { token: summit })).status).toBe(200);
    expect((await call(server, API.orderList, { token: summit })).status).toBe(429);
    now += 60_000; // a minute refills the burst, no more
    for (let n = 0; n < READS.burst; n += 1) expect((await call(server, API.orderList, { token: summit })).status).toBe(200);
    expect((await call(server, API.orderList, { token: summit })).status).toBe(429);
  });

  it('counts the refused unknown parameters too, and not public reads', async () => {
    for (let n = 0; n < READS.burst; n += 1) expect((await call(server, `${API.orderList}?nocache=${n}`, { token: summit })).status).toBe(400);
    expect((await call(server, `${API.orderList}?nocache=9`, { token: summit })).status).toBe(429);
    for (let n = 0; n < READS.burst * 2; n += 1) expect((await call(server, API.health)).status).toBe(200);
  });
});

describe('the per-account pull budget', () => {
  it('counts only reads that run a pull: answers the cache holds and one-order reads are free of it', async () => {
    const [onlotId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    expect((await call(server, API.orderList, { token: summit })).status).toBe(200); // remembered (a pull at most)
    refill();
    for (const limit of [7, 8]) expect((await call(server, `${API.orderList}?limit=${limit}`, { token: summit })).status).toBe(200);
    const refused = await call(server, `${API.orderList}?limit=9`, { token: summit });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ error: 'TooManyRequests', message: 'Too many order pulls from this account, try again in a moment' });
    expect((await call(server, `${API.onlotDeliveryDetails}?limit=5`, { token: summit })).status).toBe(429);
    // Remembered answers and one order's details run no pull.
    expect((await call(server, API.orderList, { token: summit })).status).toBe(200);
    expect((await call(server, `${API.orderList}?limit=7`, { token: summit })).status).toBe(200);
    expect((await call(server, `${API.onlotDeliveryDetails}?onlotInventoryOrderId=${onlotId}`, { token: summit })).status).toBe(200);
    // Another account pulls on; a second later this one may pull once more.
    expect((await call(server, `${API.onlotDeliveryDetails}?limit=5`, { token: ridge })).status).toBe(200);
    now += 1000;
    expect((await call(server, `${API.onlotDeliveryDetails}?limit=5`, { token: summit })).status).toBe(200);
    expect((await call(server, `${API.orderList}?limit=9`, { token: summit })).status).toBe(429);
  });
});

describe('a refusal held back (the tarpit)', () => {
  let held: TestServer;
  let token: string;
  const HOLD_MS = 300;
  useTestServer({ token: SUMMIT_DRIVER }, (s) => ({ server: held, token } = s), {
    build: { readBudget: { reads: { perSecond: 1, burst: 1 }, pulls: PULLS, clock: () => now }, limitRefusalDelayMs: HOLD_MS },
  });

  it('answers a read past the budget only after limitRefusalDelayMs, so a flood gets few answers', async () => {
    expect((await call(held, API.orderList, { token })).status).toBe(200);
    const started = performance.now();
    const refused = await call(held, API.orderList, { token });
    expect(refused.status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 5); // timer granularity
    expect(refused.headers.get('retry-after')).toBe('1');
  });
});
