// @vitest-environment happy-dom
// Issue 25 item 4: a note queued on the phone shows in its order's Notes card, marked as
// waiting to send, instead of "No notes on this order"; refused, it says so; once sent it is
// the server's note, shown once. Rendered through the frame every order screen shares
// (OrderScreenFrame, which hands the order's outbox entries to the card). PWADB is real.
import { act, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { patchSyncStatus, type OrderDoc, type OutboxDoc } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import type { OrderNote } from '../../src/domain';
import { OrderScreenFrame } from '../../src/ui/components/OrderScreenFrame';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { outboxEntry } from '../support/outboxEntry';
import { renderUi } from '../support/renderUi';
import { UI_SESSION } from '../support/session';
import { onlotOrderRow } from '../support/orderRow';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => ({ syncNow: vi.fn(() => Promise.resolve()) }) }));

const session = UI_SESSION;

const TEXT = 'Gate code 4412. Call 30 minutes ahead.';

const order: OrderDoc = onlotOrderRow(session.claims, { dealer_name: 'Lancaster Lot', delivery_town: null });

const noteEntry = (patch: Partial<OutboxDoc> = {}): OutboxDoc =>
  outboxEntry({ id: 'note-1', kind: 'create_order_note', order_key: 'oio-7', payload: { onlot_inventory_order_id: 7, note: TEXT }, ...patch });

const serverNote: OrderNote = { id: 901, order_key: 'oio-7', note: TEXT, author_name: 'Dan Driver', created_at: '2026-11-20T14:06:00.000Z' };
const officeNote: OrderNote = { id: 12, order_key: 'oio-7', note: 'Lot gate sticks; lift it.', author_name: 'Office', created_at: '2026-11-19T09:00:00.000Z' };

function Frame({ actions, notes }: { actions: OutboxDoc[]; notes: OrderNote[] | null }): ReactNode {
  return (
    <SessionContext value={session}>
      <MemoryRouter>
        <Suspense fallback={<p>loading</p>}>
          <OrderScreenFrame
            kind="onlot"
            id={7}
            title="Lancaster Lot"
            subtitle="On-lot order #7"
            order={order}
            hasDelivery
            entry={undefined}
            actions={actions}
            notes={notes}
          >
            {null}
          </OrderScreenFrame>
        </Suspense>
      </MemoryRouter>
    </SessionContext>
  );
}

async function show(actions: OutboxDoc[], notes: OrderNote[] | null) {
  let view: ReturnType<typeof renderUi> | undefined;
  await act(async () => {
    view = renderUi(<Frame actions={actions} notes={notes} />);
    await getDatabase();
  });
  await screen.findByTestId('order-notes', {}, { timeout: 10_000 });
  return view!;
}

const card = () => within(screen.getByTestId('order-notes'));

beforeAll(async () => {
  const db = await getDatabase();
  await getBlobStore();
  await patchSyncStatus(db, { online: false });
});

describe("the order's Notes card", { timeout: 30_000 }, () => {
  it('shows a queued note marked waiting to send, by the driver, not "No notes on this order"', async () => {
    const view = await show([noteEntry()], []);
    expect(card().getByText(TEXT)).toBeTruthy();
    expect(card().getByTestId('queued-note-mark').textContent).toBe('Waiting to send');
    expect(card().getByText(/^Dan Driver · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    expect(card().queryByText('No notes on this order.')).toBeNull();
    view.unmount();
  });

  it('puts the queued note first, above the notes already downloaded; with none downloaded yet it still shows', async () => {
    const view = await show([noteEntry()], [officeNote]);
    const texts = [...screen.getByTestId('order-notes').querySelectorAll('[data-testid="queued-note"], [data-testid="order-note"]')].map(
      (row) => row.querySelector('p')?.textContent,
    );
    expect(texts).toEqual([TEXT, officeNote.note]);
    view.rerender(<Frame actions={[noteEntry()]} notes={null} />);
    expect(card().getByText(TEXT)).toBeTruthy();
    expect(card().getByText('Notes download the next time the app syncs online.')).toBeTruthy();
    view.unmount();
  });

  it('says a refused note was not sent', async () => {
    const view = await show(
      [noteEntry({ status: 'needs_attention', last_error: { code: 'FailedToAddNote', message: 'Failed to add note: order closed', status: 409 } })],
      [],
    );
    expect(card().getByTestId('queued-note-mark').textContent).toBe('Not sent: needs attention');
    view.unmount();
  });

  it("once sent, shows the server's note once, without the mark", async () => {
    const view = await show([noteEntry()], [officeNote]);
    // Committed: the entry leaves the order's waiting actions and its answer is among the stored notes.
    view.rerender(<Frame actions={[]} notes={[officeNote, serverNote]} />);
    expect(card().getAllByText(TEXT)).toHaveLength(1);
    expect(card().queryByTestId('queued-note-mark')).toBeNull();
    view.unmount();
  });
});
