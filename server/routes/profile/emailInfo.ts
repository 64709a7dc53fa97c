// GET /api/driver/email-info/{kind} (SPEC §7 email-information lookups, DESIGN §6 paths).
import type { FastifyRequest } from 'fastify';
import { PROFILE_API, isEmailInfoKind, type EmailInfoKind } from '../../../src/domain';
import { notFound } from '../../http/errors';
import { route } from '../../http/registrar';
import { emailInfoFor } from '../../services/emailInfo';

const kindOf = (request: FastifyRequest): string => (request.params as { kind: string }).kind;

/** An unknown kind is an unknown path (404), before its query is judged. */
function knownKind(request: FastifyRequest, _reply: unknown, done: (err?: Error) => void): void {
  done(isEmailInfoKind(kindOf(request)) ? undefined : notFound());
}

export const EMAIL_INFO_ROUTES = [
  // The answer's interfaces have no index signature the table's loose objects infer: sent as an Outcome.
  route(
    `GET ${PROFILE_API.emailInfo}/:kind`,
    async (input) => ({
      status: 200,
      body: await emailInfoFor(input.ctx.db, input.auth, kindOf(input.request) as EmailInfoKind, input.query),
    }),
    { options: { preValidation: knownKind } },
  ),
];
