// What a database error means, for the writers that turn one into an answer.

/** Postgres 23505 (unique violation), bare or wrapped by drizzle (DrizzleQueryError.cause). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
