// A driver token in the wrong hands could use the card-entry routes to test stolen card
// numbers in bulk (card testing). One budget per account, shared by every card-entry route
// (so switching routes does not reset it), counted per account rather than per IP because
// phones roam between networks. Counted in the database (rate_limits, migration 0011), so
// the budget holds across server instances; fixed windows of `timeWindowMs`.
import type { FastifyRequest } from 'fastify';
import type { Limiter } from '../services/rateLimits';

export interface CardEntryLimit {
  max: number;
  timeWindowMs: number;
}

export function cardEntryGuard(limiter: Limiter, limit: CardEntryLimit) {
  return async function guard(request: FastifyRequest): Promise<void> {
    const key = `card-entry:${String(request.auth?.account_id ?? `ip ${request.ip}`)}`;
    await limiter.enforce(key, { max: limit.max, windowMs: limit.timeWindowMs });
  };
}
