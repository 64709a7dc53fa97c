// POST /secure/driver/generate_delivery_certificate {customer_order_id, use_report2} (SPEC §7):
// renders the delivered order's certificate (once per layout) and answers, as text, the URL
// to download it with the bearer token: GET /files/certificates/<guid>.pdf (same company only).
// Failures are 4xx {error, message} like every call, and the message starts with "ERROR:" so
// a client that reads the answer as text (SPEC §7) recognises it too.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { CERTIFICATE_PATH, GenerateCertificateBodySchema, TIME_ZONE_HEADER } from '../../src/domain';
import type { AppContext } from '../context';
import { deliveryCertificates } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import {
  certificateData, certificateError, certificateUrl, existingCertificate, findDelivery, renderCertificate, storeCertificate,
} from '../services/certificates';
import { shapeMessage } from '../services/deliveries';
import { canonicalJson, requestHash, runIdempotent } from '../services/idempotency';

const CERTIFICATE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/;

export function certificateRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(CERTIFICATE_PATH, {
    config: {
      summary: 'Render the delivery certificate of a delivered customer order → text: its download URL',
      bodySchema: GenerateCertificateBodySchema,
      responseSchema: v.pipe(v.string(), v.description('text/plain: /files/certificates/<guid>.pdf; failures are 4xx {error, message} with an "ERROR:" message')),
    },
  }, async (request, reply) => {
    const auth = authOf(request);
    const parsed = v.safeParse(GenerateCertificateBodySchema, request.body);
    if (!parsed.success) throw certificateError(400, shapeMessage(parsed.issues));
    const body = parsed.output;
    const layout = body.use_report2 ? 'report2' : 'report1';
    const zoneHeader = request.headers[TIME_ZONE_HEADER];
    const timeZone = typeof zoneHeader === 'string' && zoneHeader.length <= 64 ? zoneHeader : null;
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      hash: () => requestHash('POST', CERTIFICATE_PATH, canonicalJson(request.body)),
      work: async (complete) => {
        const found = await findDelivery(ctx.db, auth, body.customer_order_id);
        const existing = await existingCertificate(ctx.db, found.deliveryId, layout);
        if (existing) return { status: 200, body: certificateUrl(existing) };
        let bytes: Buffer;
        try {
          bytes = await renderCertificate(await certificateData(ctx.db, auth, found, layout, timeZone));
        } catch (err) {
          if (err instanceof HttpError) throw err;
          request.log.error({ err, orderId: found.orderId }, 'certificate rendering failed');
          throw certificateError(500, 'Failed to generate delivery certificate');
        }
        const url = await ctx.db.transaction(async (tx) => {
          const out = certificateUrl(await storeCertificate(tx, auth, found, layout, bytes));
          await complete(tx, 200, out);
          return out;
        });
        return { status: 200, body: url };
      },
    });
  });

  app.get('/files/certificates/:name', { config: { summary: 'A delivery certificate PDF (bearer token, same company only)' } }, async (request, reply) => {
    const auth = authOf(request);
    const { name } = request.params as { name: string };
    const guid = CERTIFICATE_FILE.exec(name)?.[1];
    if (!guid) throw notFound();
    const [file] = await ctx.db.select({ bytes: deliveryCertificates.bytes }).from(deliveryCertificates)
      .where(and(eq(deliveryCertificates.guid, guid), eq(deliveryCertificates.companyId, auth.company_id)));
    if (!file) throw notFound();
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', `inline; filename="delivery-certificate-${guid}.pdf"`)
      .send(file.bytes);
  });
}
