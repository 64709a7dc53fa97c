import { describe, expect, it } from 'vitest';
import { dayIn, dueSoon, nextDay, type ScheduledFields } from '../../src/domain';

// Calendar days in the driver's zone with Intl (src/domain/zonedDays.ts): what the sync worker
// needs of dates without a date library.

const NY = 'America/New_York';
const UTC = 'UTC';

const row = (id: string, scheduled_date: string | null, is_scheduled_for_delivery = true): ScheduledFields => ({
  id,
  scheduled_date,
  is_scheduled_for_delivery,
});

describe('days in a zone', () => {
  it('names the day an instant falls on in the zone, and the day after across months and years', () => {
    expect(dayIn(Date.parse('2026-01-06T04:30:00.000Z'), NY)).toBe('2026-01-05');
    expect(dayIn(Date.parse('2026-01-06T04:30:00.000Z'), UTC)).toBe('2026-01-06');
    expect(dayIn(0, 'Mars/Olympus_Mons')).toBeNull();
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('orders due soon (the sync worker fetches their details first)', () => {
  // Monday 2026-03-09, 23:30 in New York (Tuesday 03:30 UTC).
  const now = Date.parse('2026-03-10T03:30:00.000Z');

  it("takes today's, tomorrow's and overdue scheduled orders, soonest first, in the driver's zone", () => {
    const items = [
      row('day-after', '2026-03-11T05:00:00.000Z'), // Wednesday 01:00 in New York
      row('tomorrow-late', '2026-03-11T03:59:00.000Z'), // Tuesday 23:59 in New York
      row('today', '2026-03-09T14:00:00.000Z'),
      row('overdue', '2026-03-01T14:00:00.000Z'),
      row('tomorrow', '2026-03-10T13:00:00.000Z'),
      row('unscheduled', '2026-03-09T14:00:00.000Z', false),
      row('no-date', null),
    ];
    expect(dueSoon(items, now, NY).map((i) => i.id)).toEqual(['overdue', 'today', 'tomorrow', 'tomorrow-late']);
    // In UTC it is already Tuesday: Wednesday's order is tomorrow's there.
    expect(dueSoon(items, now, UTC).map((i) => i.id)).toEqual(['overdue', 'today', 'tomorrow', 'tomorrow-late', 'day-after']);
  });

  it('ends tomorrow at midnight in the zone, across a change of daylight saving time', () => {
    // Saturday 2026-03-07 in New York; Sunday the clocks go forward (a 23-hour day).
    const saturday = Date.parse('2026-03-07T17:00:00.000Z');
    const items = [row('sunday-late', '2026-03-09T03:59:00.000Z'), row('monday', '2026-03-09T04:00:00.000Z')];
    expect(dueSoon(items, saturday, NY).map((i) => i.id)).toEqual(['sunday-late']);
  });
});

describe('orders due soon in a zone Intl does not know', () => {
  it("falls back to the system's zone, as the schedule screens do", () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const items = [row('overdue', '2026-03-01T12:00:00.000Z'), row('next-week', '2026-03-17T12:00:00.000Z')];
    expect(dueSoon(items, now, 'Mars/Olympus_Mons').map((i) => i.id)).toEqual(['overdue']);
  });
});
