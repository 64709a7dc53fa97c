// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeptHome } from '../../src/ui/homeSnapshot';

// The rows kept with Home's cold-start picture (homeSnapshot.ts keptHome): drawn as live cards
// before PWADB answers, so only for Home unfiltered, for a session that still counts, and never
// after they were dropped (sign-out, another session) or PWADB answered.

const NOW = 1_800_000_000_000;
const KEY = 'driver-app:home-snapshot';
const kept: KeptHome = {
  claims: { account_id: 7, company_id: 3, exp: NOW / 1000 + 3600 } as KeptHome['claims'],
  rows: [{ id: 'co-1' } as KeptHome['rows'][number]],
  entries: [],
  total: 1,
};
const store = (snapshot: object) => localStorage.setItem(KEY, JSON.stringify({ v: 3, validUntil: NOW + 60_000, html: '', css: '', kept, ...snapshot }));
// keptHome reads once per page: each case is a fresh page (module).
const fresh = async () => (await import('../../src/ui/homeSnapshot')).keptHome;

describe('the kept Home', () => {
  // The module's first import transforms it and what it imports (the domain): seconds when the
  // whole suite runs at once, which timed the first case out. Each case then re-evaluates it.
  beforeAll(async () => {
    await fresh();
  }, 60_000);

  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is the stored rows and claims on Home unfiltered while the token counts', async () => {
    store({});
    expect((await fresh())(NOW)).toEqual(kept);
  });

  it('is nothing once the token no longer counts, for an older snapshot, or for a broken one', async () => {
    store({ validUntil: NOW });
    expect((await fresh())(NOW)).toBeNull();
    vi.resetModules();
    store({ v: 2 });
    expect((await fresh())(NOW)).toBeNull();
    vi.resetModules();
    localStorage.setItem(KEY, '{not json');
    expect((await fresh())(NOW)).toBeNull();
  });

  it('is nothing on another screen or a filtered Home (its rows are the unfiltered list)', async () => {
    store({});
    window.history.replaceState(null, '', '/notifications');
    expect((await fresh())(NOW)).toBeNull();
    vi.resetModules();
    window.history.replaceState(null, '', '/?q=barn');
    expect((await fresh())(NOW)).toBeNull();
  });

  it('is gone after a drop (sign-out, another session) and after PWADB answered Home', async () => {
    store({});
    const module = await import('../../src/ui/homeSnapshot');
    expect(module.keptHome(NOW)).not.toBeNull();
    module.dropHomeSnapshot();
    expect(module.keptHome(NOW)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    vi.resetModules();
    store({});
    const next = await import('../../src/ui/homeSnapshot');
    expect(next.keptHome(NOW)).not.toBeNull();
    next.keptHomeServed();
    expect(next.keptHome(NOW)).toBeNull();
  });
});
