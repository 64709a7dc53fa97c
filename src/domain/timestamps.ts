import * as v from 'valibot';

// A moment a body names (a delivery's times, a schedule date, a pull checkpoint) is an ISO
// timestamp with a zone, on a day the calendar has, in a year PostgreSQL's timestamptz and
// JavaScript's Date read alike. valibot's pattern alone let 2026-02-30 through (stored as
// 2 March) and year 0000 (a 500 from the database, which the outbox retried for ever).

const FIRST_YEAR = 1970;

/** The text's calendar date exists and its year is 1970 or later (the pattern caps it at 9999). */
export function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined || y < FIRST_YEAR) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An ISO timestamp with a zone on a real calendar day (messages: valibot's, or `message`). */
export function timestampSchema(message?: string, calendarMessage = message ?? `must be a real calendar date in ${FIRST_YEAR} or later`) {
  return v.pipe(v.string(), v.isoTimestamp(message), v.check(isCalendarDate, calendarMessage));
}

export const TimestampSchema = timestampSchema();
