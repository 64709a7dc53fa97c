// What the order read routes share: the order id query parameter, and the delivery details
// route of each kind (one order, or a checkpoint pull of the driver's orders, DESIGN §6).
import type { FastifyInstance } from 'fastify';
import { parseIdText, type TokenClaims } from '../../src/domain';
import type { AppContext } from '../context';
import type { OrderKindColumn } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError } from '../http/errors';
import { parsePullQuery, pullOrders, wantsPull, type DocumentMaker } from '../services/orderPull';
import { findDriverOrder } from '../services/orderReads';

/** A positive integer id from a query value; 400 otherwise (SPEC §5: an order id is required). */
export function parseOrderIdParam(value: unknown, name: string): number {
  const id = parseIdText(value);
  if (id === null) throw new HttpError(400, 'InvalidRequest', `${name} must be a positive integer`);
  return id;
}

/** GET delivery details of one kind: `?{idParam}=N` for one order, or a pull with `?checkpoint=&limit=`. */
export function deliveryDetailsRoute<T>(app: FastifyInstance, ctx: AppContext, opts: {
  path: string;
  kind: OrderKindColumn;
  idParam: string;
  documents: (auth: TokenClaims) => DocumentMaker<T>;
}): void {
  app.get(opts.path, async (request) => {
    const auth = authOf(request);
    const query = request.query as Record<string, unknown>;
    const maker = opts.documents(auth);
    if (wantsPull(query, opts.idParam)) {
      const pull = parsePullQuery(query);
      await ctx.readBudget.pull(request);
      return pullOrders(ctx.db, { companyId: auth.company_id, driverId: auth.account_id, kind: opts.kind, query: pull, serialized: ctx.database.kind === 'pglite', ...maker });
    }
    const row = await findDriverOrder(ctx.db, auth, opts.kind, parseOrderIdParam(query[opts.idParam], opts.idParam));
    const [details] = 'toDocuments' in maker ? await maker.toDocuments([row]) : [maker.toDocument(row)];
    return details;
  });
}
