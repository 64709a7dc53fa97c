// HSTS only for requests that really arrived over TLS: a plain-http localhost server must
// not pin browsers to https. Behind a TLS-terminating proxy, X-Forwarded-Proto counts only
// when TRUST_PROXY is set (Fastify's trustProxy); otherwise anyone could send the header.
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function installTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    return payload;
  });
}

/**
 * Which proxies' X-Forwarded-For/-Proto count (Fastify's trustProxy): false (none), a number
 * of hops, or the proxies' addresses (IPs, CIDRs, or proxy-addr's `loopback`, `linklocal`,
 * `uniquelocal`). Never Fastify's `true`: that takes the LEFT-most X-Forwarded-For, which the
 * client writes itself (nginx's $proxy_add_x_forwarded_for appends to it), so a client behind
 * the proxy could pick a new address per sign-in and dodge the per-address limit (issue 20).
 */
export type TrustProxy = false | number | string[];

/**
 * Fastify's trustProxy for a TrustProxy. A hop count becomes a function: Fastify 5.12 answers
 * a bare number by trusting nothing (it cannot check the peer is a proxy). Hops trust the
 * socket's peer and the N-1 addresses the proxies appended before it, so the client is the
 * N-th from the right; only right if every request comes through the proxies (say so where
 * the server is also reachable directly: then list the proxies' addresses instead).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust !== 'number') return trust.length === 0 ? false : trust;
  if (trust <= 0) return false;
  return (_address, hop) => hop < trust;
}

const YES = ['true', 'yes', 'on'];
const NO = ['', '0', 'false', 'no', 'off'];
const NAMED = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset/`0`/`false` trusts no proxy; `N` (or `true`/`yes`/`on`, meaning 1) trusts N
 * hops in front of the server (the client is the N-th address from the right of
 * X-Forwarded-For); a comma/space separated list trusts the proxies at those addresses. Anything
 * else stops the start with a message rather than guessing.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (NO.includes(text)) return false;
  if (YES.includes(text)) return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 16) throw new Error(`TRUST_PROXY: ${hops} hops is not a proxy chain (give the number of proxies in front, e.g. 1)`);
    return hops;
  }
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const bad = entries.filter((entry) => !NAMED.includes(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a number of hops (e.g. 1) or the proxies' addresses (IPs or CIDRs, comma separated); not ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    );
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
