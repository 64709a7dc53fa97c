// A limit on a request, counted in the database (services/rateLimits.ts) so every instance
// sees the same count: past it, 429 TooManyRequests with Retry-After (the window's end).
import type { Db } from '../db/client';
import { hit, type Limit } from '../services/rateLimits';
import { tooManyRequests } from './errors';

export async function enforceLimit(db: Db, key: string, limit: Limit, now: number, message?: string): Promise<void> {
  const counted = await hit(db, key, limit, now);
  if (!counted.allowed) throw tooManyRequests(counted.retryAfterS, message);
}
