// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { filter, firstValueFrom } from 'rxjs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureDeliveryDoc, patchDraft, type DraftPhoto } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import { ERROR_TEXT, orderKey, type CustomerDeliveryDetails } from '../../src/domain';
import { CustomerDeliveryForm } from '../../src/ui/components/CustomerDeliveryForm';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { useDelivery } from '../../src/ui/hooks/useDelivery';
import { customerDetails } from '../support/customerDetails';
import { renderUi } from '../support/renderUi';
import { UI_SESSION } from '../support/session';

// Issue 22: a signature drawn and then, at once, happy-list ticks, Cash, an amount and
// Deliver was refused as "A signature is required" while the pad showed the drawing. The pad
// saves 400 ms after the last stroke; Deliver only waited for writes already started. Here
// setTimeout is fake and never advanced, so the pad's debounce never fires on its own: the
// outcome depends only on Deliver taking the pending save, never on how fast the machine is.
vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
const worker = vi.hoisted(() => ({ syncNow: vi.fn(() => Promise.resolve()), authorizeCard: vi.fn() }));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => worker }));

const session = UI_SESSION;

const details: CustomerDeliveryDetails = {
  ...customerDetails,
  happy_list_results: [
    { item: 'doors', text: 'Doors open and close', value: false },
    { item: 'level', text: 'Building is level', value: false },
    { item: 'clean', text: 'Site left clean', value: false },
  ],
};

const photo = (id: string): DraftPhoto => ({ id, mime_type: 'image/jpeg', extension: 'jpg', size: 10, width: 10, height: 10 });

/** The delivery screen's form on the live draft, as DeliveryDetails renders it. */
function LiveForm({ orderId }: { orderId: number }) {
  const delivery = useDelivery('customer', orderKey('customer', orderId));
  if (!delivery) return <p>loading</p>;
  return <CustomerDeliveryForm orderId={orderId} details={details} draft={delivery.draft} savedChecks={[]} locked={false} />;
}

/** An order whose draft already has a photo, miles, times, the position and a note (the driver's earlier steps). */
async function showForm(orderId: number): Promise<void> {
  const db = await getDatabase();
  const doc = await ensureDeliveryDoc(db, session, 'customer', orderId);
  await doc.incrementalModify((data) => ({ ...data, server: { ...details, customer_order_id: orderId } }));
  await patchDraft(db, session, 'customer', orderId, {
    photos: [photo(`p${orderId}`)],
    deliveryMilesDriven: 12,
    deliveryBegan: '2026-11-20T13:00:00.000Z',
    deliveryEnded: '2026-11-20T14:00:00.000Z',
    deliveryGpsLat: 40,
    deliveryGpsLon: -76,
    deliveryNote: 'Left of the driveway',
  });
  await act(async () => {
    renderUi(
      <MemoryRouter>
        <SessionContext value={session}>
          <Suspense fallback={<p>loading</p>}>
            <LiveForm orderId={orderId} />
          </Suspense>
        </SessionContext>
      </MemoryRouter>,
    );
    await Promise.all([getDatabase(), getBlobStore()]);
  });
  await screen.findByRole('button', { name: 'Deliver' }, { timeout: 10_000 });
}

const PAD = 'Signature pad: sign with a finger or a pen';
/** The pad saves this long after the last stroke (SignaturePad's SAVE_DEBOUNCE_MS). */
const SAVE_DELAY_MS = 400;

/** One stroke across the pad, as a finger draws it. */
function sign(): void {
  const pad = screen.getByRole('img', { name: PAD });
  const at = (x: number, y: number) => ({ pointerId: 1, pointerType: 'touch', clientX: x, clientY: y, pressure: 0.5, button: 0 });
  fireEvent.pointerDown(pad, at(10, 10));
  for (let x = 20; x <= 120; x += 10) fireEvent.pointerMove(pad, at(x, 10 + (x % 30)));
  fireEvent.pointerUp(pad, at(120, 40));
}

/**
 * Waits for `check` to pass by yielding to IndexedDB and React between tries. setImmediate,
 * not setTimeout: the test fakes setTimeout (so Testing Library's waitFor would never poll).
 */
async function until(check: () => void | Promise<void>): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      await check();
      return;
    } catch (error) {
      if (tries >= 5_000) throw error;
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
  }
}

const clearPad = () =>
  fireEvent.click(within(document.querySelector<HTMLElement>('[data-field="signature"]') ?? document.body).getByRole('button', { name: 'Clear' }));
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const choose = (group: string, label: string) => fireEvent.click(within(screen.getByRole('group', { name: group })).getByRole('button', { name: label }));

