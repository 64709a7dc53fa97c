import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateHeader, formatTime, groupScheduled, startOfDay, type ScheduledFields } from '../../src/domain';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const UTC = 'UTC';

const row = (id: string, scheduled_date: string | null, is_scheduled_for_delivery = true): ScheduledFields => ({
  id,
  scheduled_date,
  is_scheduled_for_delivery,
});
const shape = (groups: ReturnType<typeof groupScheduled>) => groups.map((g) => ({ title: g.title, relative: g.relative, ids: g.items.map((i) => i.id) }));

describe('SPEC §9 date header and time', () => {
  it('formats the day as abbreviated weekday, abbreviated month and day', () => {
    expect(formatDateHeader('2026-01-05T15:00:00.000Z', NY)).toBe('Mon, Jan 5');
    expect(formatDateHeader('2026-11-30T12:00:00.000Z', UTC)).toBe('Mon, Nov 30');
  });

  it('names the day the instant falls on in the zone, near midnight', () => {
    // 04:30 UTC on Tuesday is 23:30 on Monday in New York and 05:30 on Tuesday in Berlin.
    const nearMidnight = '2026-01-06T04:30:00.000Z';
    expect(formatDateHeader(nearMidnight, NY)).toBe('Mon, Jan 5');
    expect(formatDateHeader(nearMidnight, UTC)).toBe('Tue, Jan 6');
    expect(formatDateHeader(nearMidnight, BERLIN)).toBe('Tue, Jan 6');
    // A timestamp written with an offset reads the same.
    expect(formatDateHeader('2026-01-05T23:59:00-05:00', NY)).toBe('Mon, Jan 5');
    expect(formatDateHeader('2026-01-06T00:00:00-05:00', NY)).toBe('Tue, Jan 6');
  });

  it('formats the time 24-hour or 12-hour with am/pm, in the zone', () => {
    expect(formatTime('2026-01-06T04:30:00.000Z', NY, '24h')).toBe('23:30');
    expect(formatTime('2026-01-06T04:30:00.000Z', NY, '12h')).toBe('11:30 PM');
    expect(formatTime('2026-01-06T14:05:00.000Z', UTC, '12h')).toBe('02:05 PM');
    expect(formatTime('2026-01-06T09:05:00.000Z', UTC, '24h')).toBe('09:05');
  });

  it('gives nothing for a missing or unreadable date, and survives an unknown zone', () => {
    expect(formatDateHeader(null, NY)).toBe('');
    expect(formatDateHeader('not a date', NY)).toBe('');
    expect(formatTime(undefined, NY, '24h')).toBe('');
    expect(formatDateHeader('2026-01-05T15:00:00.000Z', 'Not/AZone')).toMatch(/^\w{3}, \w{3} \d{1,2}$/);
  });

  it('starts the day in the zone', () => {
    const now = Date.parse('2026-01-06T04:30:00.000Z');
    expect(new Date(startOfDay(now, NY)).toISOString()).toBe('2026-01-05T05:00:00.000Z');
    expect(new Date(startOfDay(now, UTC)).toISOString()).toBe('2026-01-06T00:00:00.000Z');
  });
});

