// The handler every deliver call shares: the registrar checked the body against the table;
// the work is services/deliveries.ts deliverOrder, given what it needs of the request.
import type { EndpointKey } from '../../src/domain';
import { readIdempotencyKey } from '../http/keyedAnswers';
import type { RouteInput } from '../http/registrar';
import { deliverOrder, type CommonDeliverBody, type DeliverSpec } from '../services/deliveries';

export const deliverWith =
  <B extends CommonDeliverBody>(spec: DeliverSpec<B>) =>
  (input: Omit<RouteInput<EndpointKey>, 'body'> & { body: B }) =>
    deliverOrder(
      {
        db: input.ctx.db,
        payments: input.ctx.payments,
        complete: input.complete,
        idempotencyKey: readIdempotencyKey(input.request),
        log: input.request.log,
      },
      spec,
      input.auth,
      input.body,
    );
