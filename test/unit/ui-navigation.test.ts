import { describe, expect, it } from 'vitest';
import { registerTexts, t } from '../../src/ui/i18n';
import { nav } from '../../src/ui/i18n/en/nav';

registerTexts('nav', nav);
import { isCurrentEntry, NAV_MENU } from '../../src/ui/navigation';

describe('the navigation table', () => {
  it('lists the seven top-level screens of SPEC §2', () => {
    expect(NAV_MENU.map((e) => [e.path, t(e.label)])).toEqual([
      ['/', 'Orders'],
      ['/map', 'Map'],
      ['/scheduled', 'Scheduled'],
      ['/notifications', 'Notifications'],
      ['/delivery-log', 'Delivery log'],
      ['/settings', 'Settings'],
      ['/tech-support', 'Tech support'],
    ]);
  });

  it('marks the current screen: Home only at /, other entries on their own path and below it', () => {
    const [orders, map] = NAV_MENU;
    expect(orders && isCurrentEntry(orders, '/')).toBe(true);
    expect(orders && isCurrentEntry(orders, '/customer-order-details/3')).toBe(false);
    expect(map && isCurrentEntry(map, '/map')).toBe(true);
    expect(map && isCurrentEntry(map, '/map/dealers')).toBe(true);
    expect(map && isCurrentEntry(map, '/mapping')).toBe(false);
    expect(isCurrentEntry({ path: '/settings' }, '/settings/edit')).toBe(true);
  });
});
