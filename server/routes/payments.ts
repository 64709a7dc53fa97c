// The payments API (SPEC §7 "Payments API", DESIGN §6 /api/payments/* as POST; saved-card
// details is a GET) and the driver app's card calls on /secure/cardconnect. Bearer token;
// every /api/payments error answers {traceId, error, message} (statuses in
// server/services/payments/README.md). The work is services/payments/calls.ts and
// cardconnect.ts; here only the hooks: card secrets lifted out of the body before the
// Idempotency-Key hook hashes it, the card-entry limit, the traceId.
import type { preHandlerAsyncHookHandler, RouteShorthandOptions } from 'fastify';
import { PAYMENTS_API } from '../../src/domain';
import { addTraceId, bodyWithSecrets, liftCardSecrets } from '../http/paymentHooks';
import { route, type RouteDef } from '../http/registrar';
import { authorizeNewCard, authorizeProfile, capture, captureCheck, refund, savedCard, tokenize } from '../services/payments/calls';
import { authorizeCardForOrder } from '../services/payments/cardconnect';
import { paymentInvalid } from '../services/payments/outcomes';

/** A card body: secrets lifted before the key is hashed, read back for the schema; refusals in the payments' words. */
const cardBody = { bodyOf: bodyWithSecrets, invalidInput: paymentInvalid };
const payments = (options: RouteShorthandOptions = {}) => ({ options: { onSend: addTraceId, ...options }, invalidInput: paymentInvalid });

/** The routes; `cardEntry` is the per-account card-entry limit of the routes a card number is typed into. */
export function paymentRouteList(cardEntry: preHandlerAsyncHookHandler): RouteDef[] {
  const entering = { preValidation: liftCardSecrets, preHandler: [cardEntry] };
  return [
    route(`POST ${PAYMENTS_API.authNewCard}`, (input) => authorizeNewCard(input.ctx, input.auth, input.body, input.complete), {
      ...payments(entering),
      ...cardBody,
    }),
    route(`POST ${PAYMENTS_API.authProfile}`, (input) => authorizeProfile(input.ctx, input.auth, input.body, input.complete), {
      ...payments({ preValidation: liftCardSecrets }),
      ...cardBody,
    }),
    route(`POST ${PAYMENTS_API.captureCheckPayment}`, (input) => captureCheck(input.ctx, input.auth, input.body, input.complete), {
      ...payments({ preValidation: liftCardSecrets }),
      ...cardBody,
    }),
    route(`POST ${PAYMENTS_API.capturePayment}`, (input) => capture(input.ctx, input.auth, input.body, input.complete), {
      ...payments({ preValidation: liftCardSecrets }),
      ...cardBody,
    }),
    route(`POST ${PAYMENTS_API.refundRequest}`, (input) => refund(input.ctx, input.auth, input.body, input.complete), {
      ...payments({ preValidation: liftCardSecrets }),
      ...cardBody,
    }),
    route(`POST ${PAYMENTS_API.tokenize}`, (input) => tokenize(input.ctx, input.auth, input.body.account, input.complete), {
      ...payments(entering),
      ...cardBody,
    }),
    route(`GET ${PAYMENTS_API.savedCardDetails}`, (input) => savedCard(input.ctx, input.auth, input.query.profile_id), payments()),
    // The driver app's calls: the server's usual {error, message}, no traceId.
    route(`POST ${PAYMENTS_API.cardconnectAuthNewCard}`, (input) => authorizeCardForOrder(input.ctx, input.auth, input.body, input.complete), {
      options: entering,
      ...cardBody,
    }),
    route(`POST ${PAYMENTS_API.cardconnectProfileInquiry}`, (input) => savedCard(input.ctx, input.auth, input.body.profile_id), {
      invalidInput: paymentInvalid,
    }),
  ];
}
