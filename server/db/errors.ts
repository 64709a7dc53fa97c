// What a database error means, for the writers that turn one into an answer.

/**
 * Postgres 23505 (unique violation), bare or wrapped by drizzle (DrizzleQueryError.cause); of
 * `constraint` only, when named. An answer that means one rule (an order delivered once) must
 * not be given for another table's duplicate.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } } | null;
  const db = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return db !== null && (constraint === undefined || db.constraint === constraint);
}
