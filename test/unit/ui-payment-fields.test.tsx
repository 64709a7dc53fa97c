// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emptyCustomerDraft, type CustomerDraft } from '../../src/db';
import { ERROR_TEXT, validateDelivery, type CustomerDeliveryDetails, type SavedCheck } from '../../src/domain';
import { customerFacts } from '../../src/outbox';
import { PaymentFields, type PaymentField } from '../../src/ui/components/customer/PaymentFields';
import { CUSTOMER_FIELD_OF } from '../../src/ui/components/customer/customerFields';
import type { DraftWriter } from '../../src/ui/hooks/useDraftWriter';
import { applyLanguage } from '../../src/ui/i18n';
import { errorText } from '../../src/ui/i18n/domainText';
import { authorizedCard, customerDetails } from '../support/customerDetails';
import { minTargetHeightPx, renderUi } from '../support/renderUi';

// The new-card panel inside asks the sync worker to authorize; no test here gets that far.
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => ({ authorizeCard: vi.fn() }) }));

const savedChecks: SavedCheck[] = [
  { id: 31, customer_order_id: 5, name: 'Ada Yoder', bank_name: 'First Bank', account_last_four: '6789', created_at: '2026-11-01T00:00:00.000Z' },
];

/**
 * The draft as the delivery screen holds it (the writer's patches land in it), and Deliver's
 * errors from the real SPEC §5 rules once `tried` (the driver pressed Deliver).
 */
function Harness({
  start = {},
  details = customerDetails,
  checks = savedChecks,
  locked = false,
  tried = false,
}: {
  start?: Partial<CustomerDraft>;
  details?: CustomerDeliveryDetails;
  checks?: SavedCheck[] | null;
  locked?: boolean;
  tried?: boolean;
}) {
  const [draft, setDraft] = useState<CustomerDraft>({ ...emptyCustomerDraft(), ...start });
  const writer: DraftWriter<'customer'> = {
    kind: 'customer',
    orderId: 5,
    patch: (patch) => setDraft((d) => ({ ...d, ...patch })),
    update: (change) => setDraft((d) => ({ ...d, ...change(d) })),
    run: () => {},
    hold: () => {},
    drop: () => {},
    flush: () => Promise.resolve(),
    saveImage: () => Promise.resolve(),
    removeImage: () => Promise.resolve(),
  };
  const errors = tried ? validateDelivery(customerFacts(details, draft)) : [];
  const errorFor = (field: PaymentField): string | null => {
    const code = errors.find((e) => CUSTOMER_FIELD_OF[e] === field);
    return code ? errorText(code) : null;
  };
  return (
    <>
      <PaymentFields orderId={5} details={details} draft={draft} savedChecks={checks} writer={writer} locked={locked} errorFor={errorFor} />
      <output data-testid="draft">{JSON.stringify(draft)}</output>
    </>
  );
}

const group = (name: string) => screen.getByRole('group', { name });
const choose = (groupName: string, label: string) => fireEvent.click(within(group(groupName)).getByRole('button', { name: label }));
const draftNow = () => JSON.parse(screen.getByTestId('draft').textContent ?? '{}') as CustomerDraft;
const amountField = () => screen.queryByLabelText<HTMLInputElement>('Amount collected ($)');

