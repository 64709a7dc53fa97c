// JSON bodies: Fastify's own parser (prototype poisoning refused, empty body refused), after
// a nesting-depth check. No request of ours nests deeper than a few levels, while a 1 MB
// body of brackets would overflow the stack of every recursive walker after it (the
// Idempotency-Key hash, valibot, jsonb): 400 here instead of a 500 there. A string PostgreSQL
// cannot store as sent (a NUL, half of a surrogate pair: src/domain/text.ts) is refused too, in
// any field or key: in jsonb it failed the insert as a 500, which the phone retried for ever;
// in text it was stored changed. The app's phone queues such text already made storable.
import type { FastifyInstance } from 'fastify';
import { isStorableText } from '../../src/domain/text';
import { HttpError } from './errors';

export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects/arrays in a JSON text (strings skipped), without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return max;
}

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(new HttpError(400, 'InvalidRequest', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    void parse(request, text, (error, value) => {
      if (!error && holdsUnstorableText(value))
        done(new HttpError(400, 'InvalidRequest', 'The JSON body holds a NUL character or half of a surrogate pair, which no field accepts'), undefined);
      else done(error, value);
    });
  });
}

/** Whether any string (or key) in a parsed JSON value is not storable as sent; depth is already bounded. */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, v]) => !isStorableText(key) || holdsUnstorableText(v));
  return false;
}
