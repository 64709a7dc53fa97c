// GET /api/driver/sync-version (issue 24): the phone's "anything new?" before a pull.
import { ORDER_API } from '../../src/domain';
import { helmetHeadersOf } from '../http/errors';
import { route } from '../http/registrar';
import { matchesETag, syncVersion } from '../services/syncVersion';

export const SYNC_VERSION_ROUTES = [
  route(`GET ${ORDER_API.syncVersion}`, async ({ ctx, auth, query, request, reply }) => {
    const answer = await syncVersion(ctx.db, auth, query.environment, ctx.basemap);
    const etag = `"${answer.version}"`;
    reply.header('etag', etag);
    if (!matchesETag(request.headers['if-none-match'], etag)) return answer;
    // Nothing new: the idle phone's every run. A 304 carries no representation (RFC 9110
    // §15.4.5), so the security headers meant for a document are left off too (~650 bytes).
    for (const name of Object.keys(helmetHeadersOf(reply.getHeaders()))) reply.removeHeader(name);
    return reply.code(304).send();
  }),
];
