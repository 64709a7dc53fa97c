// Checkpoint pulls over a company's orders (DESIGN §6), ordered by (updated_at, id).
// Without a checkpoint: the driver's live orders. With one: every company order changed
// since, live ones as documents and the rest as tombstones (delivered, reassigned away,
// cancelled); a tombstone for an order the client never had is harmless.
import {
  PULL_LIMIT_DEFAULT,
  decodeCheckpoint,
  encodeCheckpoint,
  orderKey,
  parseOrderKey,
  type Checkpoint,
  type OrderKind,
  type OrderListItem,
  type Pulled,
  type PullResponse,
  type TokenClaims,
} from '../../src/domain';
import type { Db } from '../db/client';
import { invalid } from '../http/errors';
import { countOrderPage, selectOrderPage, type OrderPageQuery, type PageColumns } from '../repositories/orderPages';
import { orderListColumns, type OrderListRow, type OrderViewRow } from '../repositories/orders';
import { isLiveFor, toOrderListItem } from './orderViews';

/** The pull query as the endpoint table parses it (`checkpoint` still its base64url text). */
export interface PullQuery {
  checkpoint?: string;
  limit?: number;
}

/** A pull query decoded: where the page starts (null: the driver's live orders) and its size. */
export interface DecodedPull {
  after: { checkpoint: Checkpoint; id: number } | null;
  limit: number;
}

/** Decodes the checkpoint (400 when it is not one this server wrote) and applies the default limit. */
export function decodePull(query: PullQuery): DecodedPull {
  const limit = query.limit ?? PULL_LIMIT_DEFAULT;
  if (query.checkpoint === undefined) return { after: null, limit };
  const checkpoint = decodeCheckpoint(query.checkpoint);
  const key = checkpoint ? parseOrderKey(checkpoint.id) : null;
  if (!checkpoint || !key) throw invalid('checkpoint is not valid');
  return { after: { checkpoint, id: key.id }, limit };
}

/** What a pull asked, whatever the address's spelling (the order list's answer-cache variant). */
export function pullVariant(pull: DecodedPull): string {
  return `${pull.after ? encodeCheckpoint(pull.after.checkpoint) : ''}&${pull.limit}`;
}

/** Documents from rows one at a time, or per page (when they need more than the order row). */
export type DocumentMaker<T, R = OrderViewRow> = { toDocument: (row: R) => T } | { toDocuments: (rows: R[]) => Promise<T[]> };

/** What a pull needs of every row, whatever else its documents read. */
type PullRow = Pick<OrderViewRow, 'id' | 'kind' | 'driverId' | 'deliveredAt' | 'cancelledAt' | 'updatedAt'>;

export async function pullOrders<T, R extends PullRow = OrderViewRow>(
  db: Db,
  auth: TokenClaims,
  opts: {
    kind?: OrderKind;
    pull: DecodedPull;
    /** The columns the documents read (default the full order view); R is their row. */
    columns?: PageColumns;
    /** One connection serializes every statement (PGlite): the shared orders lock is left out. */
    serialized?: boolean;
  } & DocumentMaker<T, R>,
): Promise<PullResponse<T>> {
  const { after, limit } = opts.pull;
  const page: OrderPageQuery = {
    companyId: auth.company_id,
    driverId: auth.account_id,
    kind: opts.kind,
    after,
    limit,
    serialized: opts.serialized,
  };
  const rows = await selectOrderPage<R>(db, page, opts.columns);
  const live = rows.filter((row) => isLiveFor(row, auth.account_id));
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
    checkpoint: last ? { updated_at: last.updatedAt.toISOString(), id: orderKey(last.kind, last.id) } : (after?.checkpoint ?? null),
  };
  // A first pull of more than one page says how many orders it brings (a progress figure,
  // counted after the page was read, so it may already include an order added since).
  if (!after && rows.length >= limit) response.total = (await countOrderPage(db, page)) ?? rows.length;
  return response;
}

/** A page of the caller's order list (GET /api/driver/order-list): the list's own columns only. */
export function pullOrderList(db: Db, auth: TokenClaims, pull: DecodedPull, serialized: boolean): Promise<PullResponse<OrderListItem>> {
  return pullOrders<OrderListItem, OrderListRow>(db, auth, { pull, columns: orderListColumns, serialized, toDocument: toOrderListItem });
}
