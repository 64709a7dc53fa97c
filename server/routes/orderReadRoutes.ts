// What the order read routes share: the delivery details route of each kind (one order, or a
// checkpoint pull of the driver's orders, DESIGN §6).
import { ID_QUERY_MESSAGE, type EndpointKey, type OrderKind } from '../../src/domain';
import { invalid } from '../http/errors';
import type { RouteInput } from '../http/registrar';
import { pullDeliveryDetails, deliveryDetails } from '../services/orderDetails';
import { decodePull, type PullQuery } from '../services/orderPull';

type DetailsInput = Omit<RouteInput<EndpointKey>, 'query'> & { query: PullQuery & Record<string, unknown> };

/**
 * GET delivery details of one kind: `?{idParam}=N` for one order, or a pull with
 * `?checkpoint=&limit=`. A pull is asked when the address names no id but a checkpoint or a
 * limit, even empty (`?checkpoint=` starts from nothing), as it was before the table parsed queries.
 */
export const deliveryDetailsOf = (kind: OrderKind, idParam: string) => async (input: DetailsInput) => {
  const { ctx, auth, query, request } = input;
  const named = request.query as Record<string, unknown>;
  if (named[idParam] === undefined && (named.checkpoint !== undefined || named.limit !== undefined)) {
    const pull = decodePull(query);
    await ctx.readBudget.pull(request);
    return pullDeliveryDetails(ctx.db, auth, kind, pull, ctx.database.kind === 'pglite');
  }
  const id = query[idParam];
  if (typeof id !== 'number') throw invalid(`${idParam} ${ID_QUERY_MESSAGE}`);
  return deliveryDetails(ctx.db, auth, kind, id);
};
