// What every route module receives: the database and the token keys.
import type { JwtKeys } from './auth/jwt';
import type { Database, Db } from './db/client';

export interface AppContext {
  db: Db;
  database: Database;
  jwt: JwtKeys;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One line for /openapi.json. */
    summary?: string;
  }
}
