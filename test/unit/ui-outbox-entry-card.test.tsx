// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySteps, patchSyncStatus, writeUploadProgress, type DriverDatabase, type OutboxDoc } from '../../src/db';
import { ERROR_TEXT } from '../../src/domain';
import { OutboxEntryCard } from '../../src/ui/components/OutboxEntryCard';
import { OutboxStatusBadge } from '../../src/ui/components/OutboxStatusBadge';
import { waitingState, type EntryState } from '../../src/outbox';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import { outboxEntry } from '../support/outboxEntry';
import { minTargetHeightPx, renderUi } from '../support/renderUi';
import { UI_SESSION } from '../support/session';

// The card's actions write PWADB through the page's one database: here a real PWADB in a fake
// IndexedDB of this file's own. The sync worker is the boundary: Retry nudges it.
vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
const worker = vi.hoisted(() => ({ syncNow: vi.fn(() => Promise.resolve()) }));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => worker }));

const session = UI_SESSION;

let seq = 0;
function entry(patch: Partial<OutboxDoc>): OutboxDoc {
  seq += 1;
  return outboxEntry({
    id: `entry-${seq}`,
    kind: 'deliver_customer_cash',
    order_key: `customer:${seq}`,
    display: { name: 'Ada Yoder', model: '10x12 Lofted Barn', serial: 'S5' },
    ...patch,
  });
}

async function show(doc: OutboxDoc): Promise<DriverDatabase> {
  const db: DriverDatabase = await getDatabase();
  await db.outbox.insert(doc);
  // Inside act, so React retries the render that waited for the database (use()).
  await act(async () => {
    renderUi(
      <SessionContext value={session}>
        <Suspense fallback={<p>loading</p>}>
          <OutboxEntryCard entry={doc} />
        </Suspense>
      </SessionContext>,
    );
    await Promise.all([getDatabase(), getBlobStore()]);
  });
  await screen.findByTestId('outbox-entry', {}, { timeout: 10_000 });
  return db;
}

const status = () => screen.getByTestId('outbox-status').textContent;
const buttons = () => within(screen.getByTestId('outbox-entry')).queryAllByRole('button');

beforeAll(async () => {
  await Promise.all([getDatabase(), getBlobStore()]);
});

beforeEach(async () => {
  worker.syncNow.mockClear();
  // Online unless a test says otherwise (the sync status is the app's, shared by the file's tests).
  await patchSyncStatus(await getDatabase(), { online: true, reachable: true, authPaused: false, clientTooOld: false });
});

const goOffline = async () => patchSyncStatus(await getDatabase(), { online: false });

