// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { patchDraft, type DraftPhoto } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import { ERROR_TEXT, orderKey } from '../../src/domain';
import { customerDetails } from '../support/customerDetails';
import { showCustomerForm, uiSession } from '../support/customerForm';

// The delivery form writes the draft to PWADB and queues Deliver there (a real PWADB in a fake
// IndexedDB); the sync worker is the boundary.
vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
const worker = vi.hoisted(() => ({ syncNow: vi.fn(() => Promise.resolve()), authorizeCard: vi.fn() }));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => worker }));

const session = uiSession;

beforeAll(async () => {
  await Promise.all([getDatabase(), getBlobStore()]);
});

describe('CustomerDeliveryForm (delivering a customer order, SPEC §1 §5)', { timeout: 30_000 }, () => {
  it('a rent-to-own order takes no payment: the section says so and offers no method', async () => {
    await showCustomerForm(41, { ...customerDetails, is_rto: true, rto_company_name: 'Acme RTO' });
    const section = screen.getByTestId('payment');
    expect(within(section).getByText('Rent to own')).toBeTruthy();
    expect(within(section).getByText('Rent-to-own order with Acme RTO: no payment is taken at delivery.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
  });

  it('Deliver with required parts missing stays pressable, queues nothing and shows each rule at its field', async () => {
    await showCustomerForm(42, customerDetails);
    const deliver = screen.getByRole('button', { name: 'Deliver' });
    expect(deliver).toHaveProperty('disabled', false);
    fireEvent.click(deliver);
    await waitFor(() => expect(screen.getAllByText(ERROR_TEXT.DeliveryPhotoRequired).length).toBeGreaterThan(0));
    const photos = document.querySelector('[data-field="photos"]');
    expect(photos?.textContent).toContain(ERROR_TEXT.DeliveryPhotoRequired);
    expect(document.querySelector('[data-field="payment"]')?.textContent).toContain(ERROR_TEXT.PaymentMethodRequired);
    expect(screen.getByRole('button', { name: 'Deliver' })).toHaveProperty('disabled', false);
    const db = await getDatabase();
    expect(await db.outbox.find().exec()).toHaveLength(0);
    expect(worker.syncNow).not.toHaveBeenCalled();
  });

  it('offline, a complete rent-to-own delivery is queued on Deliver (no connection needed) and the worker is nudged', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const photo = (id: string): DraftPhoto => ({ id, mime_type: 'image/jpeg', extension: 'jpg', size: 10, width: 10, height: 10 });
      await showCustomerForm(43, { ...customerDetails, is_rto: true, rto_company_name: null });
      await patchDraft(await getDatabase(), session, 'customer', 43, {
        photos: [photo('p43')],
        signature: photo('s43'),
        deliveryMilesDriven: 12,
        deliveryGpsLat: 40,
        deliveryGpsLon: -76,
      });
      fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
      await waitFor(() => expect(worker.syncNow).toHaveBeenCalledTimes(1));
      const queued = await (await getDatabase()).outbox.find({ selector: { order_key: orderKey('customer', 43) } }).exec();
      expect(queued.map((e) => [e.kind, e.status])).toEqual([['deliver_customer_rto', 'queued']]);
    } finally {
      online.mockRestore();
    }
  });
});
