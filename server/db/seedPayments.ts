// Payments demo data: the sandbox processor's side of the cards the orders area lists
// (customer_saved_cards → card tokens + profiles, so "existing card" charges work on the
// demo data), and a short history of captured card and ACH payments, one partly refunded.
// Runs after the orders area's seed; deterministic (ctx.rand). Never a PAN or a CVV.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AreaSeed, AreaSeedContext } from './seedAreas';
import type { Tx } from './client';
import { customerOrderBilling, customerSavedCards } from './schemaOrders';
import { accounts, orders } from './schema';
import { achAccounts, cardProfiles, cardTokens, paymentTransactions } from './schemaPayments';

const BRAND_BIN: Readonly<Record<string, { brand: string; firstFour: string }>> = {
  Visa: { brand: 'VISA', firstFour: '4111' },
  Mastercard: { brand: 'MC', firstFour: '5454' },
  Discover: { brand: 'DISC', firstFour: '6011' },
  'American Express': { brand: 'AMEX', firstFour: '3782' },
};
// Real, checksum-valid routing numbers of large US banks (public bank identifiers).
const ROUTING_NUMBERS = ['021000021', '011000015', '026009593', '121000358', '031100209'];

const digits = (rand: () => number, n: number): string => Array.from({ length: n }, () => String(Math.floor(rand() * 10))).join('');

async function seedProfiles(tx: Tx, rand: () => number): Promise<void> {
  const listed = await tx
    .select({ card: customerSavedCards, order: orders, billing: customerOrderBilling })
    .from(customerSavedCards)
    .innerJoin(orders, eq(orders.id, customerSavedCards.orderId))
    .leftJoin(customerOrderBilling, eq(customerOrderBilling.orderId, orders.id))
    .orderBy(asc(customerSavedCards.id));
  for (const { card, order, billing } of listed) {
    const bin = BRAND_BIN[card.brand] ?? { brand: 'UNKNOWN', firstFour: null };
    const token = `9${digits(rand, 11)}${card.lastFour}`;
    await tx.insert(cardTokens).values({ token, companyId: card.companyId, brand: bin.brand, firstFour: bin.firstFour, lastFour: card.lastFour });
    await tx
      .insert(cardProfiles)
      .values({
        profileId: card.cardProfileId,
        companyId: card.companyId,
        customerOrderId: order.id,
        token,
        expiration: `${String(card.expMonth).padStart(2, '0')}${String(card.expYear % 100).padStart(2, '0')}`,
        name: `${order.customerFirstName ?? ''} ${order.customerLastName ?? ''}`.trim() || 'Card holder',
        billingAddress: billing?.streetAddressOne ?? null,
        billingCity: billing?.city ?? null,
        billingState: billing?.state ?? null,
        billingZip: billing?.zip ?? '',
        billingPhone: order.customerPhone,
        billingEmail: order.customerEmail,
        createdAt: new Date(order.createdAt.getTime() + 3600_000),
      })
      .onConflictDoNothing({ target: cardProfiles.profileId });
  }
}

async function seedHistory(tx: Tx, ctx: AreaSeedContext): Promise<void> {
  const { rand } = ctx;
  const delivered = await tx
    .select({ order: orders, profileId: cardProfiles.profileId, token: cardProfiles.token })
    .from(orders)
    .leftJoin(cardProfiles, and(eq(cardProfiles.customerOrderId, orders.id), eq(cardProfiles.companyId, orders.companyId)))
    .where(and(eq(orders.kind, 'customer'), isNotNull(orders.deliveredAt), isNotNull(orders.driverId)))
    .orderBy(asc(orders.id));
  const seen = new Set<number>();
  let refunds = 0;
  for (const { order, profileId, token } of delivered) {
    if (seen.has(order.id) || !order.deliveredAt) continue;
    seen.add(order.id);
    if (rand() < 0.35) continue; // paid in cash, by check on paper, or RTO
    const cents = 50_000 + Math.floor(rand() * 40) * 2_500; // $500–$1,475 in $25 steps
    const when = order.deliveredAt;
    const [driver] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, order.driverId ?? 0));
    const base = {
      companyId: order.companyId,
      accountId: driver?.id ?? null,
      respCode: '00',
      message: 'Approval',
      amountCents: cents,
      capturedCents: cents,
      orderNumber: order.orderNumber,
      createdAt: when,
      updatedAt: when,
      name: `${order.customerFirstName ?? ''} ${order.customerLastName ?? ''}`.trim(),
    };
    const retref = `${1 + Math.floor(rand() * 9)}${digits(rand, 11)}`;
    if (profileId && token) {
      const refunded = refunds < 2 && rand() < 0.2 ? 2_500 : 0; // a $25 goodwill refund, at most twice
      await tx.insert(paymentTransactions).values({
        ...base,
        retref,
        kind: 'sale',
        method: 'card',
        status: refunded ? 'partially_refunded' : 'captured',
        authCode: digits(rand, 6),
        profileId,
        token,
        refundedCents: refunded,
      });
      if (refunded) {
        refunds += 1;
        await tx.insert(paymentTransactions).values({
          ...base,
          retref: `${1 + Math.floor(rand() * 9)}${digits(rand, 11)}`,
          kind: 'refund',
          method: 'card',
          status: 'refunded',
          amountCents: refunded,
          capturedCents: refunded,
          authCode: null,
          profileId,
          token,
          parentRetref: retref,
          createdAt: new Date(when.getTime() + 2 * 86_400_000),
          updatedAt: new Date(when.getTime() + 2 * 86_400_000),
        });
      }
    } else {
      const lastFour = digits(rand, 4);
      const achToken = `9${digits(rand, 11)}${lastFour}`;
      await tx.insert(achAccounts).values({
        token: achToken,
        companyId: order.companyId,
        routingNumber: ROUTING_NUMBERS[Math.floor(rand() * ROUTING_NUMBERS.length)] ?? '021000021',
        accountLastFour: lastFour,
        name: base.name || 'Account holder',
        createdAt: when,
      });
      await tx.insert(paymentTransactions).values({ ...base, retref, kind: 'ach', method: 'ach', status: 'captured', authCode: null, token: achToken });
    }
  }
}

export const seedPayments: AreaSeed = async (tx, ctx) => {
  await seedProfiles(tx, ctx.rand);
  await seedHistory(tx, ctx);
};
