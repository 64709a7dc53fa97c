// The driver app's card calls on the main API host (SPEC §7 "Other action calls"; the HTTP
// side is routes/payments.ts): auth_new_card authorizes a new card for one of the driver's
// live customer orders (default amount: the order's remaining balance) with the holder's billing
// as typed (the order's stored billing for what the body leaves out), saves its profile to
// the order's card list, and answers {profile_id, first_four_digits, retref, token, …}; the
// new-card delivery then captures that retref. profile_inquiry is services/payments/calls.ts
// savedCard. Both go through services/access.ts: the caller's order, a card the caller may use.
import { toCents, type CardconnectAuthNewCardBody, type TokenClaims } from '../../../src/domain';
import { billingOf, type BillingRow } from '../../repositories/customerOrders';
import { lockCompanyOrders, touchOrder, type OrderViewRow } from '../../repositories/orders';
import { insertSavedCard } from '../../repositories/savedCards';
import { requireOrder, usableCardAccount } from '../access';
import type { Complete, Outcome } from '../idempotency';
import type { PaymentDeps } from './calls';
import type { BillingDetails, CardAuthResult, CardBrand } from './gateway';
import { cardAuthBody, gatewayError } from './outcomes';

/** customer_saved_cards spells brands for display, as the orders area seeds them. */
const BRAND_DISPLAY: Readonly<Record<CardBrand, string>> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  DISC: 'Discover',
  AMEX: 'American Express',
  UNKNOWN: 'Card',
};

/** The holder's billing as the driver typed it; what the body leaves out, from the order's stored billing. */
function holderBilling(body: CardconnectAuthNewCardBody, order: OrderViewRow, billing: BillingRow | undefined): BillingDetails {
  return {
    firstName: body.first_name ?? order.customerFirstName ?? '',
    lastName: body.last_name ?? order.customerLastName ?? '',
    address: body.billing_address ?? billing?.streetAddressOne ?? '',
    city: body.billing_city ?? billing?.city ?? '',
    state: body.billing_state ?? billing?.state ?? '',
    zip: body.billing_zip ?? billing?.zip ?? '',
    phone: body.billing_phone ?? order.customerPhone ?? '',
    email: body.billing_email ?? order.customerEmail,
  };
}

export async function authorizeCardForOrder(deps: PaymentDeps, auth: TokenClaims, body: CardconnectAuthNewCardBody, complete: Complete): Promise<Outcome> {
  const settled = await deps.db.transaction(async (tx) => {
    // Saving the card writes the order's card list, so take the orders lock like every writer.
    await lockCompanyOrders(tx, auth.company_id);
    const order = await requireOrder(tx, auth, { kind: 'customer', id: body.customer_order_id }, 'charge');
    const billing = await billingOf(tx, auth.company_id, order.id);
    const amount = body.amount ?? (toCents(billing?.remainingBalance ?? '0', { allowZero: true }) ?? 0) / 100;
    const expiration = `${body.card_exp_month}${body.card_exp_year}`;
    const scope = { companyId: auth.company_id, accountId: auth.account_id, orderId: order.id, tx };
    const result: CardAuthResult = await deps.payments.authorizeNewCard(scope, {
      accountToken: await usableCardAccount(tx, auth, body.card_token),
      expiration,
      amount,
      cvv: body.card_cvv,
      orderNumber: order.orderNumber,
      customerOrderId: order.id,
      billing: holderBilling(body, order, billing),
    });
    if (!result.approved || !result.profileId || !result.lastFour) return { result, body: null };
    await insertSavedCard(tx, {
      orderId: order.id,
      companyId: auth.company_id,
      cardProfileId: result.profileId,
      lastFour: result.lastFour,
      brand: BRAND_DISPLAY[result.brand ?? 'UNKNOWN'],
      expMonth: Number(body.card_exp_month),
      expYear: 2000 + Number(body.card_exp_year),
    });
    // Any update bumps updated_at (trigger): the next delivery-details pull shows the new card.
    await touchOrder(tx, order.id);
    const out = { ...cardAuthBody(result), customer_order_id: order.id, expiration };
    await complete(tx, 200, out);
    return { result, body: out };
  });
  if (!settled.body) throw gatewayError(settled.result);
  return { status: 200, body: settled.body };
}
