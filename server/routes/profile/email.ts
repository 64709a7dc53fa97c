// POST /send-email (SPEC §7) and the office-admin "customer order delivered" report call
// (services/email.ts). Dates in the emails are the x-time-zone header's zone's.
import type { FastifyRequest } from 'fastify';
import { PROFILE_API } from '../../../src/domain';
import type { AppContext } from '../../context';
import { readIdempotencyKey } from '../../http/keyedAnswers';
import { route } from '../../http/registrar';
import { reportDeliveredToOfficeAdmins, sendEmail, type EmailDeps } from '../../services/email';
import { zoneOf } from './shared';

const deps = ({ ctx, request }: { ctx: AppContext; request: FastifyRequest }): EmailDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  files: ctx.files,
  zone: zoneOf(request),
  log: request.log,
});

export const EMAIL_ROUTES = [
  route(`POST ${PROFILE_API.sendEmail}`, (input) => sendEmail(deps(input), input.auth, input.body)),
  route(`POST ${PROFILE_API.emailOfficeAdminCustomerOrderDelivered}`, (input) =>
    reportDeliveredToOfficeAdmins(deps(input), input.auth, input.body.customer_order_id, readIdempotencyKey(input.request)),
  ),
];
