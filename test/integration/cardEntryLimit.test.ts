// Card testing: a stolen driver token must not be able to try card numbers without limit.
// The card-entry routes share a per-account budget; other accounts and other routes are
// not affected.
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { SUMMIT_DRIVER, SUMMIT_DRIVER2, useTestServer } from './helpers';
import { CARDS, P, cardBody, pay } from './paymentsHelpers';

let server: TestServer;
let driver: string;
let other: string;

useTestServer({ driver: SUMMIT_DRIVER, other: SUMMIT_DRIVER2 }, (s) => ({ server, driver, other } = s), {
  cardEntryRateLimit: { max: 3, timeWindowMs: 60_000 },
  build: { limitClock: () => Date.UTC(2026, 0, 5, 9, 0, 0) }, // fixed: the count never straddles a window's edge
});

describe('card-entry rate limit', () => {
  it('answers 429 TooManyRequests past the limit, per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await pay(server, P.authNewCard, cardBody(), driver)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await pay<{ error: string; message: string }>(server, P.authNewCard, cardBody(), driver);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('TooManyRequests');
    // The window slides (issue 20): 4 counted at its start still weigh 4 × (1 − 30/60) = 2 at +90 s.
    expect(refused.headers.get('retry-after')).toBe('90');
    // Tokenizing is card entry too.
    expect((await pay(server, P.tokenize, { account: CARDS.visa }, driver)).status).toBe(429);
    expect((await pay(server, P.cardconnectAuthNewCard, {}, driver)).status).toBe(429);
    // Another driver still can.
    expect((await pay(server, P.authNewCard, cardBody(), other)).status).toBe(200);
  });
});
