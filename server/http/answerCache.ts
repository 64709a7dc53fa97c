// Remembered answers of the hot reads (issue 10): the order list a phone pulls again and
// again. A read costs the database work, the JSON and the compression (~4 ms for 34 orders,
// ~40 ms for a page of 1,000 on PGlite); a remembered one costs one indexed lookup.
//
// An answer is remembered per account, request and accepted encoding, under the company's
// orders_version (migration 0012: triggers move it on every change to the company's orders
// or dealers, by whatever writer). Each read looks the version up first, so a change on any
// instance is seen on the very next read, and an answer produced while a change commits is
// at worst remembered under the older version, which no later read asks for.
// In process memory, least recently used first out, bounded in bytes.
// The request is named by the route from its parsed query (`variant`), never by the address:
// `?nocache=<n>` (refused anyway, http/queryCheck.ts), another order of the parameters or an
// empty `limit=` would each have been a miss and a new entry (issue 20 item 7).
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import { authOf } from './auth';
import { addVary, encodeFor, pickEncoding, type Encoding } from './compression';

interface Remembered {
  version: number;
  body: Buffer;
  encoding: Encoding | null;
}

export interface AnswerCacheStats {
  hits: number;
  /** Answers produced (none remembered, or remembered under an older version). */
  misses: number;
  entries: number;
  bytes: number;
}

export interface AnswerCache {
  /**
   * Sends the remembered answer of this account's `variant` (the route's canonical form of what
   * it was asked: the parsed query) when the company's orders are unchanged since; else
   * produces, remembers and sends it.
   */
  send(request: FastifyRequest, reply: FastifyReply, variant: string, produce: () => Promise<unknown>): Promise<FastifyReply>;
  /** Counts since start (tests, measurements). */
  stats(): AnswerCacheStats;
}

export function createAnswerCache(db: Db, maxBytes = 64 * 1024 * 1024): AnswerCache {
  const entries = new Map<string, Remembered>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const forget = (key: string): void => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.body.length;
  };
  const remember = (key: string, value: Remembered): void => {
    forget(key);
    if (value.body.length > maxBytes / 4) return; // one answer never pushes out most of the rest (and 0 remembers none)
    entries.set(key, value);
    bytes += value.body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };
  const versionOf = async (companyId: number): Promise<number> => {
    const [row] = await db.select({ v: companies.ordersVersion }).from(companies).where(eq(companies.id, companyId));
    return row?.v ?? -1;
  };
  const sendBody = (reply: FastifyReply, { body, encoding }: Remembered): FastifyReply => {
    reply.header('content-type', 'application/json; charset=utf-8');
    addVary(reply);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };
  return {
    async send(request, reply, variant, produce) {
      const auth = authOf(request);
      const accept = request.headers['accept-encoding'];
      const key = `${auth.account_id}\n${request.routeOptions.url ?? ''}\n${variant}\n${pickEncoding(accept) ?? ''}`;
      const version = await versionOf(auth.company_id);
      const hit = entries.get(key);
      if (hit?.version === version) {
        // Most recently used last: re-inserted.
        entries.delete(key);
        entries.set(key, hit);
        hits += 1;
        return sendBody(reply, hit);
      }
      misses += 1;
      const answer = await produce();
      const encoded = await encodeFor(accept, Buffer.from(JSON.stringify(answer)));
      const value = { version, ...encoded };
      remember(key, value);
      return sendBody(reply, value);
    },
    stats: () => ({ hits, misses, entries: entries.size, bytes }),
  };
}