beforeAll(async () => {
  await Promise.all([getDatabase(), getBlobStore()]);
  // happy-dom has no canvas backend: the pad's PNG is a few bytes, handed over without a timer.
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback: BlobCallback) {
    queueMicrotask(() => callback(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })));
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('signing, then at once the rest of the form and Deliver (issue 22)', { timeout: 30_000 }, () => {
  it('offline, the delivery is queued with the signature drawn a moment before, not refused as unsigned', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await showForm(61);
      // From here no setTimeout callback runs unless a test advances it: the pad's debounce waits.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      sign();
      fireEvent.click(checkbox('Doors open and close'));
      fireEvent.click(checkbox('Building is level'));
      choose('Payment method', 'Cash');
      await until(() => expect(screen.getByLabelText('Amount collected ($)')).toBeTruthy());
      fireEvent.change(screen.getByLabelText('Amount collected ($)'), { target: { value: '150.00' } });
      fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));

      const db = await getDatabase();
      await until(async () => {
        const refused = document.querySelector('[data-field="signature"]')?.textContent?.includes(ERROR_TEXT.DeliverySignatureRequired) ?? false;
        const queued = await db.outbox.find({ selector: { order_key: orderKey('customer', 61) } }).exec();
        expect({ refused, queued: queued.length }).not.toEqual({ refused: false, queued: 0 });
      });
      expect(document.querySelector('[data-field="signature"]')?.textContent).not.toContain(ERROR_TEXT.DeliverySignatureRequired);
      const [entry, ...others] = await db.outbox.find({ selector: { order_key: orderKey('customer', 61) } }).exec();
      expect(others).toHaveLength(0);
      expect(entry?.kind).toBe('deliver_customer_cash');
      const signature = entry?.attachments.signature;
      expect(signature?.mime_type).toBe('image/png');
      expect(await (await getBlobStore()).get(signature?.id ?? '')).toBeTruthy();
      expect(entry?.payload).toMatchObject({ payment_amount: '150.00' });
    } finally {
      online.mockRestore();
    }
  });

  it('without Deliver the drawing is saved 400 ms after the last stroke; Clear within those 400 ms saves nothing', async () => {
    await showForm(63);
    const db = await getDatabase();
    const stored = async () => (await db.customer_deliveries.findOne(orderKey('customer', 63)).exec())?.draft.signature ?? null;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sign();
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1));
    expect(await stored()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await until(async () => expect((await stored())?.mime_type).toBe('image/png'));

    const saved = await stored();
    clearPad();
    await until(async () => expect(await stored()).toBeNull());
    await until(() => expect(screen.getByRole('img', { name: PAD })).toBeTruthy());
    sign();
    clearPad();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await until(async () => expect(await stored()).toBeNull());
    expect(await (await getBlobStore()).get(saved?.id ?? '')).toBeNull();
  });

  it('Clear pressed while the drawing is being stored: the stored signature goes too, and Deliver says it is missing', async () => {
    await showForm(64);
    const db = await getDatabase();
    const blobs = await getBlobStore();
    let letThrough: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const put = blobs.put.bind(blobs);
    const held = vi.spyOn(blobs, 'put').mockImplementation(async (blob) => {
      await gate;
      await put(blob);
    });
    try {
      choose('Payment method', 'No payment'); // the only rule left to break is the signature's
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      sign();
      await act(() => vi.advanceTimersByTimeAsync(SAVE_DELAY_MS));
      await until(() => expect(held).toHaveBeenCalledTimes(1));
      clearPad(); // the pad's value is still null: the save has not landed
      letThrough();
      fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
      await until(() => expect(document.querySelector('[data-field="signature"]')?.textContent).toContain(ERROR_TEXT.DeliverySignatureRequired));
      expect((await db.customer_deliveries.findOne(orderKey('customer', 64)).exec())?.draft.signature).toBeNull();
      const stored = held.mock.calls[0]?.[0];
      expect(await blobs.get(stored?.id ?? '')).toBeNull();
    } finally {
      held.mockRestore();
    }
  });

  it('ticks made before the screen shows the previous one are all kept (each write reads the stored list)', async () => {
    await showForm(62);
    const db = await getDatabase();
    // Both ticks in one go: the second is clicked while the form still shows neither ticked.
    act(() => {
      fireEvent.click(checkbox('Doors open and close'));
      fireEvent.click(checkbox('Site left clean'));
    });
    // Until both are stored, as PWADB reports it (bounded by the test's time-out): waitFor's 1 s
    // polling ran out once in a loaded full run with one of the two writes still to come.
    const both = (doc: { draft: { happyList: readonly string[] } } | null) => [...(doc?.draft.happyList ?? [])].sort().join() === 'clean,doors';
    const stored = await firstValueFrom(db.customer_deliveries.findOne(orderKey('customer', 62)).$.pipe(filter(both)));
    expect([...(stored?.draft.happyList ?? [])].sort()).toEqual(['clean', 'doors']);
  });
});
