import { describe, expect, it } from 'vitest';
import { afterLoginTarget, loginPathFor, safeRedirect } from '../../src/ui/loginRedirect';

describe('login redirect (SPEC §2)', () => {
  it('remembers the current location, query included', () => {
    expect(loginPathFor('/delivery-details/12', '?onlotInventoryOrder=true')).toBe('/login?redirect=%2Fdelivery-details%2F12%3FonlotInventoryOrder%3Dtrue');
  });

  it('leaves redirect empty for Home', () => {
    expect(loginPathFor('/', '')).toBe('/login');
  });

  it('goes to the redirect target after sign-in, Home when none', () => {
    expect(afterLoginTarget('/onlot-inventory-order-details/7', true)).toBe('/onlot-inventory-order-details/7');
    expect(afterLoginTarget('', true)).toBe('/');
    expect(afterLoginTarget(null, true)).toBe('/');
  });

  it('goes Home when the driver was already signed in', () => {
    expect(afterLoginTarget('/onlot-inventory-order-details/7', false)).toBe('/');
  });

  it('never redirects off the app', () => {
    for (const bad of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', '/login?redirect=/x']) {
      expect(safeRedirect(bad)).toBe('');
    }
  });
});
