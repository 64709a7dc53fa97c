// Background jobs of a server process, safe when several instances run them at once (issue 9).
// Every job is a statement that is idempotent by construction (a DELETE of rows past their
// age: two instances running it together delete each row once, the other finds it gone).
// On PostgreSQL a run also takes a transaction-level pg_try_advisory_xact_lock on the job's
// key first: while one instance runs a job the others skip that round instead of repeating
// the scan. The lock is held by an open transaction on one pooled connection and ends with
// it (commit, rollback, or the connection dying with its process), so a crashed instance
// never leaves it taken. On PGlite one process owns the data dir: no lock (and PGlite's
// transaction would block the job's own queries).
//
// The jobs (app.ts): the Idempotency-Key purge (30 days, every 6 hours), the rate_limits
// purge (ended windows, every 10 minutes), the resumable uploads' purge (unfinished after 7
// days, finished after 30, every 6 hours), and, at boot, the server_instances sweep
// (services/instances.ts). Mail has no background retry: the phone's outbox retries.
import type { Database } from '../db/client';

export interface Job {
  name: string;
  /** The advisory lock key (any constant unique among jobs). */
  lockKey: number;
  intervalMs: number;
  run(): Promise<unknown>;
}

/** Runs the job unless another instance is running it now; true when it ran. */
export async function runJobOnce(database: Database, job: Pick<Job, 'lockKey' | 'run'>): Promise<boolean> {
  if (database.kind === 'pglite') {
    await job.run();
    return true;
  }
  return database.rawTransaction(async (raw) => {
    const [row] = await raw.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [job.lockKey]);
    if (row?.locked !== true) return false;
    await job.run();
    return true;
  });
}

/** Runs the job every `intervalMs` while the server runs (never stacked on itself); returns the stop function. */
export function scheduleJob(database: Database, job: Job, onError: (err: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runJobOnce(database, job)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, job.intervalMs);
  timer.unref(); // never keeps a process alive on its own
  return () => clearInterval(timer);
}
