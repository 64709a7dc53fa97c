// Small helpers the profile area's route modules share.
import * as v from 'valibot';
import { issuesMessage, parseIdText } from '../../../src/domain';
import { HttpError } from '../../http/errors';

/** valibot issues → 400 InvalidRequest naming the first bad field ("email: Enter a valid email"). */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  throw new HttpError(400, 'InvalidRequest', issuesMessage(parsed.issues));
}

/** A positive int4 id from a query value, or null when absent/empty; 400 when malformed. */
export function optionalIdParam(value: unknown, name: string): number | null {
  if (value === undefined || value === '') return null;
  const id = parseIdText(value);
  if (id === null) throw new HttpError(400, 'InvalidRequest', `${name} must be a positive integer`);
  return id;
}

/** Postgres 23505, bare or wrapped by drizzle (DrizzleQueryError.cause). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
