// @vitest-environment happy-dom
// The Settings email-notification switches queue an outbox entry, online or not: while it waits
// they show its flags with a "Waiting to send" mark; refused (needs attention), they show the
// stored flags again. The entry is real PWADB (a fake IndexedDB of this file's own); the sync
// worker is the boundary (nudged to send) and the snackbars are the toaster's calls.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { filter, firstValueFrom } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxDoc } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import type { DriverSettings } from '../../src/domain';
import { NotificationToggles } from '../../src/ui/components/settings/NotificationToggles';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { registerTexts } from '../../src/ui/i18n';
import { settings } from '../../src/ui/i18n/en/screens';
import { renderUi } from '../support/renderUi';
import { UI_SESSION, uiDriverSettings } from '../support/session';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
const worker = vi.hoisted(() => ({ syncNow: vi.fn(() => Promise.resolve()) }));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => worker }));
const toaster = vi.hoisted(() => ({ notify: vi.fn(), dismissNotice: vi.fn(), dismissAll: vi.fn() }));
vi.mock('../../src/ui/toaster', () => toaster);

const session = UI_SESSION;

const stored: DriverSettings = uiDriverSettings();

beforeAll(async () => {
  registerTexts('settings', settings); // as the Settings screen does
  await Promise.all([getDatabase(), getBlobStore()]);
});

async function show(): Promise<void> {
  await act(async () => {
    renderUi(
      <SessionContext value={session}>
        <Suspense fallback={<p>loading</p>}>
          <NotificationToggles settings={stored} />
        </Suspense>
      </SessionContext>,
    );
    await getDatabase();
  });
  await waitFor(() => expect(input('email_notifications_order_reassigned').disabled).toBe(false));
}

const input = (flag: string): HTMLInputElement => {
  const found = document.querySelector<HTMLInputElement>(`[data-flag="${flag}"] input`);
  if (!found) throw new Error(`no switch ${flag}`);
  return found;
};
const checked = () =>
  ['email_notifications_new_order_assigned', 'email_notifications_order_reassigned', 'email_notifications_order_finished_at_shop'].map((f) => input(f).checked);
const entries = async (): Promise<OutboxDoc[]> =>
  (await (await getDatabase()).outbox.find({ sort: [{ created_at: 'asc' }] }).exec()).map((d) => d.toMutableJSON());
/**
 * Resolves once the outbox holds `n` entries, on PWADB's own change stream: the flip's insert is
 * awaited as an event (bounded by the test's timeout), not polled within waitFor's 1 s, which a
 * loaded machine's fake IndexedDB once missed (CI, the clock stage).
 */
async function outboxHolds(n: number): Promise<void> {
  await firstValueFrom((await getDatabase()).outbox.count().$.pipe(filter((count) => count === n)));
}
/** What the sync worker would write: the entry moving on. */
async function patch(id: string, change: Partial<OutboxDoc>): Promise<void> {
  const doc = await (await getDatabase()).outbox.findOne(id).exec();
  await doc?.incrementalPatch(change);
}

describe('the email-notification switches (Settings)', { timeout: 30_000 }, () => {
  it('offline: a flip is queued, shown at once and marked waiting; refused, the stored flags come back', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await show();
    expect(checked()).toEqual([true, true, false]);
    expect(screen.queryByTestId('notifications-waiting')).toBeNull();

    fireEvent.click(input('email_notifications_order_reassigned'));
    await screen.findByText('Waiting to send — saved on this phone');
    expect(checked()).toEqual([true, false, false]);
    const [entry] = await entries();
    expect(entry).toMatchObject({
      kind: 'update_driver_email_notifications',
      order_key: 'settings-email-notifications',
      status: 'queued',
      display: { name: 'Email notifications' },
      payload: { email_notifications_new_order_assigned: true, email_notifications_order_reassigned: false, email_notifications_order_finished_at_shop: false },
    });
    // Saved on the phone, said so; the worker is asked to send now (it will when online).
    expect(toaster.notify).toHaveBeenCalledWith('Saved on this phone — it will be sent when you are online', 'info');
    expect(worker.syncNow).toHaveBeenCalled();

    // A second flip while the first waits: a new entry with all three flags; the latest shows.
    fireEvent.click(input('email_notifications_order_finished_at_shop'));
    await outboxHolds(2);
    await waitFor(() => expect(checked()).toEqual([true, false, true]));
    offline.mockRestore();

    // Sending: still waiting. Refused: the stored flags again, no mark, SPEC §8's failure text.
    const [first, second] = await entries();
    await patch(first!.id, { status: 'done', steps: { ...first!.steps, response: { ok: true } } });
    await patch(second!.id, { status: 'sending' });
    await waitFor(() => expect(checked()).toEqual([true, false, true]));
    expect(screen.getByTestId('notifications-waiting')).toBeTruthy();
    await patch(second!.id, { status: 'needs_attention', last_error: { code: 'GeneralError', message: 'Something went wrong', status: 422 } });
    await waitFor(() => expect(checked()).toEqual([true, true, false]));
    expect(screen.queryByTestId('notifications-waiting')).toBeNull();
    await waitFor(() => expect(toaster.notify).toHaveBeenCalledWith(expect.stringMatching(/^Failed to update notification settings: /), 'error'));
  });

  it('online: says it is updating; the next flip supersedes a refused change', async () => {
    toaster.notify.mockClear();
    await show();
    expect(checked()).toEqual([true, true, false]); // the refused change of the last test shows nothing
    fireEvent.click(input('email_notifications_new_order_assigned'));
    await screen.findByTestId('notifications-waiting');
    expect(checked()).toEqual([false, true, false]);
    expect(toaster.notify).toHaveBeenCalledWith('Updating notification settings', 'info');
    const active = (await entries()).filter((e) => e.status !== 'done');
    expect(active.map((e) => [e.status, e.payload.email_notifications_new_order_assigned])).toEqual([['queued', false]]);
  });
});
