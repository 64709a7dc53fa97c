import * as v from 'valibot';

// Ids are PostgreSQL int4 serials: 1..MAX_ID. The one place that bound is written; every
// schema and parser of an id (bodies, query strings, the endpoint table) takes it from here.

export const MAX_ID = 2_147_483_647;

/** A positive int4 id; `message` replaces valibot's texts where a SPEC text is wanted. */
export function idSchema(message?: string) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message));
}

export const IdSchema = idSchema();

/** An id written in a query string ("42"), or null when it is not one. */
export function parseIdText(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
