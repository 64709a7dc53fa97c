// The delivery log's filters in the address (SPEC §2): parsed, invalid values dropped,
// written back the same way, and sent to the server with empty values left out (SPEC §5).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeLogFilters,
  isDay,
  LOG_ORDER_TYPES,
  logFiltersFromSearch,
  logFiltersQuery,
  logFiltersToSearch,
  NO_LOG_FILTERS,
  sameLogFilters,
  toggleLogOrderType,
  type LogFilters,
} from '../../src/domain';

const parse = (qs: string): LogFilters => logFiltersFromSearch(new URLSearchParams(qs));

describe('delivery log filters', () => {
  it('reads dates and order types, repeated or comma-joined, in the canonical order', () => {
    expect(parse('')).toEqual(NO_LOG_FILTERS);
    expect(parse('startDate=2026-11-01&endDate=2026-11-23&orderTypes=new-build&orderTypes=off-lot')).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-23',
      orderTypes: ['off-lot', 'new-build'],
    });
    expect(parse('orderTypes=move-inventory,new-inventory,move-inventory').orderTypes).toEqual(['new-inventory', 'move-inventory']);
  });

  it('drops values that are not valid', () => {
    expect(parse('startDate=2026-02-30&endDate=yesterday&orderTypes=rush')).toEqual(NO_LOG_FILTERS);
    expect(parse('startDate=2026-13-01').startDate).toBeNull();
    // An end before the start is dropped; the start stays.
    expect(parse('startDate=2026-11-20&endDate=2026-11-01')).toEqual({ startDate: '2026-11-20', endDate: null, orderTypes: [] });
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
  });

  it('writes the address so that reading it back gives the same filters', () => {
    const day = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const filters = fc
      .record({
        startDate: fc.option(day, { nil: null }),
        endDate: fc.option(day, { nil: null }),
        orderTypes: fc.subarray([...LOG_ORDER_TYPES]),
      })
      .filter((f) => !(f.startDate && f.endDate && f.endDate < f.startDate));
    fc.assert(
      fc.property(filters, (f) => {
        const back = logFiltersFromSearch(new URLSearchParams(logFiltersToSearch(f).toString()));
        expect(back).toEqual(f);
        expect(sameLogFilters(back, f)).toBe(true);
      }),
    );
    expect(logFiltersToSearch({ startDate: '2026-11-01', endDate: null, orderTypes: ['off-lot', 'move-inventory'] }).toString()).toBe(
      'startDate=2026-11-01&orderTypes=off-lot&orderTypes=move-inventory',
    );
  });

  it('leaves empty values out of the server query and joins the types', () => {
    expect(logFiltersQuery(NO_LOG_FILTERS)).toEqual({ startDate: undefined, endDate: undefined, orderTypes: undefined });
    expect(logFiltersQuery({ startDate: null, endDate: '2026-11-23', orderTypes: ['new-build', 'off-lot'] })).toEqual({
      startDate: undefined,
      endDate: '2026-11-23',
      orderTypes: 'off-lot,new-build',
    });
  });

  it('toggles a type and describes the filters for the offline note', () => {
    const one = toggleLogOrderType(NO_LOG_FILTERS, 'new-inventory');
    expect(one.orderTypes).toEqual(['new-inventory']);
    expect(toggleLogOrderType(one, 'new-inventory').orderTypes).toEqual([]);
    expect(describeLogFilters(NO_LOG_FILTERS)).toBe('All order types · Any date');
    expect(describeLogFilters({ startDate: '2026-11-01', endDate: '2026-11-23', orderTypes: ['off-lot'] })).toBe('Off-lot · From 11/01/2026 to 11/23/2026');
    expect(describeLogFilters({ startDate: null, endDate: '2026-11-23', orderTypes: [] })).toBe('All order types · Until 11/23/2026');
  });
});