describe('PaymentFields (payment at delivery, SPEC §1 §5)', { timeout: 20_000 }, () => {
  it('shows the balance and the four methods as large buttons; the chosen one is pressed and written to the draft', () => {
    renderUi(<Harness />);
    expect(screen.getByText('Remaining balance: $500.00')).toBeTruthy();
    const buttons = within(group('Payment method')).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Cash', 'Check', 'Credit card', 'No payment']);
    for (const b of buttons) expect(minTargetHeightPx(b)).toBeGreaterThanOrEqual(48);
    expect(amountField()).toBeNull();
    choose('Payment method', 'Cash');
    expect(draftNow().paymentMethod).toBe('Cash');
    expect(within(group('Payment method')).getByRole('button', { name: 'Cash' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('writes the balance as the language writes money: thousands grouped (issue 25), Spanish too', async () => {
    const view = renderUi(<Harness details={{ ...customerDetails, remaining_balance: '3383.50' }} />);
    expect(screen.getByText('Remaining balance: $3,383.50')).toBeTruthy();
    view.unmount();
    await applyLanguage('es');
    try {
      renderUi(<Harness details={{ ...customerDetails, remaining_balance: '13383.50' }} />);
      expect(screen.getByText('Saldo pendiente: 13.383,50 $')).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });

  it('cash asks only for the amount, filled in with the remaining balance as a real value (no grey hint), each keystroke kept in the draft', () => {
    renderUi(<Harness />);
    choose('Payment method', 'Cash');
    expect(screen.queryByRole('group', { name: 'Check' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Card' })).toBeNull();
    expect(amountField()?.value).toBe('500.00');
    expect(amountField()?.placeholder ?? '').toBe('');
    expect(draftNow().paymentAmount).toBe('500.00');
    fireEvent.change(amountField() as HTMLInputElement, { target: { value: '250.25' } });
    expect(draftNow().paymentAmount).toBe('250.25');
    // Another method keeps what the driver typed.
    choose('Payment method', 'Check');
    expect(draftNow().paymentAmount).toBe('250.25');
  });

  it('an emptied, malformed or over-balance amount is refused under the amount with its text (issue 22)', () => {
    const cases: [string, string][] = [
      ['', ERROR_TEXT.PaymentAmountRequired],
      ['-5', ERROR_TEXT.InvalidAmount],
      ['125.555', ERROR_TEXT.InvalidAmount],
      ['1e3', ERROR_TEXT.InvalidAmount],
      ['500.01', ERROR_TEXT.PaymentExceedsBalance],
    ];
    for (const [amount, text] of cases) {
      const { unmount } = renderUi(<Harness start={{ paymentMethod: 'Cash', paymentAmount: amount }} tried />);
      expect(screen.getByText(text).closest('[data-field="amount"]'), amount).not.toBeNull();
      unmount();
    }
  });

  it('a new card authorized for an amount shows that amount, read-only, until another card is authorized', () => {
    const newCard = authorizedCard('120.00');
    renderUi(<Harness start={{ paymentMethod: 'CreditCard', cardSelection: 'NewCard', newCard, paymentAmount: '120.00' }} />);
    expect(amountField()?.value).toBe('120.00');
    expect(amountField()?.readOnly).toBe(true);
    expect(screen.getByText(/To charge another amount, use another card/)).toBeTruthy();
  });

  it('no payment takes no amount', () => {
    renderUi(<Harness start={{ paymentMethod: 'NoPayment' }} />);
    expect(amountField()).toBeNull();
    expect(screen.queryByRole('group', { name: 'Check' })).toBeNull();
  });

  it('an amount that is not a number is refused on Deliver with the SPEC text under the amount', () => {
    renderUi(<Harness start={{ paymentMethod: 'Cash', paymentAmount: '12,50' }} tried />);
    const field = screen.getByText(ERROR_TEXT.PaymentAmountIsNan);
    expect(field.closest('[data-field="amount"]')).not.toBeNull();
  });

  it('Deliver without a method asks for one at the method buttons', () => {
    renderUi(<Harness tried />);
    expect(screen.getByText(ERROR_TEXT.PaymentMethodRequired).closest('[data-field="payment"]')).not.toBeNull();
  });

  it("check: new or saved; a saved check is chosen from the order's list", () => {
    renderUi(<Harness start={{ paymentMethod: 'Check' }} />);
    expect(amountField()).not.toBeNull();
    expect(
      within(group('Check'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['New check', 'Saved check']);
    choose('Check', 'Saved check');
    choose('Saved check', 'Ada Yoder · First Bank ····6789');
    expect(draftNow()).toMatchObject({ checkSelection: 'SavedCheck', customerOrderSavedCheckId: 31 });
  });

  it('saved checks not downloaded yet, or none: says so instead of an empty list', () => {
    const first = renderUi(<Harness start={{ paymentMethod: 'Check', checkSelection: 'SavedCheck' }} checks={null} />);
    expect(screen.getByText('Saved checks download the next time the app syncs online.')).toBeTruthy();
    first.unmount();
    renderUi(<Harness start={{ paymentMethod: 'Check', checkSelection: 'SavedCheck' }} checks={[]} />);
    expect(screen.getByText('This order has no saved checks. Take a photo of a new check instead.')).toBeTruthy();
  });

  it("card: choosing a saved card preselects the customer's card", () => {
    renderUi(<Harness start={{ paymentMethod: 'CreditCard' }} />);
    expect(
      within(group('Card'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Saved card', 'New card']);
    choose('Card', 'Saved card');
    expect(draftNow()).toMatchObject({ cardSelection: 'ExistingCard', cardProfileId: 'P1' });
    expect(within(group('Saved card')).getByRole('button', { name: 'Visa ····1881 · exp 11/31' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('card with no saved card on file points the driver to New card', () => {
    renderUi(<Harness start={{ paymentMethod: 'CreditCard', cardSelection: 'ExistingCard' }} details={{ ...customerDetails, customer_card_list: [] }} />);
    expect(screen.getByText('This customer has no saved card. Choose New card.')).toBeTruthy();
  });

  it('new card opens the card form; offline it cannot authorize and says why', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderUi(<Harness start={{ paymentMethod: 'CreditCard' }} />);
      choose('Card', 'New card');
      expect(screen.getByTestId('new-card-form')).toBeTruthy();
      const authorize = screen.getByRole('button', { name: 'Authorizing a card needs a connection' });
      expect(authorize).toHaveProperty('disabled', true);
    } finally {
      online.mockRestore();
    }
  });

  it('locked (the delivery is queued): nothing can be changed', () => {
    renderUi(<Harness start={{ paymentMethod: 'Cash', paymentAmount: '10' }} locked />);
    for (const b of within(group('Payment method')).getAllByRole('button')) expect(b).toHaveProperty('disabled', true);
    expect(amountField()).toHaveProperty('disabled', true);
  });
});
