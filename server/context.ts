// What every route module receives: the database and the token keys.
import type { JwtKeys } from './auth/jwt';
import type { Database, Db } from './db/client';
import type { PaymentGateway } from './services/payments/gateway';

export interface AppContext {
  db: Db;
  database: Database;
  jwt: JwtKeys;
  /** The card/ACH processor (the sandbox unless BuildServerOptions.paymentGateway says otherwise). */
  payments: PaymentGateway;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One line for /openapi.json. */
    summary?: string;
  }
}
