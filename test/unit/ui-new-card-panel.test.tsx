// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorizedCard } from '../../src/db';
import { ERROR_TEXT, PAYMENT_TEXT } from '../../src/domain';
import type { CardAuthInput, CardAuthOutcome } from '../../src/replication/cardAuth';
import { NewCardPanel } from '../../src/ui/components/NewCardPanel';
import { customerDetails } from '../support/customerDetails';
import { renderUi } from '../support/renderUi';

// The worker boundary: the panel asks the sync worker to authorize; each test answers for it.
const worker = vi.hoisted(() => ({ authorizeCard: vi.fn<(input: CardAuthInput) => Promise<CardAuthOutcome>>() }));
vi.mock('../../src/workers/client', () => ({ getSyncClient: () => worker }));

const PAN = '4111111111111111';
const CVV = '737';
const approved: AuthorizedCard = {
  profileId: 'PR9',
  firstFour: '4111',
  lastFour: '1111',
  retref: 'R1',
  token: '9418594164541111',
  expMonth: '12',
  expYear: '30',
  amount: '120.50',
};

/** The panel as PaymentFields holds it: the authorized card lives in the parent's draft. */
function Harness({
  amount = '120.50',
  online = true,
  onAuthorized = () => {},
}: {
  amount?: string;
  online?: boolean;
  onAuthorized?: (card: AuthorizedCard) => void;
}) {
  const [authorized, setAuthorized] = useState<AuthorizedCard | null>(null);
  return (
    <NewCardPanel
      customerOrderId={5}
      details={customerDetails}
      amount={amount}
      authorized={authorized}
      online={online}
      disabled={false}
      onAuthorized={(card) => {
        onAuthorized(card);
        setAuthorized(card);
      }}
      onReset={() => setAuthorized(null)}
    />
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const authorizeButton = () => screen.getByRole('button', { name: /authoriz/i });

function fillCard(): void {
  type('Card number', PAN);
  type('Expiry (MM/YY)', '1230');
  type('CVV', CVV);
}

beforeEach(() => {
  worker.authorizeCard.mockReset();
});

describe('NewCardPanel (a new card, authorized online, SPEC §3 §5)', { timeout: 20_000 }, () => {
  it('prefills the billing details from the order and formats what the driver types', () => {
    renderUi(<Harness />);
    expect(input('First name').value).toBe('Ada');
    expect(input('Last name').value).toBe('Yoder');
    expect(input('State').value).toBe('PA');
    expect(input('ZIP').value).toBe('17601');
    fillCard();
    expect(input('Card number').value).toBe('4111 1111 1111 1111');
    expect(input('Expiry (MM/YY)').value).toBe('12/30');
    type('CVV', '12a34567');
    expect(input('CVV').value).toBe('1234');
  });

  it('sends the holder billing as typed (SPEC §7 auth-new-card), not only the ZIP', () => {
    worker.authorizeCard.mockImplementation(() => new Promise(() => {}));
    renderUi(<Harness />);
    fillCard();
    type('First name', 'Dana');
    type('Last name', 'Whitfield');
    type('Street address', '88 Quarry Rd');
    type('City', 'Intercourse');
    type('State', 'pa');
    type('ZIP', '17534');
    fireEvent.click(authorizeButton());
    expect(worker.authorizeCard.mock.calls[0]?.[0]).toMatchObject({
      billingZip: '17534',
      holder: {
        firstName: 'Dana',
        lastName: 'Whitfield',
        streetAddress: '88 Quarry Rd',
        city: 'Intercourse',
        state: 'PA',
        phone: '7175550100',
        email: 'ada@example.com',
      },
    });
  });

  it('refuses a card number that fails the check digit, under its field, without calling the processor', () => {
    renderUi(<Harness />);
    fillCard();
    type('Card number', '4111111111111112');
    fireEvent.click(authorizeButton());
    expect(screen.getByText(ERROR_TEXT.InvalidCreditCardNumber)).toBeTruthy();
    expect(worker.authorizeCard).not.toHaveBeenCalled();
  });

  it('refuses an amount with 3 decimals with the SPEC text, without calling the processor', () => {
    renderUi(<Harness amount="120.505" />);
    fillCard();
    fireEvent.click(authorizeButton());
    expect(screen.getByText(ERROR_TEXT.ErrorAuthenticatingCard)).toBeTruthy();
    expect(screen.getByText(`Payment amount: ${PAYMENT_TEXT.amount}`)).toBeTruthy();
    expect(worker.authorizeCard).not.toHaveBeenCalled();
  });

  it("shows the processor's refusal and forgets the CVV (the card number stays to correct)", async () => {
    worker.authorizeCard.mockResolvedValue({ ok: false, message: 'Card declined by issuer' });
    renderUi(<Harness />);
    fillCard();
    fireEvent.click(authorizeButton());
    await screen.findByText('Card declined by issuer');
    expect(screen.getByText(ERROR_TEXT.ErrorAuthenticatingCard)).toBeTruthy();
    expect(input('CVV').value).toBe('');
    expect(input('Card number').value).toBe('4111 1111 1111 1111');
  });

  it('a worker failure shows only the SPEC text and forgets the CVV', async () => {
    worker.authorizeCard.mockImplementation(() => Promise.reject(new Error('worker crashed with 4111111111111111')));
    renderUi(<Harness />);
    fillCard();
    fireEvent.click(authorizeButton());
    await screen.findByText(ERROR_TEXT.ErrorAuthenticatingCard);
    expect(document.body.textContent).not.toContain('worker crashed');
    expect(input('CVV').value).toBe('');
  });

  it('sends the card once, keeps neither number nor CVV after approval, and offers another card with empty fields', async () => {
    let answer: (outcome: CardAuthOutcome) => void = () => {};
    worker.authorizeCard.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const onAuthorized = vi.fn();
    renderUi(<Harness amount=" 120.50 " onAuthorized={onAuthorized} />);
    fillCard();
    fireEvent.click(authorizeButton());
    fireEvent.click(authorizeButton());
    await waitFor(() => expect(authorizeButton().textContent).toContain('Authorizing'));
    expect(worker.authorizeCard).toHaveBeenCalledTimes(1);
    expect(worker.authorizeCard.mock.calls[0]?.[0]).toMatchObject({
      customerOrderId: 5,
      cardNumber: PAN,
      expMonth: '12',
      expYear: '30',
      cvv: CVV,
      amount: '120.50',
      billingZip: '17601',
      paymentProcessingAccountId: 'ACC-1',
    });
    act(() => answer({ ok: true, card: approved }));
    await screen.findByText('Card ending 1111 authorized for $120.50');
    expect(onAuthorized).toHaveBeenCalledWith(approved);
    expect(document.body.innerHTML).not.toContain(PAN);
    expect(document.body.innerHTML).not.toContain('4111 1111');
    expect(document.querySelectorAll('input')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Use another card' }));
    expect(input('Card number').value).toBe('');
    expect(input('CVV').value).toBe('');
    expect(input('Expiry (MM/YY)').value).toBe('');
  });

  it('tells the driver when the amount changed after the card was authorized', async () => {
    worker.authorizeCard.mockResolvedValue({ ok: true, card: approved });
    const view = renderUi(<Harness amount="120.50" />);
    fillCard();
    fireEvent.click(authorizeButton());
    await screen.findByText('Card ending 1111 authorized for $120.50');
    expect(screen.queryByText(/payment amount is now/i)).toBeNull();
    view.rerender(<Harness amount="99" />);
    expect(screen.getByText('The payment amount is now $99.00. Use another card to authorize the new amount.')).toBeTruthy();
  });

  it('offline, authorizing is unavailable and says it needs a connection', () => {
    renderUi(<Harness online={false} />);
    fillCard();
    const button = authorizeButton();
    expect(button.textContent).toBe('Authorizing a card needs a connection');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(worker.authorizeCard).not.toHaveBeenCalled();
  });
});
