// HTTP glue shared by the payment routes: gateway outcome → status + SPEC §8 identifier,
// body validation with SPEC §5's field texts, the traceId every /api/payments error carries
// (SPEC §7: clients accept every status and recognise an error by traceId), and an
// Idempotency-Key request hash that never covers a PAN or a CVV.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { paymentFieldErrors, type ErrorCode } from '../../../src/domain';
import { HttpError } from '../../http/errors';
import { liftSecrets } from '../cardSecrets';
import type { CardAuthResult, GatewayFailure, SavedCard, TransactionResult } from './gateway';

/** Status codes (documented in README.md): 400 input, 402 declined, 404 unknown id, 409 state, 503 processor. */
export function failureStatus(failure: GatewayFailure): { status: number; code: ErrorCode } {
  switch (failure) {
    case 'InvalidCreditCardNumber':
    case 'InvalidExpiration':
    case 'InvalidAccountNumber':
    case 'InvalidAmount':
    case 'AmountExceedsAuthorized':
    case 'RefundExceedsCaptured':
      return { status: 400, code: failure };
    case 'CardExpired':
    case 'CardDeclined':
    case 'InsufficientFunds':
    case 'InvalidCvv':
      return { status: 402, code: failure };
    case 'TransactionNotFound':
    case 'ProfileNotFound':
    case 'TokenNotFound':
      return { status: 404, code: 'NotFound' };
    case 'InvalidTransactionState':
      return { status: 409, code: 'InvalidTransactionState' };
    case 'ProcessorUnavailable':
      return { status: 503, code: 'PaymentProcessorUnavailable' };
  }
}

/** A declined / refused gateway answer as an error; "not found" says nothing more. */
export function gatewayError(result: TransactionResult): HttpError {
  const { status, code } = failureStatus(result.failure ?? 'CardDeclined');
  if (code === 'NotFound') return new HttpError(404, 'NotFound');
  return new HttpError(status, code, result.message, { retref: result.retref, respcode: result.respCode });
}

/** Parses with a payments schema; 400 naming the first field, plus every field's text. */
export function parseBody<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return parsed.output;
  const fields = paymentFieldErrors(parsed.issues);
  const [field, text] = Object.entries(fields)[0] ?? ['', 'The request is not valid'];
  throw new HttpError(400, 'InvalidRequest', field ? `${field}: ${text}` : text, { fields });
}

/**
 * Route-level onSend for /api/payments/*: any error answer (ours, auth's, the body
 * parser's, Idempotency-Key's) gets a traceId, logged with its status so support can find it.
 */
export function addTraceId(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return Promise.resolve(payload);
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (typeof body.traceId === 'string') return Promise.resolve(payload);
    const traceId = randomUUID();
    request.log.info({ traceId, status: reply.statusCode, error: body.error }, 'payment call failed');
    return Promise.resolve(JSON.stringify({ traceId, ...body }));
  } catch {
    return Promise.resolve(payload);
  }
}

// ── Card secrets out of request.body ────────────────────────────────────────────────────
// The global Idempotency-Key hook stores an unkeyed sha256 of request.body; with the billing
// fields, amount and expiry stored elsewhere, a hash over a PAN and CVV could be brute-forced
// back to them (PCI DSS 3.5). So a route-level preValidation hook (which runs before that
// preHandler) lifts the secrets out of the body: a CVV becomes nothing, a PAN or bank account
// its length and last four, a token stays. The handler reads the real values back.

const lifted = new WeakMap<FastifyRequest, Record<string, unknown>>();

export function liftCardSecrets(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const body = request.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const { safe, secrets } = liftSecrets(body as Record<string, unknown>);
    lifted.set(request, secrets);
    request.body = safe;
  }
  done();
}

/** The body as the client sent it (secrets put back); only handlers call this. */
export function bodyWithSecrets(request: FastifyRequest): unknown {
  const secrets = lifted.get(request);
  const body = request.body;
  if (!secrets || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return { ...(body as Record<string, unknown>), ...secrets };
}

const dollars = (amount: number): string => amount.toFixed(2);

/** Success body of a card authorization (auth-new-card, auth-profile). */
export function cardAuthBody(result: CardAuthResult): Record<string, unknown> {
  return {
    approved: true,
    retref: result.retref,
    auth_code: result.authCode,
    resp_code: result.respCode,
    message: result.message,
    status: result.status,
    amount: dollars(result.amount),
    order_number: result.orderNumber,
    profile_id: result.profileId,
    token: result.token,
    brand: result.brand,
    first_four_digits: result.firstFour,
    last_four_digits: result.lastFour,
  };
}

export function transactionBody(result: TransactionResult, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    approved: true,
    retref: result.retref,
    resp_code: result.respCode,
    message: result.message,
    status: result.status,
    amount: dollars(result.amount),
    order_number: result.orderNumber,
    ...extra,
  };
}

export function savedCardBody(card: SavedCard): Record<string, unknown> {
  return {
    profile_id: card.profileId,
    token: card.token,
    brand: card.brand,
    first_four_digits: card.firstFour,
    last_four_digits: card.lastFour,
    expiration: card.expiration,
    name: card.name,
    billing_zip: card.billingZip,
    customer_order_id: card.customerOrderId,
  };
}
