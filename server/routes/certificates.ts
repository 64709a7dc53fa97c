// POST /secure/driver/generate_delivery_certificate {customer_order_id, use_report2} (SPEC §7):
// renders the delivered order's certificate (once per layout) and answers, as text, the URL
// to download it with the bearer token: GET /files/certificates/<guid>.pdf (same company only).
// Failures are 4xx {error, message} like every call, and the message starts with "ERROR:" so
// a client that reads the answer as text (SPEC §7) recognises it too.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { CERTIFICATE_PATH, issuesMessage, requestSchemaOf, TIME_ZONE_HEADER } from '../../src/domain';
import type { AppContext } from '../context';
import { deliveryCertificates } from '../db/schema';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import {
  certificateData, certificateError, certificateRef, certificateUrl, existingCertificate, findDelivery, renderCertificate,
  saveCertificateFile, storeCertificate, type SavedCertificate,
} from '../services/certificates';
import { FileStoreUnavailable } from '../services/storage/fileStore';
import { sendStoredFile } from './storedFiles';
import { runIdempotent } from '../http/keyedAnswers';

const CERTIFICATE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/;

export function certificateRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(CERTIFICATE_PATH, async (request, reply) => {
    const auth = authOf(request);
    const parsed = v.safeParse(requestSchemaOf(`POST ${CERTIFICATE_PATH}`, 'bodySchema'), request.body);
    if (!parsed.success) throw certificateError(400, issuesMessage(parsed.issues));
    const body = parsed.output;
    const layout = body.use_report2 ? 'report2' : 'report1';
    const zoneHeader = request.headers[TIME_ZONE_HEADER];
    const timeZone = typeof zoneHeader === 'string' && zoneHeader.length <= 64 ? zoneHeader : null;
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => {
        const found = await findDelivery(ctx.db, auth, body.customer_order_id);
        const existing = await existingCertificate(ctx.db, found.deliveryId, layout);
        if (existing) return { status: 200, body: certificateUrl(existing) };
        let saved: SavedCertificate;
        try {
          const bytes = await renderCertificate(await certificateData(ctx.db, ctx.files, auth, found, layout, timeZone));
          saved = await saveCertificateFile(ctx.files, auth, bytes);
        } catch (err) {
          if (err instanceof HttpError) throw err;
          if (err instanceof FileStoreUnavailable) {
            request.log.error({ err, orderId: found.orderId }, 'certificate storage failed');
            throw certificateError(503, 'Failed to generate delivery certificate: the file store is unavailable, try again later');
          }
          request.log.error({ err, orderId: found.orderId }, 'certificate rendering failed');
          throw certificateError(500, 'Failed to generate delivery certificate');
        }
        const mine = certificateRef(auth.company_id, saved.guid);
        let winner: string;
        try {
          winner = await ctx.db.transaction(async (tx) => {
            const guid = await storeCertificate(tx, auth, found, layout, saved);
            await complete(tx, 200, certificateUrl(guid));
            return guid;
          });
        } catch (err) {
          await ctx.files.discard(mine);
          throw err;
        }
        if (winner !== saved.guid) await ctx.files.discard(mine); // another request stored this layout first
        return { status: 200, body: certificateUrl(winner) };
      },
    });
  });

  app.get('/files/certificates/:name', async (request, reply) => {
    const auth = authOf(request);
    const { name } = request.params as { name: string };
    const guid = CERTIFICATE_FILE.exec(name)?.[1];
    if (!guid) throw notFound();
    const [file] = await ctx.db.select({ bytes: deliveryCertificates.bytes, companyId: deliveryCertificates.companyId }).from(deliveryCertificates)
      .where(and(eq(deliveryCertificates.guid, guid), eq(deliveryCertificates.companyId, auth.company_id)));
    if (!file) throw notFound();
    return sendStoredFile(request, reply, ctx.files, {
      ref: certificateRef(file.companyId, guid), rowBytes: file.bytes, mime: 'application/pdf',
      disposition: `inline; filename="delivery-certificate-${guid}.pdf"`,
    });
  });
}
