import { describe, expect, it } from 'vitest';
import { formatScheduledEmailDate, officeNoticeText } from '../../src/domain';

// SPEC §9: the scheduled email's date reads like "Monday January 5th", in the driver's zone.

describe('formatScheduledEmailDate', () => {
  it('writes weekday, month and the day with its English ordinal', () => {
    const day = (d: number) => formatScheduledEmailDate(`2026-01-${String(d).padStart(2, '0')}`);
    expect(day(5)).toBe('Monday January 5th');
    expect([1, 2, 3, 4].map(day)).toEqual(['Thursday January 1st', 'Friday January 2nd', 'Saturday January 3rd', 'Sunday January 4th']);
    expect([11, 12, 13].map(day)).toEqual(['Sunday January 11th', 'Monday January 12th', 'Tuesday January 13th']);
    expect([21, 22, 23, 24].map(day)).toEqual(['Wednesday January 21st', 'Thursday January 22nd', 'Friday January 23rd', 'Saturday January 24th']);
    expect([30, 31].map(day)).toEqual(['Friday January 30th', 'Saturday January 31st']);
  });

  it('reads an instant in the given zone (the evening of the 5th in New York is the 6th in UTC)', () => {
    expect(formatScheduledEmailDate('2026-01-06T02:00:00Z', 'UTC')).toBe('Tuesday January 6th');
    expect(formatScheduledEmailDate('2026-01-06T02:00:00Z', 'America/New_York')).toBe('Monday January 5th');
    expect(formatScheduledEmailDate('2026-03-02T14:00:00.000+02:00', 'Europe/Berlin')).toBe('Monday March 2nd');
  });

  it('answers null for what is not a date', () => {
    expect(formatScheduledEmailDate('soon')).toBeNull();
    expect(formatScheduledEmailDate('2026-02-30')).toBeNull();
    expect(formatScheduledEmailDate('Jan 5, 2026')).toBeNull();
    expect(formatScheduledEmailDate('2026-01-05', 'Mars/Olympus_Mons')).toBeNull();
  });
});

describe('officeNoticeText', () => {
  const facts = { order: 'Jane Roe · 10x12 Barn · serial S-1', scheduledDate: '2026-01-05T15:00:00Z', driverName: 'Sam Hill', zone: 'America/Chicago' };
  it('names the action, the date the server committed and the order', () => {
    expect(officeNoticeText('scheduled', facts)).toEqual({
      title: 'Order scheduled',
      message: 'Delivery scheduled for Monday January 5th: Jane Roe · 10x12 Barn · serial S-1',
    });
    expect(officeNoticeText('rescheduled', { ...facts, order: null })).toEqual({
      title: 'Order rescheduled',
      message: 'Delivery rescheduled for Monday January 5th',
    });
    expect(officeNoticeText('reassigned', facts)).toEqual({ title: 'Order reassigned', message: 'Reassigned to Sam Hill: Jane Roe · 10x12 Barn · serial S-1' });
    expect(officeNoticeText('reassigned', { ...facts, driverName: null, order: null }).message).toBe('Reassigned to another driver');
  });
});
