// @vitest-environment happy-dom
// Issue 25 item 3: the app bar says which screen is open (SPEC §2's names, English and
// Spanish; the tab's title too), and whose phone it is as the phone knows it now: a name
// saved in Settings shows at once, not after the next sign-in. The routes are the app's own
// (SCREEN_ROUTES), each rendering the app bar alone; PWADB is real (a fake IndexedDB).
import { act, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CACHE_KEYS, patchSyncStatus, writeCache } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import type { DriverSettings } from '../../src/domain';
import { SCREEN_ROUTES } from '../../src/ui/App';
import { AppBar } from '../../src/ui/components/AppBar';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { applyLanguage } from '../../src/ui/i18n';
import { renderUi } from '../support/renderUi';
import { UI_SESSION, uiDriverSettings } from '../support/session';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => ({ syncNow: vi.fn(() => Promise.resolve()) }) }));

const session = UI_SESSION;

const settings: DriverSettings = uiDriverSettings({ first_name: 'Daniel', last_name: 'Driver-Yoder' });

beforeAll(async () => {
  const db = await getDatabase();
  await getBlobStore();
  await patchSyncStatus(db, { online: true, reachable: true });
});

afterEach(() => applyLanguage('en'));

/** The app bar on the screen at `path`; unmount() leaves the page empty for the next one. */
async function openAt(path: string): Promise<{ unmount: () => void }> {
  const router = createMemoryRouter(
    SCREEN_ROUTES.map((route) => ({ ...route, element: <AppBar /> })),
    { initialEntries: [path] },
  );
  let view: { unmount: () => void } = { unmount: () => {} };
  await act(async () => {
    view = renderUi(
      <SessionContext value={session}>
        <Suspense fallback={<p>loading</p>}>
          <RouterProvider router={router} />
        </Suspense>
      </SessionContext>,
    );
    await getDatabase();
  });
  await screen.findByTestId('screen-title', {}, { timeout: 10_000 });
  return view;
}

const title = (): string | null => screen.getByRole('heading', { level: 1 }).textContent;
const driverLine = (): string | null => screen.getByTestId('app-bar-driver').textContent;

describe('the app bar', { timeout: 30_000 }, () => {
  it("titles each screen by SPEC §2's name, and the tab too", async () => {
    const expected: [string, string][] = [
      ['/', 'Orders'],
      ['/map', 'Order map'],
      ['/customer-order-details/5', 'Order details'],
      ['/inventory-move-order-schedule-details/5', 'Schedule details'],
      ['/delivery-details/5?customerOrder=true', 'Delivery details'],
      ['/schedule/5?onlotInventoryOrder=true', 'Schedule order'],
      ['/create-note/5?onlotInventoryOrder=true', 'Add note'],
      ['/scheduled', 'Scheduled orders'],
      ['/notifications', 'Notifications'],
      ['/delivery-log', 'Delivery log'],
      ['/tech-support', 'Tech support'],
      ['/settings', 'Settings'],
      ['/settings/edit', 'Edit profile'],
      ['/no-such-screen', 'Page not found'],
    ];
    for (const [path, name] of expected) {
      const view = await openAt(path);
      expect({ path, title: title(), tab: document.title }).toEqual({ path, title: name, tab: `${name} · Driver App` });
      view.unmount();
    }
  });

  it('titles the screen in Spanish', async () => {
    await act(() => applyLanguage('es'));
    await openAt('/settings');
    expect(title()).toBe('Ajustes');
    expect(document.title).toBe('Ajustes · Driver App');
  });

  it('names the driver as the phone knows it now: the token until settings are stored, then the saved name at once', async () => {
    await openAt('/settings');
    expect(driverLine()).toBe('Dan Driver · Summit Barns');
    await act(async () => writeCache(await getDatabase(), session, CACHE_KEYS.settings, settings, '2026-11-20T14:05:00.000Z'));
    await waitFor(() => expect(driverLine()).toBe('Daniel Driver-Yoder · Summit Barns'));
  });
});
