// Password checks and hashes through the hash gate (server/auth/hashGate.ts): at most a few
// at a time, a short queue, and a quick 429 beyond it. Every caller (sign-in, a password
// change) shares one gate per server.
import { createHashGate, HashGateFull, type HashGateOptions, type HashLane } from '../auth/hashGate';
import { hashPassword, verifyPassword } from '../auth/password';
import { tooManyRequests } from '../http/errors';

export interface Passwords {
  /** verifyPassword through the gate (null `stored`: the dummy hash, same cost); sign-ins say their lane. */
  verify(password: string, stored: string | null, lane?: HashLane): Promise<boolean>;
  hash(password: string): Promise<string>;
  /** Throws the busy 429 when the gate would refuse a hash now: callers check before costlier work. */
  refuseWhenBusy(lane?: HashLane): void;
}

export const BUSY_MESSAGE = 'Too many sign-ins at once, try again in a moment';

export function createPasswords(opts: HashGateOptions = {}): Passwords {
  const gate = createHashGate(opts);
  const busy = (err: unknown): never => {
    throw err instanceof HashGateFull ? tooManyRequests(1, BUSY_MESSAGE) : err;
  };
  return {
    verify: (password, stored, lane) => gate.run(() => verifyPassword(password, stored), lane).catch(busy),
    hash: (password) => gate.run(() => hashPassword(password)).catch(busy),
    refuseWhenBusy(lane) {
      if (gate.full(lane)) busy(new HashGateFull());
    },
  };
}
