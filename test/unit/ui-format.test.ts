import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatOneDecimal } from '../../src/ui/format';
import { setActiveLanguage } from '../../src/ui/i18n/language';

// Issue 25 item 3: money and counts as the language on screen writes them, through one module
// (src/ui/format.ts): "$3383.50" had no thousands separator. Intl puts a no-break space
// between a Spanish amount and its sign; compared here as a plain space.

const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

afterEach(() => setActiveLanguage('en'));

describe('money', () => {
  it('is written in US dollars with thousands grouped, in English', () => {
    expect(formatMoney('3383.50')).toBe('$3,383.50');
    expect(formatMoney('0.00')).toBe('$0.00');
    expect(formatMoney(1234567.5)).toBe('$1,234,567.50');
  });

  it('in Spanish: decimal comma, the sign after, thousands grouped from five digits (the language rule)', () => {
    setActiveLanguage('es');
    expect(plain(formatMoney('3383.50'))).toBe('3383,50 $');
    expect(plain(formatMoney('13383.50'))).toBe('13.383,50 $');
  });

  it('shows text that is not an amount as it came', () => {
    expect(formatMoney('')).toBe('');
    expect(formatMoney('n/a')).toBe('n/a');
  });
});

describe('numbers', () => {
  it('groups counts and rounds measures in the language on screen', () => {
    expect(formatNumber(10034)).toBe('10,034');
    expect(formatNumber(37.54, 1)).toBe('37.5');
    expect(formatOneDecimal(1234.5)).toBe('1234.5');
    setActiveLanguage('es');
    expect(formatNumber(10034)).toBe('10.034');
    expect(formatNumber(37.54, 1)).toBe('37,5');
    expect(formatOneDecimal(1.5)).toBe('1,5');
  });
});
