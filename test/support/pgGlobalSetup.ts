// Global setup of the 'integration-pg' project: a PostgreSQL server (see pgCluster.ts) and
// one migrated + seeded template database; startTestServer() then copies it per server
// (CREATE DATABASE … TEMPLATE, well under a second). Teardown drops every database of the
// run and stops a cluster we started.
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server/app';
import { adminQuery, quoteIdent } from './pgDatabase';
import { databaseUrl, obtainPostgres } from './pgCluster';

declare module 'vitest' {
  interface ProvidedContext {
    pgAdminUrl: string;
    /** Prefix of every database this run creates; the template is `${pgRunId}_template`. */
    pgRunId: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await obtainPostgres();
  const runId = `driver_app_${process.pid}_${Date.now().toString(36)}`;
  const template = `${runId}_template`;
  const dropRun = async (): Promise<void> => {
    const rows = await adminQuery<{ datname: string }>(server.adminUrl, 'SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [runId]);
    for (const { datname } of rows) await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
  };
  try {
    await adminQuery(server.adminUrl, `CREATE DATABASE ${quoteIdent(template)}`);
    const built = await buildServer({ databaseUrl: databaseUrl(server.adminUrl, template), logger: false, staticDir: null });
    await built.close();
  } catch (err) {
    await dropRun().catch(() => undefined);
    await server.stop();
    const where = new URL(server.adminUrl);
    where.password = '';
    throw new Error(
      `integration-pg: could not build the template database on ${where.toString()} ` +
        `(the user needs CREATEDB): ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  project.provide('pgAdminUrl', server.adminUrl);
  project.provide('pgRunId', runId);
  return async () => {
    try {
      await dropRun();
    } finally {
      await server.stop();
    }
  };
}