describe('groupScheduled', () => {
  // Monday 23:30 in New York, already Tuesday 04:30 in UTC.
  const now = Date.parse('2026-01-06T04:30:00.000Z');
  const items = [
    row('co-7', '2026-01-09T13:00:00.000Z'),
    row('co-1', '2026-01-05T14:00:00.000Z'), // Mon 09:00 NY / Mon 14:00 UTC
    row('co-2', '2026-01-06T03:00:00.000Z'), // Mon 22:00 NY / Tue 03:00 UTC
    row('co-3', '2026-01-06T15:00:00.000Z'), // Tue 10:00 NY / Tue 15:00 UTC
    row('oio-4', '2026-01-03T15:00:00.000Z'), // Saturday: overdue everywhere
    row('mo-5', '2026-01-07T15:00:00.000Z', false), // unscheduled: left out
    row('mo-6', null), // scheduled with no date
  ];

  it('puts past days under Overdue, then each day soonest first, then the undated (New York)', () => {
    expect(shape(groupScheduled(items, now, NY))).toEqual([
      { title: 'Overdue', relative: null, ids: ['oio-4'] },
      { title: 'Mon, Jan 5', relative: 'today', ids: ['co-1', 'co-2'] },
      { title: 'Tue, Jan 6', relative: 'tomorrow', ids: ['co-3'] },
      { title: 'Fri, Jan 9', relative: null, ids: ['co-7'] },
      { title: 'Date not set', relative: null, ids: ['mo-6'] },
    ]);
  });

  it('moves the boundary with the zone: in UTC Monday is already overdue', () => {
    expect(shape(groupScheduled(items, now, UTC))).toEqual([
      { title: 'Overdue', relative: null, ids: ['oio-4', 'co-1'] },
      { title: 'Tue, Jan 6', relative: 'today', ids: ['co-2', 'co-3'] },
      { title: 'Fri, Jan 9', relative: null, ids: ['co-7'] },
      { title: 'Date not set', relative: null, ids: ['mo-6'] },
    ]);
  });

  it('counts an order due earlier today as today, not overdue', () => {
    const noon = Date.parse('2026-01-05T17:00:00.000Z'); // Monday 12:00 in New York
    const groups = groupScheduled([row('co-1', '2026-01-05T14:00:00.000Z')], noon, NY);
    expect(shape(groups)).toEqual([{ title: 'Mon, Jan 5', relative: 'today', ids: ['co-1'] }]);
  });

  it('orders one time by key and gives nothing for nothing scheduled', () => {
    const same = '2026-01-08T15:00:00.000Z';
    expect(shape(groupScheduled([row('mo-9', same), row('co-9', same)], now, NY))).toEqual([{ title: 'Thu, Jan 8', relative: null, ids: ['co-9', 'mo-9'] }]);
    expect(groupScheduled([row('co-1', '2026-01-08T15:00:00.000Z', false)], now, NY)).toEqual([]);
  });

  it('keeps every scheduled order once, in date order, one day per group (any zone, any input order)', () => {
    const zones = fc.constantFrom(NY, UTC, BERLIN, 'Pacific/Auckland', 'Pacific/Honolulu', 'Asia/Kolkata');
    const instant = fc.integer({ min: Date.parse('2025-12-01T00:00:00Z'), max: Date.parse('2026-04-30T00:00:00Z') });
    const rows = fc.uniqueArray(fc.record({ n: fc.nat(500), at: instant, scheduled: fc.boolean() }), { selector: (r) => r.n, maxLength: 30 });
    fc.assert(
      fc.property(rows, instant, zones, (raw, nowMs, zone) => {
        const input = raw.map((r) => row(`co-${r.n}`, new Date(r.at).toISOString(), r.scheduled));
        const groups = groupScheduled(input, nowMs, zone);
        const out = groups.flatMap((g) => g.items);
        expect(out.map((i) => i.id).sort()).toEqual(
          input
            .filter((i) => i.is_scheduled_for_delivery)
            .map((i) => i.id)
            .sort(),
        );
        const todayStart = startOfDay(nowMs, zone);
        for (const group of groups) {
          const times = group.items.map((i) => Date.parse(i.scheduled_date ?? ''));
          expect(times).toEqual([...times].sort((a, b) => a - b));
          if (group.kind === 'overdue') expect(times.every((t) => t < todayStart)).toBe(true);
          if (group.kind === 'day') {
            expect(times.every((t) => t >= todayStart)).toBe(true);
            expect(new Set(group.items.map((i) => formatDateHeader(i.scheduled_date, zone)))).toEqual(new Set([group.title]));
          }
        }
        const dayKeys = groups.filter((g) => g.kind === 'day').map((g) => g.key);
        expect(dayKeys).toEqual([...dayKeys].sort());
      }),
    );
  });
});
