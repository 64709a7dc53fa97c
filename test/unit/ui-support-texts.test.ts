import { describe, expect, it } from 'vitest';
import { notificationsLabel } from '../../src/ui/components/NotificationsButton';
import { countText, formatBytes, persistedText, storageUsedText } from '../../src/ui/diagnostics';

describe('what the tech-support diagnostic says', () => {
  it("storage in decimal units, as the phone's own storage screen counts", () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12_345_678)).toBe('12.3 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(1_200_000_000)).toBe('1.2 GB');
    expect(formatBytes(Number.NaN)).toBe('unknown');
    expect(formatBytes(-1)).toBe('unknown');
  });

  it('says "not known" where the browser gives no answer', () => {
    expect(storageUsedText({ usage: 2_000_000, quota: 1_000_000_000, persisted: true })).toBe('2.0 MB of 1.0 GB');
    expect(storageUsedText({ usage: 2_000_000, quota: null, persisted: null })).toBe('2.0 MB');
    expect(storageUsedText({ usage: null, quota: null, persisted: null })).toBe('Not known on this phone');
    expect(persistedText({ usage: null, quota: null, persisted: true })).toBe('Yes');
    expect(persistedText({ usage: null, quota: null, persisted: false })).toMatch(/^No/);
    expect(persistedText(null)).toBe('Not known on this phone');
    expect(countText(1)).toBe('1 action');
    expect(countText(0)).toBe('0 actions');
  });

  it("the app bar's bell names its count", () => {
    expect(notificationsLabel(0)).toBe('Notifications, none unread');
    expect(notificationsLabel(3)).toBe('Notifications, 3 unread');
  });
});
