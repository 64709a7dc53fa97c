// @vitest-environment happy-dom
// Issue 22 item 7: a declined new card followed by Deliver said "Invalid Credit Card Number"
// (the rule that the draft holds no authorization, CreditCardNumberRequired, wore the
// processor's invalid-number text). Now the driver sees the decline and "Authorize the card
// before delivering"; nothing is queued.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyCustomerDraft } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import { ERROR_TEXT } from '../../src/domain';
import { customerDetails } from '../support/customerDetails';
import { showCustomerForm } from '../support/customerForm';

vi.mock('../../src/db/browserDatabase', () => import('../support/uiDatabase'));
const worker = vi.hoisted(() => ({ syncNow: vi.fn(() => Promise.resolve()), authorizeCard: vi.fn() }));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => worker }));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(async () => {
  await Promise.all([getDatabase(), getBlobStore()]);
});

describe('a declined new card, then Deliver', { timeout: 30_000 }, () => {
  it('shows the decline and "Authorize the card before delivering", never "Invalid Credit Card Number"; nothing queued', async () => {
    worker.authorizeCard.mockResolvedValue({ ok: false, message: 'Declined' });
    await showCustomerForm(51, customerDetails, { ...emptyCustomerDraft(), paymentMethod: 'CreditCard', cardSelection: 'NewCard', paymentAmount: '120.50' });
    type('Card number', '4111111111111111');
    type('Expiry (MM/YY)', '1230');
    type('CVV', '737');
    fireEvent.click(screen.getByRole('button', { name: /authoriz/i }));
    await screen.findByTestId('card-auth-error');
    expect(screen.getByTestId('card-auth-error').textContent).toContain('Declined');

    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    const card = () => document.querySelector('[data-field="card"]')?.textContent ?? '';
    await waitFor(() => expect(card()).toContain('Authorize the card before delivering'));
    expect(ERROR_TEXT.CreditCardNumberRequired).toBe('Authorize the card before delivering');
    expect(card()).toContain('Declined');
    expect(document.body.textContent).not.toContain('Invalid Credit Card Number');
    expect(await (await getDatabase()).outbox.find().exec()).toHaveLength(0);
  });
});
