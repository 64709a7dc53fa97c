import * as v from 'valibot';

// Ids are PostgreSQL int4 serials: 1..MAX_ID. The one place that bound is written; every
// schema and parser of an id (bodies, query strings, the endpoint table) takes it from here.

export const MAX_ID = 2_147_483_647;

/** A positive int4 id; `message` replaces valibot's texts where a SPEC text is wanted. */
export function idSchema(message?: string) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message));
}

export const IdSchema = idSchema();

/** The millisecond a UUID v7 (RFC 9562) was made at, or null when the text is not one. */
export function uuidv7Ms(text: string): number | null {
  const match = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.exec(text);
  return match ? Number.parseInt(`${match[1]}${match[2]}`, 16) : null;
}

/** An id written in a query string ("42"), or null when it is not one. */
export function parseIdText(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
