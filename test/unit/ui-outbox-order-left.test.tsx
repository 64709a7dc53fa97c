// @vitest-environment happy-dom
// A delivery whose order left the driver while it waited (issue 23): reassigned, or delivered by
// someone else. The card says who has the order in the driver's words, says the work is kept,
// offers the kept delivery to view and Discard behind a confirmation, and never Fix and
// resubmit or Retry (neither can succeed).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDraftImage, emptySteps, type DriverDatabase, type OutboxDoc, type OutboxError } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import { OutboxEntryCard } from '../../src/ui/components/OutboxEntryCard';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { minTargetHeightPx, renderUi } from '../support/renderUi';
import { UI_SESSION } from '../support/session';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => ({ syncNow: vi.fn(() => Promise.resolve()) }) }));

const session = UI_SESSION;

let seq = 100;
function entry(lastError: OutboxError, patch: Partial<OutboxDoc> = {}): OutboxDoc {
  seq += 1;
  return {
    id: `left-${seq}`,
    company_id: 1,
    account_id: 7,
    kind: 'deliver_customer_existing_card',
    payload_version: 1,
    order_key: `co-${seq}`,
    display: { name: 'Ada Yoder', model: '10x12 Lofted Barn', serial: 'S5' },
    payload: {},
    attachments: { photos: [], signature: null, check: null },
    status: 'needs_attention',
    steps: emptySteps(),
    attempts: 1,
    next_attempt_at: 0,
    last_error: lastError,
    created_at: '2026-11-20T14:05:00.000Z',
    updated_at: '2026-11-20T14:05:00.000Z',
    ...patch,
  };
}

const reassigned: OutboxError = {
  code: 'OrderReassigned',
  message: 'This order was reassigned to Bea Miller',
  status: 409,
  holder: { assigned_to: 'Bea Miller' },
};

async function show(doc: OutboxDoc, onDeliveryScreen = false): Promise<DriverDatabase> {
  const db: DriverDatabase = await getDatabase();
  await db.outbox.insert(doc);
  await act(async () => {
    renderUi(
      <MemoryRouter>
        <SessionContext value={session}>
          <Suspense fallback={<p>loading</p>}>
            <OutboxEntryCard entry={doc} onDeliveryScreen={onDeliveryScreen} />
          </Suspense>
        </SessionContext>
      </MemoryRouter>,
    );
    await Promise.all([getDatabase(), getBlobStore()]);
  });
  await screen.findByTestId('outbox-entry', {}, { timeout: 10_000 });
  return db;
}

const card = () => within(screen.getByTestId('outbox-entry'));
const buttons = () =>
  card()
    .queryAllByRole('button')
    .map((b) => b.textContent);

beforeAll(async () => {
  await Promise.all([getDatabase(), getBlobStore()]);
});

describe('OutboxEntryCard: a delivery of an order that left the driver', { timeout: 30_000 }, () => {
  it('reassigned: names the driver who has it, keeps the work, offers View delivery and Discard only', async () => {
    const doc = entry(reassigned);
    await show(doc);
    expect(screen.getByTestId('outbox-explain').textContent).toBe('Order reassigned to Bea Miller');
    expect(screen.getByTestId('outbox-work-kept').textContent).toBe(
      'Your photos, signature and payment details stay on this phone. No card was charged. This delivery cannot be sent.',
    );
    // The server's English words are not repeated under the driver's own.
    expect(screen.queryByTestId('outbox-error')).toBeNull();
    expect(buttons()).toEqual(['Discard']);
    expect(screen.queryByText('Fix and resubmit')).toBeNull();
    expect(screen.queryByText('Retry')).toBeNull();
    const view = card().getByRole('link', { name: 'View delivery' });
    expect(view.getAttribute('href')).toBe(`/delivery-details/${doc.order_key.slice(3)}?customerOrder=true`);
    for (const target of [view, ...card().getAllByRole('button')]) expect(minTargetHeightPx(target)).toBeGreaterThanOrEqual(48);
  });

  it('an on-lot delivery keeps its photos and entries: no signature or card is spoken of', async () => {
    // Before: every kind read "Your photos, signature and payment details … No card was charged."
    await show(entry(reassigned, { kind: 'deliver_onlot', order_key: `oio-${seq + 1}` }));
    expect(screen.getByTestId('outbox-work-kept').textContent).toBe('Your photos and what you entered stay on this phone. This delivery cannot be sent.');
  });

  it('taken off the list to no driver, and on its own delivery screen: no link to itself', async () => {
    await show(entry({ ...reassigned, holder: { assigned_to: null } }), true);
    expect(screen.getByTestId('outbox-explain').textContent).toBe('Order taken off your list by the office');
    expect(card().queryByRole('link')).toBeNull();
    expect(buttons()).toEqual(['Discard']);
  });

  it('delivered by someone else: who and when, in the phone’s date format', async () => {
    await show(
      entry({
        code: 'OrderAlreadyDelivered',
        message: 'This order has already been delivered by Bea Miller on 2026-11-20 12:00 UTC',
        status: 409,
        holder: { delivered_by: 'Bea Miller', delivered_at: '2026-11-20T12:00:00.000Z' },
      }),
    );
    expect(screen.getByTestId('outbox-explain').textContent).toMatch(/^Already delivered by Bea Miller on 11\/20\/2026 \d{2}:\d{2}$/);
    expect(buttons()).toEqual(['Discard']);
    expect(screen.queryByText('Remove from this phone')).toBeNull();
  });

  it('given back to the driver by a later pull: says so, and offers Fix and resubmit and Retry again', async () => {
    await show(entry({ ...reassigned, order_back: true }));
    expect(screen.getByTestId('outbox-explain').textContent).toBe('The order is on your list again: retry to send this delivery, or fix it and resubmit.');
    expect(screen.queryByTestId('outbox-work-kept')).toBeNull();
    expect(screen.queryByTestId('outbox-error')).toBeNull();
    expect(buttons()).toEqual(['Fix and resubmit', 'Retry']);
  });

  it('Discard asks first; Keep keeps everything; Discard for good removes the entry, the draft and its images', async () => {
    const doc = entry(reassigned);
    const db = await getDatabase();
    const blobs = await getBlobStore();
    const orderId = Number(doc.order_key.slice(3));
    const added = await addDraftImage(db, blobs, session, 'customer', orderId, {
      bytes: new Uint8Array([1, 2, 3]).buffer,
      type: 'image/png',
      width: 4,
      height: 4,
    });
    expect(added.ok).toBe(true);
    await show(doc);

    fireEvent.click(card().getByRole('button', { name: 'Discard' }));
    expect(screen.getByTestId('outbox-discard-confirm').textContent).toContain(
      'Discard this delivery? Its photos, signature and payment details will be deleted from this phone.',
    );
    fireEvent.click(card().getByRole('button', { name: 'Keep' }));
    expect(buttons()).toEqual(['Discard']);
    expect(await db.outbox.findOne(doc.id).exec()).not.toBeNull();

    fireEvent.click(card().getByRole('button', { name: 'Discard' }));
    fireEvent.click(card().getByRole('button', { name: 'Discard for good' }));
    // The entry goes first, then the draft and its images: wait for all three (asserting the
    // draft right after the entry was gone failed on a loaded machine).
    await waitFor(
      async () => {
        expect(await db.outbox.findOne(doc.id).exec()).toBeNull();
        expect(await db.customer_deliveries.findOne(doc.order_key).exec()).toBeNull();
        expect(await blobs.keys()).toHaveLength(0);
      },
      { timeout: 10_000 },
    );
  });
});
