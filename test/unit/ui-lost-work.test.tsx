// @vitest-environment happy-dom
// Issue 24 item 7: the notice of work a phone lost. Nothing shows without a note; with one (as
// the sync worker writes it from the server's answer) every screen's top says how many actions
// never reached the office, each by action and order, the ones only counted, whether the office
// was told and what to do; OK closes it for good. In English and in Spanish. Real PWADB (a fake
// IndexedDB of this file's own); the notice's chunk is loaded as in the app.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeLostWorkNote, type LostWorkNote } from '../../src/db';
import { getDatabase } from '../../src/db/browserDatabase';
import { LostWorkGate } from '../../src/ui/components/LostWorkGate';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { applyLanguage } from '../../src/ui/i18n';
import { minTargetHeightPx, renderUi } from '../support/renderUi';
import { UI_SESSION } from '../support/session';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));

const session = UI_SESSION;

const note: LostWorkNote = {
  company_id: 1,
  account_id: 7,
  entries: [
    {
      id: '01a1f974-21a0-72fa-9d8f-b055ea207c00',
      kind: 'deliver_onlot',
      label: 'On-lot delivery',
      order_key: 'oio-4',
      display: 'Blue Mountain Barns · 12x24 Cabin · SS2026-01070',
      created_at: '2026-11-20T14:55:00.000Z',
    },
    {
      id: '01a21cbf-2be2-7511-ba93-1b09b188b4d8',
      kind: 'unschedule_order',
      label: 'Unschedule order',
      order_key: 'oio-9',
      display: '',
      created_at: '2026-11-20T15:00:00.000Z',
    },
  ],
  unlisted: 1,
  reported_at: '2026-11-20T15:05:00.000Z',
  office_notified: true,
  noticed_at: '2026-11-27T09:00:00.000Z',
};

beforeAll(() => getDatabase());
afterAll(() => applyLanguage('en'));

async function show(): Promise<void> {
  await act(async () => {
    renderUi(
      <SessionContext value={session}>
        <Suspense fallback={<p>loading</p>}>
          <LostWorkGate />
        </Suspense>
      </SessionContext>,
    );
    await getDatabase();
  });
}

const entries = () => [...document.querySelectorAll('[data-testid="lost-work-entries"] li')].map((li) => li.textContent);

describe('the lost-work notice', () => {
  it('shows nothing while there is no note, then the lost actions by action and order, and closes for good', async () => {
    await show();
    expect(screen.queryByTestId('lost-work')).toBeNull();
    await act(async () => writeLostWorkNote(await getDatabase(), note));
    const title = await screen.findByText('3 actions never reached the office', {}, { timeout: 5000 });
    expect(title.closest('[data-testid="lost-work"]')).not.toBeNull();
    expect(entries()).toEqual(['On-lot delivery — Blue Mountain Barns · 12x24 Cabin · SS2026-01070', 'Unschedule order — order #9', 'and 1 more action']);
    expect(screen.getByTestId('lost-work').textContent).toContain('The office has been told.');
    expect(screen.getByTestId('lost-work').textContent).toContain('open it with signal first');
    const close = screen.getByRole('button', { name: 'OK' });
    expect(minTargetHeightPx(close)).toBeGreaterThanOrEqual(48);
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByTestId('lost-work')).toBeNull());
    expect(await (await getDatabase()).getLocal('lost-work:1:7')).toBeNull();
  });

  it('says so in Spanish, and asks the driver to tell the office when nobody there could be notified', async () => {
    await applyLanguage('es');
    await act(async () => writeLostWorkNote(await getDatabase(), { ...note, unlisted: 0, office_notified: false }));
    await show();
    await screen.findByText('2 acciones nunca llegaron a la oficina', {}, { timeout: 5000 });
    expect(entries()).toEqual(['Entrega en el lote — Blue Mountain Barns · 12x24 Cabin · SS2026-01070', 'Desprogramar pedido — pedido n.º 9']);
    expect(screen.getByTestId('lost-work').textContent).toContain('Avise a la oficina, por favor.');
    expect(screen.getByRole('button', { name: 'Entendido' })).toBeDefined();
  });
});
