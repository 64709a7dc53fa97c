import { describe, expect, it } from 'vitest';
import { isUsablePosition, navigationLinks } from '../../src/domain';

describe('navigationLinks', () => {
  it('builds the geo:, Apple Maps and Google Maps directions links', () => {
    expect(navigationLinks({ lat: 40.0384, lon: -76.1063 }, 'Country Lane Structures')).toEqual({
      geo: 'geo:40.0384,-76.1063?q=40.0384,-76.1063(Country%20Lane%20Structures)',
      apple: 'https://maps.apple.com/?daddr=40.0384,-76.1063',
      google: 'https://www.google.com/maps/dir/?api=1&destination=40.0384,-76.1063',
    });
  });

  it('keeps at most six decimals and drops trailing zeros', () => {
    const links = navigationLinks({ lat: 39.98730000001, lon: -76.020512345678 });
    expect(links.apple).toBe('https://maps.apple.com/?daddr=39.9873,-76.020512');
    expect(links.google).toBe('https://www.google.com/maps/dir/?api=1&destination=39.9873,-76.020512');
  });

  it('leaves the label out of geo: when there is none', () => {
    expect(navigationLinks({ lat: 35.5, lon: -85 }).geo).toBe('geo:35.5,-85?q=35.5,-85');
    expect(navigationLinks({ lat: 35.5, lon: -85 }, '  ').geo).toBe('geo:35.5,-85?q=35.5,-85');
  });

  it('encodes the label so it cannot end the link or its parentheses early', () => {
    const { geo } = navigationLinks({ lat: 1, lon: 2 }, 'Smith (RTO) & Sons #4, Gap');
    expect(geo).toBe('geo:1,2?q=1,2(Smith%20RTO%20%26%20Sons%20%234%2C%20Gap)');
    expect(geo.slice(geo.indexOf('(') + 1, -1)).not.toMatch(/[()&# ]/);
  });
});

describe('isUsablePosition', () => {
  it('accepts positions on the globe', () => {
    expect(isUsablePosition({ lat: 40.5, lon: -76.1 })).toBe(true);
    expect(isUsablePosition({ lat: -90, lon: 180 })).toBe(true);
  });

  it('refuses missing, non-finite, out-of-range and 0,0 positions', () => {
    expect(isUsablePosition(null)).toBe(false);
    expect(isUsablePosition(undefined)).toBe(false);
    expect(isUsablePosition({ lat: 40 })).toBe(false);
    expect(isUsablePosition({ lat: Number.NaN, lon: 1 })).toBe(false);
    expect(isUsablePosition({ lat: 91, lon: 1 })).toBe(false);
    expect(isUsablePosition({ lat: 1, lon: -181 })).toBe(false);
    expect(isUsablePosition({ lat: 0, lon: 0 })).toBe(false);
  });
});
