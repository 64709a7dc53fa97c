// HSTS only for requests that really arrived over TLS: a plain-http localhost server must
// not pin browsers to https. Behind a TLS-terminating proxy, X-Forwarded-Proto counts only
// when TRUST_PROXY is set (Fastify's trustProxy); otherwise anyone could send the header.
import type { FastifyInstance } from 'fastify';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function installTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    return payload;
  });
}

/** TRUST_PROXY=1|true|yes|on trusts the proxy in front (its X-Forwarded-* headers). */
export function trustProxyFromEnv(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}
