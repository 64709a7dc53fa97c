// A driver token in the wrong hands could use the card-entry routes to test stolen card
// numbers in bulk (card testing). One budget per account, shared by every card-entry route
// (so switching routes does not reset it), counted per account rather than per IP because
// phones roam between networks. In memory: one server process; a scaled-out deployment
// would move this to the database or Redis.
import type { FastifyRequest } from 'fastify';
import { ERROR_TEXT } from '../../src/domain';
import { HttpError } from './errors';

export interface CardEntryLimit {
  max: number;
  timeWindowMs: number;
}

export function cardEntryGuard(limit: CardEntryLimit, now: () => number = Date.now) {
  const attempts = new Map<string, number[]>();
  return async function guard(request: FastifyRequest): Promise<void> {
    const key = String(request.auth?.account_id ?? request.ip);
    const since = now() - limit.timeWindowMs;
    const recent = (attempts.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= limit.max) {
      attempts.set(key, recent);
      throw new HttpError(429, 'TooManyRequests', ERROR_TEXT.TooManyRequests);
    }
    recent.push(now());
    attempts.set(key, recent);
    // Forget idle accounts so the map cannot grow without bound.
    if (attempts.size > 10_000) for (const [k, ts] of attempts) if (!ts.some((t) => t > since)) attempts.delete(k);
    return Promise.resolve();
  };
}
