// SQL of the server_instances table (services/instances.ts holds the rules): the heartbeat row
// each process keeps, the boot sweep, and whether another instance is alive.
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverInstances } from '../db/schema';

/** The PostgreSQL application_name of an instance's sessions. */
export const applicationNameOf = (id: string): string => `driver-app ${id}`;

const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/** Inserts the instance's row or moves its heartbeat to the database's now(). */
export async function beatInstance(database: Database, id: string): Promise<void> {
  await database.db
    .insert(serverInstances)
    .values({ id })
    .onConflictDoUpdate({ target: serverInstances.id, set: { heartbeatAt: sql`now()` } });
}

/** Drops other instances' rows: every one on PGlite (one process opens it), those older than `forgetAfterMs` on PostgreSQL. */
export async function sweepInstances(database: Database, id: string, forgetAfterMs: number): Promise<void> {
  await database.db
    .delete(serverInstances)
    .where(and(ne(serverInstances.id, id), database.kind === 'pglite' ? sql`true` : lt(serverInstances.heartbeatAt, ago(forgetAfterMs))));
}

/** A heartbeat within `staleMs`, and on PostgreSQL also a live session named after the instance. */
export async function instanceAlive(database: Database, id: string, staleMs: number): Promise<boolean> {
  const postgres = database.kind === 'postgres';
  const session = postgres ? ' AND EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = $2)' : '';
  const rows = await database.raw.query<{ alive: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM server_instances WHERE id = $1
       AND heartbeat_at > now() - make_interval(secs => ${staleMs / 1000}))${session} AS alive`,
    postgres ? [id, applicationNameOf(id)] : [id],
  );
  return rows[0]?.alive === true;
}

/** Removes the instance's own row (a clean shutdown). */
export async function removeInstance(database: Database, id: string): Promise<void> {
  await database.db.delete(serverInstances).where(eq(serverInstances.id, id));
}
