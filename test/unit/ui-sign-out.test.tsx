// @vitest-environment happy-dom
// Issue 25 item 7: signing out from the menu. Offline, the driver is told plainly that signing
// in again needs signal and is offered to stay signed in; unsent work is counted by what it
// is ("1 delivery, 1 note": each outbox kind's noun, English and Spanish plurals), not all
// called deliveries. Online with nothing waiting, Sign out signs out at once. The sync worker
// is the boundary (its logout); PWADB is real (a fake IndexedDB).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxDoc } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import NavDrawer from '../../src/ui/components/NavDrawer';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { applyLanguage } from '../../src/ui/i18n';
import { outboxEntry } from '../support/outboxEntry';
import { renderUi } from '../support/renderUi';
import { UI_SESSION } from '../support/session';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
const worker = vi.hoisted(() => ({ logout: vi.fn(() => Promise.resolve()), syncNow: vi.fn(() => Promise.resolve()) }));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => worker }));

const session = UI_SESSION;

const unsent = (...kinds: string[]): OutboxDoc[] => kinds.map((kind, i) => outboxEntry({ id: `e${i}`, kind, order_key: `oio-${i}` }));

beforeAll(async () => {
  await Promise.all([getDatabase(), getBlobStore()]);
});
beforeEach(() => worker.logout.mockClear());
afterEach(() => applyLanguage('en'));

/** The menu open on /settings; unmount() leaves the page empty for the next one. */
async function openMenu(entries: OutboxDoc[], online: boolean): Promise<{ unmount: () => void }> {
  let view: { unmount: () => void } = { unmount: () => {} };
  await act(async () => {
    view = renderUi(
      <SessionContext value={session}>
        <MemoryRouter initialEntries={['/settings']}>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route path="/settings" element={<NavDrawer open entries={entries} online={online} onClose={() => {}} onOpenOutbox={() => {}} />} />
              <Route path="/login" element={<p>login screen</p>} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </SessionContext>,
    );
    await getDatabase();
  });
  await screen.findByTestId('account-actions', {}, { timeout: 10_000 });
  return view;
}

const signOut = () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
const confirm = () => screen.getByTestId('sign-out-confirm');

describe('signing out (the menu)', { timeout: 30_000 }, () => {
  it('offline with unsent work: says signing in again needs signal, counts the work by kind, and staying signed in keeps the session', async () => {
    await openMenu(unsent('deliver_onlot', 'create_order_note'), false);
    signOut();
    expect(
      within(confirm()).getByText('You are offline. Signing in again needs signal: until you have it, you cannot use the app on this phone.'),
    ).toBeTruthy();
    expect(within(confirm()).getByText('Not sent yet: 1 delivery, 1 note. They stay on this phone and are sent after you sign in again.')).toBeTruthy();
    // Staying is the first choice offered.
    const [stay, anyway] = within(confirm()).getAllByRole('button');
    expect([stay?.textContent, anyway?.textContent]).toEqual(['Stay signed in', 'Sign out anyway']);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByTestId('sign-out-confirm')).toBeNull();
    expect(worker.logout).not.toHaveBeenCalled();
  });

  it('offline with nothing waiting still asks; Sign out anyway signs out', async () => {
    await openMenu([], false);
    signOut();
    expect(within(confirm()).getByText(/^You are offline\. Signing in again needs signal/)).toBeTruthy();
    expect(within(confirm()).queryByText(/^Not sent yet/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    expect(worker.logout).toHaveBeenCalledTimes(1);
    await screen.findByText('login screen');
  });

  it('online: counts each kind with its plural, deliveries first; with nothing waiting it signs out at once', async () => {
    const view = await openMenu(unsent('create_order_note', 'deliver_customer_cash', 'create_order_note', 'deliver_move', 'schedule_onlot'), true);
    signOut();
    expect(within(confirm()).queryByText(/offline/)).toBeNull();
    expect(
      within(confirm()).getByText('Not sent yet: 2 deliveries, 2 notes, 1 schedule change. They stay on this phone and are sent after you sign in again.'),
    ).toBeTruthy();
    view.unmount();

    await openMenu([], true);
    signOut();
    expect(worker.logout).toHaveBeenCalledTimes(1);
    await screen.findByText('login screen');
  });

  it('in Spanish: the same counts with Spanish nouns and plurals', async () => {
    await act(() => applyLanguage('es'));
    await openMenu(unsent('create_order_note', 'deliver_onlot'), false);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(within(confirm()).getByText(/^Está sin conexión\. Para volver a iniciar sesión necesita señal/)).toBeTruthy();
    expect(
      within(confirm()).getByText('Aún sin enviar: 1 entrega y 1 nota. Se quedan en este teléfono y se envían cuando vuelva a iniciar sesión.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seguir con la sesión iniciada' })).toBeTruthy();
  });
});
