// Fastify hooks of the card routes (/api/payments/*, /secure/cardconnect/*): card secrets out
// of request.body before the Idempotency-Key hook hashes it, and the traceId every
// /api/payments error carries (SPEC §7: clients accept every status and recognise an error by
// traceId).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { liftSecrets } from '../services/cardSecrets';

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
// its length and last four, a token stays. The handler's body (the registrar's `bodyOf`) has
// the real values back.

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

/** The body as the client sent it (secrets put back); only the handler's parse reads this. */
export function bodyWithSecrets(request: FastifyRequest): unknown {
  const secrets = lifted.get(request);
  const body = request.body;
  if (!secrets || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return { ...(body as Record<string, unknown>), ...secrets };
}
