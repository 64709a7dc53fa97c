// POST /secure/driver/generate_delivery_certificate {customer_order_id, use_report2} (SPEC §7):
// renders the delivered order's certificate (once per layout) and answers, as text, the URL
// to download it with the bearer token: GET /files/certificates/<guid>.pdf (same company only).
// Failures are 4xx {error, message} like every call, and the message starts with "ERROR:" so
// a client that reads the answer as text (SPEC §7) recognises it too.
import { CERTIFICATE_PATH, issuesMessage, TIME_ZONE_HEADER } from '../../src/domain';
import { route } from '../http/registrar';
import { certificateError, certificateFile, generateCertificate } from '../services/certificates';
import { sendStoredFile } from './storedFiles';

export const CERTIFICATE_ROUTES = [
  route(
    `POST ${CERTIFICATE_PATH}`,
    ({ ctx, auth, body, request, complete }) => {
      // A zone the certificate cannot use is UTC there, never a refusal.
      const zoneHeader = request.headers[TIME_ZONE_HEADER];
      const timeZone = typeof zoneHeader === 'string' && zoneHeader.length <= 64 ? zoneHeader : null;
      return generateCertificate({ db: ctx.db, files: ctx.files, complete, log: request.log }, auth, body, timeZone);
    },
    { invalidInput: (issues) => certificateError(400, issuesMessage(issues)) },
  ),

  route('GET /files/certificates/:name', async ({ ctx, auth, params, request, reply }) => {
    const file = await certificateFile(ctx.db, auth, params.name ?? '');
    return sendStoredFile(request, reply, ctx.files, {
      ref: file.ref,
      rowBytes: file.rowBytes,
      mime: 'application/pdf',
      disposition: `inline; filename="delivery-certificate-${file.guid}.pdf"`,
    });
  }),
];
