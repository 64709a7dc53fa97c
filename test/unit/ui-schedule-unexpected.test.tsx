// @vitest-environment happy-dom
// Issue 22 item 7: SPEC §8 "Error scheduling delivery" is what the schedule screen says when
// scheduling fails unexpectedly on the phone (not a refusal of the rules): here queueing itself
// throws. A refusal keeps its own words beside the field (unchanged).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureDeliveryDoc } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import ScheduleOrder from '../../src/ui/routes/ScheduleOrder';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { renderUi } from '../support/renderUi';
import { UI_SESSION } from '../support/session';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => ({ syncNow: () => Promise.resolve() }) }));
const toaster = vi.hoisted(() => ({ notify: vi.fn(), dismissAll: vi.fn() }));
vi.mock('../../src/ui/toaster', () => toaster);
vi.mock('../../src/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/outbox')>()),
  queueSchedule: () => Promise.reject(new Error('The database connection is closing')),
}));

const session = UI_SESSION;

beforeAll(async () => {
  await Promise.all([getDatabase(), getBlobStore()]);
});

describe('the schedule screen (SPEC §8)', { timeout: 30_000 }, () => {
  it('scheduling that fails unexpectedly says "Error scheduling delivery"', async () => {
    await ensureDeliveryDoc(await getDatabase(), session, 'customer', 44);
    await act(async () => {
      renderUi(
        <MemoryRouter initialEntries={['/schedule/44?customerOrder=true']}>
          <SessionContext value={session}>
            <Suspense fallback={<p>loading</p>}>
              <Routes>
                <Route path="/schedule/:id" element={<ScheduleOrder />} />
              </Routes>
            </Suspense>
          </SessionContext>
        </MemoryRouter>,
      );
      await getDatabase();
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(toaster.notify).toHaveBeenCalledWith('Error scheduling delivery', 'error'));
    expect(screen.queryByTestId('schedule-error')).toBeNull();
  });
});
