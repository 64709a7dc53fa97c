// Checkpoint pulls over a company's orders (DESIGN §6), ordered by (updated_at, id).
// Without a checkpoint: the driver's live orders. With one: every company order changed
// since, live ones as documents and the rest as tombstones (delivered, reassigned away,
// cancelled); a tombstone for an order the client never had is harmless.
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  PULL_LIMIT_DEFAULT, PULL_LIMIT_MAX, decodeCheckpoint, orderKey, parseOrderKey,
  type Checkpoint, type Pulled, type PullResponse,
} from '../../src/domain';
import type { Db, Executor } from '../db/client';
import { dealers, orders, type OrderKindColumn } from '../db/schema';
import { HttpError } from '../http/errors';
import { isLiveFor, orderViewColumns, type OrderViewRow } from './orderViews';

// Writers of orders take this lock exclusively per company (lockCompanyOrders) and pulls take
// it shared, so a pull never reads past a change that is stamped but not yet committed.
const ORDERS_LOCK = 41;

export async function lockCompanyOrders(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORDERS_LOCK}, ${companyId})`);
}

export interface PullQuery {
  checkpoint: Checkpoint | null;
  limit: number;
}

/** True when the query asks for a pull rather than one order. */
export function wantsPull(query: Record<string, unknown>, idParam: string): boolean {
  return query[idParam] === undefined && (query.checkpoint !== undefined || query.limit !== undefined);
}

/** Reads `checkpoint` and `limit` query values; 400 on anything malformed. */
export function parsePullQuery(query: Record<string, unknown>): PullQuery {
  const rawCheckpoint = query.checkpoint;
  const rawLimit = query.limit;
  let checkpoint: Checkpoint | null = null;
  if (rawCheckpoint !== undefined && rawCheckpoint !== '') {
    checkpoint = typeof rawCheckpoint === 'string' ? decodeCheckpoint(rawCheckpoint) : null;
    if (!checkpoint || !parseOrderKey(checkpoint.id)) throw new HttpError(400, 'InvalidRequest', 'checkpoint is not valid');
  }
  let limit = PULL_LIMIT_DEFAULT;
  if (rawLimit !== undefined && rawLimit !== '') {
    limit = typeof rawLimit === 'string' && /^\d{1,5}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= PULL_LIMIT_MAX)) throw new HttpError(400, 'InvalidRequest', `limit must be 1 to ${PULL_LIMIT_MAX}`);
  }
  return { checkpoint, limit };
}

/** Documents from rows one at a time, or per page (when they need more than the order row). */
export type DocumentMaker<T, R = OrderViewRow> =
  | { toDocument: (row: R) => T }
  | { toDocuments: (rows: R[]) => Promise<T[]> };

/** What a pull needs of every row, whatever else its documents read. */
type PullRow = Pick<OrderViewRow, 'id' | 'kind' | 'driverId' | 'deliveredAt' | 'cancelledAt' | 'updatedAt'>;

export async function pullOrders<T, R extends PullRow = OrderViewRow>(db: Db, opts: {
  companyId: number;
  driverId: number;
  kind?: OrderKindColumn;
  query: PullQuery;
  /** The columns the documents read (default the full order view); R is their row. */
  columns?: Record<keyof R, unknown>;
  /**
   * One connection serializes every statement (PGlite): no writer can be half-way while the
   * pull reads, so the shared lock and its transaction (three more statements) are left out.
   */
  serialized?: boolean;
} & DocumentMaker<T, R>): Promise<PullResponse<T>> {
  const { companyId, driverId, query } = opts;
  const conditions: SQL[] = [eq(orders.companyId, companyId)];
  if (opts.kind) conditions.push(eq(orders.kind, opts.kind));
  if (query.checkpoint) {
    const afterId = parseOrderKey(query.checkpoint.id)?.id ?? 0;
    conditions.push(sql`(${orders.updatedAt}, ${orders.id}) > (${query.checkpoint.updated_at}::timestamptz, ${afterId}::int)`);
  } else {
    conditions.push(eq(orders.driverId, driverId), isNull(orders.deliveredAt), isNull(orders.cancelledAt));
  }
  // The columns object is the caller's; its rows are R (drizzle cannot follow a generic select).
  const columns = (opts.columns ?? orderViewColumns) as typeof orderViewColumns;
  const select = (ex: Executor) => ex.select(columns).from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(and(...conditions))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(query.limit);
  const rows = (opts.serialized
    ? await select(db)
    : await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${ORDERS_LOCK}, ${companyId})`);
      return select(tx);
    })) as unknown as R[];
  const live = rows.filter((row) => isLiveFor(row, driverId));
  const made = 'toDocuments' in opts ? await opts.toDocuments(live) : live.map(opts.toDocument);
  const byId = new Map(live.map((row, i) => [row.id, made[i]]));
  const documents: Pulled<T>[] = rows.map((row) => {
    const doc = byId.get(row.id);
    if (doc !== undefined) return { ...doc, _deleted: false as const };
    return { id: orderKey(row.kind, row.id), updated_at: row.updatedAt.toISOString(), _deleted: true as const };
  });
  const last = rows.at(-1);
  const response: PullResponse<T> = {
    documents,
    checkpoint: last ? { updated_at: last.updatedAt.toISOString(), id: orderKey(last.kind, last.id) } : query.checkpoint,
  };
  // A first pull of more than one page says how many orders it brings (a progress figure,
  // counted after the page was read, so it may already include an order added since).
  if (!query.checkpoint && rows.length >= query.limit) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(...conditions));
    response.total = counted?.n ?? rows.length;
  }
  return response;
}
