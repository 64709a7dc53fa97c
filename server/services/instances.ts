// Which server processes are alive (issue 9, crash-clean idempotency). Each process registers
// a random instance id at boot and refreshes its heartbeat every HEARTBEAT_MS using the
// database's clock (so instances on different hosts never compare their own clocks). An
// Idempotency-Key claim of an instance that is not alive is a dead process's: it is taken
// over at once (services/idempotency.ts); a live instance's claim is respected.
//
// Alive means a heartbeat in the last INSTANCE_STALE_MS, and:
// - PGlite: an embedded database that one process at a time opens, so at boot every other
//   row there is a dead process's and is dropped: the retry after a restart succeeds at once.
// - PostgreSQL: also a session of the instance in pg_stat_activity (its pool connects with
//   application_name `driver-app <id>`, and the heartbeat keeps one connection open). A killed
//   process's sessions end with its sockets, so it is recognised as dead at once, not only
//   when its heartbeat goes stale. Behind a pooler that keeps sessions (PgBouncer), the
//   heartbeat alone decides: dead within INSTANCE_STALE_MS.
// A clean shutdown removes its own row after its requests finished.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { applicationNameOf, beatInstance, instanceAlive, removeInstance, sweepInstances } from '../repositories/serverInstances';

export { applicationNameOf };

export const HEARTBEAT_MS = 1_000;
/** A heartbeat older than this means the process is gone (5 missed beats: event-loop stalls survive). */
export const INSTANCE_STALE_MS = 5_000;
/** Rows this old are swept by any instance at boot (dead processes on PostgreSQL). */
const FORGET_AFTER_MS = 24 * 3600_000;

export interface ServerInstance {
  readonly id: string;
  /** True while that instance (another process, or this one) is alive. */
  isAlive(id: string): Promise<boolean>;
  /** Stops the heartbeat and removes the row (call after the last request finished). */
  stop(): Promise<void>;
}

export const newInstanceId = (): string => randomUUID();

export async function registerInstance(
  database: Database,
  id: string,
  opts: { heartbeatMs?: number; onError?: (err: unknown) => void } = {},
): Promise<ServerInstance> {
  await beatInstance(database, id);
  await sweepInstances(database, id, FORGET_AFTER_MS);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    beatInstance(database, id)
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = false;
      });
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  let stopped = false;
  return {
    id,
    async isAlive(other) {
      if (other === id) return !stopped;
      return instanceAlive(database, other, INSTANCE_STALE_MS);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await removeInstance(database, id);
    },
  };
}