describe('OutboxEntryCard (a queued driver action on the delivery and queue screens)', { timeout: 30_000 }, () => {
  it('queued (online): names the order, the action and when, and offers nothing to press', async () => {
    await show(entry({ status: 'queued' }));
    expect(screen.getByText('Ada Yoder · 10x12 Lofted Barn · Serial S5')).toBeTruthy();
    expect(screen.getByText(/^Delivery, paid in cash · queued \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    expect(status()).toBe('Queued');
    expect(screen.getByText('Delivery queued — it will be sent in a moment')).toBeTruthy();
    expect(buttons()).toHaveLength(0);
  });

  it('waiting for signal (offline): "Failed to fetch" is the state, never an error on the card', async () => {
    await goOffline();
    await show(
      entry({
        status: 'queued',
        attempts: 3,
        last_error: { code: 'NetworkError', message: 'The server could not be reached (Failed to fetch)', status: null },
      }),
    );
    await waitFor(() => expect(status()).toBe('Waiting for signal'));
    expect(screen.getByText('Delivery queued — it will be sent when you are online')).toBeTruthy();
    expect(screen.queryByTestId('outbox-error')).toBeNull();
    expect(buttons()).toHaveLength(0);
  });

  it('a try left "sending" while the app is offline reads waiting for signal, not Sending', async () => {
    await goOffline();
    await show(entry({ status: 'sending', kind: 'create_order_note' }));
    await waitFor(() => expect(status()).toBe('Waiting for signal'));
    expect(screen.getByText('Queued — it will be sent when you are online')).toBeTruthy();
  });

  it("queued after the server's answer: when it is tried again, the server's words muted", async () => {
    await show(
      entry({
        status: 'queued',
        attempts: 1,
        next_attempt_at: Date.now() + 3_600_000,
        last_error: { code: 'GeneralError', message: 'There was an error', status: 503 },
      }),
    );
    expect(status()).toBe('Queued');
    expect(screen.getByText(/^The server could not take it yet — next try at \d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByTestId('outbox-error').textContent).toBe('There was an error');
  });

  it('sending: says it is attempting, with the attempts so far; no signal on the last try is no error', async () => {
    await show(entry({ status: 'sending', attempts: 2, last_error: { code: 'NetworkError', message: 'No connection', status: null } }));
    expect(status()).toBe('Sending');
    expect(screen.getByText('Attempting to deliver order')).toBeTruthy();
    expect(screen.getByText(/ · 2 attempts$/)).toBeTruthy();
    expect(screen.queryByTestId('outbox-error')).toBeNull();
    expect(buttons()).toHaveLength(0);
  });

  it("needs attention: the server's refusal in SPEC wording, Fix and resubmit and Retry as 48px targets", async () => {
    await show(
      entry({ status: 'needs_attention', attempts: 1, last_error: { code: 'DeliveryPhotoRequired', message: ERROR_TEXT.DeliveryPhotoRequired, status: 400 } }),
    );
    expect(status()).toBe('Needs attention');
    expect(screen.getByText('The server did not accept this delivery. Fix it and resubmit, or retry.')).toBeTruthy();
    expect(screen.getByTestId('outbox-error').textContent).toBe(ERROR_TEXT.DeliveryPhotoRequired);
    expect(buttons().map((b) => b.textContent)).toEqual(['Fix and resubmit', 'Retry']);
    for (const b of buttons()) expect(minTargetHeightPx(b)).toBeGreaterThanOrEqual(48);
  });

  it('Retry queues the entry again in PWADB and nudges the sync worker', async () => {
    const doc = entry({ status: 'needs_attention', attempts: 3, last_error: { code: 'GeneralError', message: 'There was an error', status: 500 } });
    const db = await show(doc);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(worker.syncNow).toHaveBeenCalledTimes(1));
    expect((await db.outbox.findOne(doc.id).exec())?.status).toBe('queued');
  });

  it('Fix and resubmit takes the delivery out of the queue so the driver can change it', async () => {
    const doc = entry({ status: 'needs_attention', last_error: { code: 'GeneralError', message: 'There was an error', status: 500 } });
    const db = await show(doc);
    fireEvent.click(screen.getByRole('button', { name: 'Fix and resubmit' }));
    await waitFor(async () => expect(await db.outbox.findOne(doc.id).exec()).toBeNull());
    expect(worker.syncNow).not.toHaveBeenCalled();
  });

  it('already delivered at the office: only removing it from the phone is offered', async () => {
    await show(entry({ status: 'needs_attention', last_error: { code: 'OrderAlreadyDelivered', message: 'Order already delivered', status: 409 } }));
    expect(screen.getByText('The office already has this order as delivered. Nothing more to send.')).toBeTruthy();
    expect(buttons().map((b) => b.textContent)).toEqual(['Remove from this phone']);
  });

  it('delivered with a follow-up that failed: says so, and offers nothing to undo', async () => {
    await show(
      entry({
        status: 'sending',
        steps: {
          ...emptySteps(),
          response: { ok: true },
          followups: { certificate: { status: 'failed', message: 'Printer offline', at: '2026-11-20T14:06:00.000Z' } },
        },
      }),
    );
    expect(screen.getByText('Delivered. Sending the certificate and emails.')).toBeTruthy();
    expect(status()).toBe('Delivered');
    expect(screen.getByTestId('outbox-followup-error').textContent).toBe('Certificate not sent: Printer offline');
    expect(buttons()).toHaveLength(0);
  });

  it("delivered, waiting out a follow-up's wait offline: Delivered (never Queued), the rest goes when online", async () => {
    await goOffline();
    await show(
      entry({ status: 'queued', next_attempt_at: Date.now() + 7_000, steps: { ...emptySteps(), response: { ok: true }, wait_until: Date.now() + 7_000 } }),
    );
    await waitFor(() => expect(screen.getByText('Delivered. The certificate and emails will be sent when you are online.')).toBeTruthy());
    expect(status()).toBe('Delivered');
  });

  it('delivered with follow-ups failed (final): "Delivered · emails not sent", each failure in its words', async () => {
    const at = '2026-11-20T14:06:00.000Z';
    await show(
      entry({
        status: 'done',
        steps: {
          ...emptySteps(),
          response: { ok: true },
          followups: {
            certificate: { status: 'done', message: null, at },
            'email:customer-delivered': { status: 'failed', message: 'Failed to send email', at },
          },
        },
      }),
    );
    expect(status()).toBe('Delivered');
    expect(screen.getByTestId('outbox-status').getAttribute('data-state')).toBe('followups_failed');
    expect(screen.getByTestId('outbox-explain').textContent).toBe('Delivered · emails not sent');
    expect(screen.getByTestId('outbox-followup-error').textContent).toBe('Email not sent: Failed to send email');
    expect(buttons()).toHaveLength(0);
  });

  it('delivered with every follow-up done: "Delivered · everything sent"', async () => {
    await show(
      entry({
        status: 'done',
        steps: { ...emptySteps(), response: { ok: true }, followups: { certificate: { status: 'done', message: null, at: '2026-11-20T14:06:00.000Z' } } },
      }),
    );
    expect(status()).toBe('Delivered');
    expect(screen.getByTestId('outbox-explain').textContent).toBe('Delivered · everything sent');
  });

  it('a schedule the office has whose notification and email failed: "The office has it", each failure in its own words', async () => {
    await show(
      entry({
        kind: 'schedule_customer',
        status: 'done',
        steps: {
          ...emptySteps(),
          response: { ok: true },
          followups: {
            'notify:office': { status: 'failed', message: 'Failed to notify company users: the company has no office users', at: '2026-11-20T14:06:00.000Z' },
            'email:customer-scheduled': { status: 'failed', message: 'Failed to send email', at: '2026-11-20T14:06:07.000Z' },
          },
        },
      }),
    );
    expect(screen.getByText('The office has it.')).toBeTruthy();
    expect(screen.getAllByTestId('outbox-followup-error').map((e) => e.textContent)).toEqual([
      'Failed to notify company users: the company has no office users',
      'Email not sent: Failed to send email',
    ]);
    expect(buttons()).toHaveLength(0);
  });
  it("sending photos: the one going up and how far it is, from the worker's progress record; the signature by name", async () => {
    const doc = entry({ status: 'sending', kind: 'deliver_onlot', order_key: 'onlot:9' });
    const db = await show(doc);
    expect(screen.queryByTestId('outbox-upload-progress')).toBeNull();
    await act(() => writeUploadProgress(db, { entryId: doc.id, slot: 'photos', photo: 1, photos: 2, sent: 40_000, total: 100_000 }));
    await waitFor(() => expect(screen.getByTestId('outbox-upload-progress').textContent).toBe('Sending photo 1 of 2 — 40%'));
    // Never 100% before the server answers: the last bytes may still be on their way.
    await act(() => writeUploadProgress(db, { entryId: doc.id, slot: 'photos', photo: 2, photos: 2, sent: 100_000, total: 100_000 }));
    await waitFor(() => expect(screen.getByTestId('outbox-upload-progress').textContent).toBe('Sending photo 2 of 2 — 99%'));
    await act(() => writeUploadProgress(db, { entryId: doc.id, slot: 'signature', photo: 1, photos: 1, sent: 5, total: 10 }));
    await waitFor(() => expect(screen.getByTestId('outbox-upload-progress').textContent).toBe('Sending the signature — 50%'));
    // Another entry's upload, or none: nothing shown here.
    await act(() => writeUploadProgress(db, { entryId: 'another', slot: 'photos', photo: 1, photos: 1, sent: 5, total: 10 }));
    await waitFor(() => expect(screen.queryByTestId('outbox-upload-progress')).toBeNull());
    await act(() => writeUploadProgress(db, null));
  });
});

describe('OutboxStatusBadge (one word per state)', () => {
  const state = (patch: Partial<EntryState>): EntryState => ({
    ...waitingState({ online: true, reachable: true, authPaused: false, clientTooOld: false }),
    ...patch,
  });
  it.each([
    [state({ name: 'queued' }), 'Queued'],
    [state({ name: 'waiting_signal' }), 'Waiting for signal'],
    [state({ name: 'sending' }), 'Sending'],
    [state({ name: 'delivered', delivery: true }), 'Delivered'],
    [state({ name: 'delivered', delivery: false }), 'Sent'],
    [state({ name: 'followups_done', delivery: true }), 'Delivered'],
    [state({ name: 'followups_failed', delivery: true }), 'Delivered'],
    [state({ name: 'followups_failed', delivery: false }), 'Sent'],
    [state({ name: 'needs_attention' }), 'Needs attention'],
  ])('%o reads %s', (s, word) => {
    renderUi(<OutboxStatusBadge state={s} />);
    expect(screen.getByTestId('outbox-status').textContent).toBe(word);
    expect(screen.getByTestId('outbox-status').getAttribute('data-state')).toBe(s.name);
  });
});
