// What every route module receives: the database and the token keys.
import type { FastifyRequest } from 'fastify';
import type { JwtKeys } from './auth/jwt';
import type { Database, Db } from './db/client';
import type { AnswerCache } from './http/answerCache';
import type { ReadBudget } from './http/readBudget';
import type { CurrentPasswordGuard } from './services/currentPasswordLimit';
import type { Passwords } from './services/passwords';
import type { PaymentGateway } from './services/payments/gateway';
import type { Mailer } from './services/mail/transport';
import type { FileStore } from './services/storage/fileStore';
import type { InFlightLimit } from './http/inFlightLimit';
import type { ImageCleaner } from './services/images';

export interface AppContext {
  db: Db;
  database: Database;
  jwt: JwtKeys;
  /** The card/ACH processor (the sandbox unless BuildServerOptions.paymentGateway says otherwise). */
  payments: PaymentGateway;
  /** Where uploads' and certificates' bytes live: the database rows, or S3 (services/storage). */
  files: FileStore;
  /** Outgoing mail: SMTP, or captured to files (server/services/mail). */
  mailer?: Mailer;
  /** Password checks and hashes, a few at a time (services/passwords.ts). */
  passwords: Passwords;
  /** Remembered answers of the hot reads, under the company's orders version (http/answerCache.ts). */
  answers: AnswerCache;
  /** Per-account reads and pulls (http/readBudget.ts): a route calls `pull` right before it runs a pull query. */
  readBudget: ReadBudget;
  /** preHandler of the card-entry routes (tokenize, authorize a new card): a per-account limit. */
  cardEntryGuard: (request: FastifyRequest) => Promise<void>;
  /** Wrong current passwords on a settings change, per account (services/currentPasswordLimit.ts). */
  currentPasswordGuard: CurrentPasswordGuard;
  /** Upload images checked and re-encoded, a few decodes at a time (services/images.ts). */
  images: ImageCleaner;
  /** Upload requests of one account at once, in this process (http/inFlightLimit.ts). */
  uploadsInFlight: InFlightLimit;
  /** The online basemap the app draws (MAP_STYLE_URL): told with the order map; null means the shipped one only. */
  basemap: { styleUrl: string | null };
}
