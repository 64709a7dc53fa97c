// Demo data of the deliveries area: what each seeded customer-order delivery took (RTO, card,
// check, cash or nothing), matching the payments area's history, and — for each company's
// latest few deliveries — a signature and building photos, so a demo certificate shows them;
// and each one's happy list as the driver left it (most items ticked).
// Runs after the profile (deliveries rows), orders (billing, checks) and payments seeds.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from './client';
import { customerDeliveries, customerOrderBilling, customerOrderChecks, deliveries, deliveryImages, orderPayments, orders, uploads } from './schema';
import { cardTokens, paymentTransactions } from './schemaPayments';
import type { AreaSeed } from './seedAreas';

type Rand = () => number;
const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
const cents = (n: number): string => (n / 100).toFixed(2);
/** Demo deliveries per company that get a signature and photos. */
const WITH_IMAGES = 3;

/** A v4-shaped uuid from the seeded PRNG: the demo data stays the same on every machine. */
function seededUuid(rand: Rand): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + Math.floor(rand() * 4)).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function shedSvg(rand: Rand): string {
  const [wall, trim, roof] =
    [
      ['#8b2e2e', '#f4efe6', '#3b3b3b'],
      ['#e8e1cf', '#2f4f3a', '#5a4634'],
      ['#6f7f5a', '#ffffff', '#2d2d2d'],
      ['#b5651d', '#fdf5e6', '#444'],
    ][int(rand, 0, 3)] ?? [];
  const x = int(rand, 180, 260);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
    <rect width="960" height="720" fill="#bcd9ef"/><rect y="470" width="960" height="250" fill="#6d9b4a"/>
    <rect x="${x - 40}" y="560" width="560" height="24" fill="#9a9a9a"/>
    <rect x="${x}" y="300" width="480" height="260" fill="${wall}" stroke="${trim}" stroke-width="8"/>
    <polygon points="${x - 30},310 ${x + 240},170 ${x + 510},310" fill="${roof}"/>
    <rect x="${x + 180}" y="380" width="120" height="180" fill="${trim}"/><line x1="${x + 240}" y1="380" x2="${x + 240}" y2="560" stroke="${wall}" stroke-width="4"/>
    <rect x="${x + 50}" y="360" width="80" height="70" fill="#d8e8f4" stroke="${trim}" stroke-width="8"/>
    <rect x="${x + 350}" y="360" width="80" height="70" fill="#d8e8f4" stroke="${trim}" stroke-width="8"/>
  </svg>`;
}

function signatureSvg(rand: Rand): string {
  let d = `M 30 ${int(rand, 90, 130)}`;
  for (let x = 60; x <= 560; x += int(rand, 35, 70)) {
    d += ` C ${x - 20} ${int(rand, 20, 80)}, ${x - 10} ${int(rand, 140, 190)}, ${x} ${int(rand, 80, 140)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#ffffff"/>
    <path d="${d}" fill="none" stroke="#1b2a4a" stroke-width="4" stroke-linecap="round"/></svg>`;
}

async function addUpload(tx: Tx, rand: Rand, owner: { companyId: number; accountId: number }, folder: string, svg: string, png: boolean): Promise<string> {
  const pipeline = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }); // no alpha: a plain RGB image
  const { data, info } = await (png ? pipeline.png() : pipeline.jpeg({ quality: 80 })).toBuffer({ resolveWithObject: true });
  const guid = seededUuid(rand);
  await tx.insert(uploads).values({
    guid,
    companyId: owner.companyId,
    accountId: owner.accountId,
    folder,
    mime: png ? 'image/png' : 'image/jpeg',
    extension: png ? 'png' : 'jpg',
    bytes: data,
    byteSize: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    width: info.width,
    height: info.height,
  });
  return guid;
}

type Payment = Omit<typeof orderPayments.$inferInsert, 'companyId' | 'orderId' | 'deliveryId'>;

/** The payments area's record of this order's charge, if it seeded one: card sale or ACH debit. */
async function paymentOf(
  tx: Tx,
  rand: Rand,
  companyId: number,
  orderId: number,
  orderNumber: string,
): Promise<{ call: 'existing_card' | 'saved_check' | 'new_check' | 'cash' | 'no_payment'; payment: Payment | null }> {
  const [txn] = await tx
    .select({ t: paymentTransactions, lastFour: cardTokens.lastFour })
    .from(paymentTransactions)
    .leftJoin(cardTokens, eq(cardTokens.token, paymentTransactions.token))
    .where(and(eq(paymentTransactions.companyId, companyId), eq(paymentTransactions.orderNumber, orderNumber), isNull(paymentTransactions.parentRetref)))
    .limit(1);
  if (txn?.t.method === 'card') {
    return {
      call: 'existing_card',
      payment: {
        method: 'CreditCard',
        source: 'existing_card',
        amount: cents(txn.t.amountCents),
        cardProfileId: txn.t.profileId,
        cardLastFour: txn.lastFour,
        authorizationCode: txn.t.authCode,
        retref: txn.t.retref,
        createdAt: txn.t.createdAt,
      },
    };
  }
  if (txn) {
    const [check] = await tx.select({ id: customerOrderChecks.id }).from(customerOrderChecks).where(eq(customerOrderChecks.orderId, orderId)).limit(1);
    return check
      ? {
          call: 'saved_check',
          payment: { method: 'Check', source: 'saved_check', amount: cents(txn.t.amountCents), savedCheckId: check.id, createdAt: txn.t.createdAt },
        }
      : { call: 'new_check', payment: { method: 'Check', source: 'new_check', amount: cents(txn.t.amountCents), createdAt: txn.t.createdAt } };
  }
  if (rand() < 0.6) return { call: 'cash', payment: { method: 'Cash', source: 'cash', amount: cents(int(rand, 20, 60) * 2500) } };
  return { call: 'no_payment', payment: null };
}

const METHOD = { existing_card: 'CreditCard', saved_check: 'Check', new_check: 'Check', cash: 'Cash', no_payment: 'NoPayment' } as const;

export const seedDeliveries: AreaSeed = async (tx, ctx) => {
  const { rand } = ctx;
  const rows = await tx
    .select({ delivery: deliveries, order: orders, isRto: customerOrderBilling.isRto })
    .from(deliveries)
    .innerJoin(orders, eq(orders.id, deliveries.orderId))
    .leftJoin(customerOrderBilling, eq(customerOrderBilling.orderId, orders.id))
    .leftJoin(customerDeliveries, eq(customerDeliveries.deliveryId, deliveries.id))
    .where(and(eq(deliveries.kind, 'customer'), isNotNull(orders.deliveredAt), isNull(customerDeliveries.deliveryId)))
    .orderBy(desc(deliveries.dateDelivered), desc(deliveries.id));
  const imaged = new Map<number, number>();
  for (const { delivery, order, isRto } of rows) {
    const owner = { companyId: delivery.companyId, accountId: delivery.driverId };
    let signatureGuid: string | null = null;
    if ((imaged.get(owner.companyId) ?? 0) < WITH_IMAGES) {
      imaged.set(owner.companyId, (imaged.get(owner.companyId) ?? 0) + 1);
      signatureGuid = await addUpload(tx, rand, owner, '/deliver-customer-order/signature', signatureSvg(rand), true);
      for (let position = 0; position < 2; position += 1) {
        const guid = await addUpload(tx, rand, owner, '/deliver-customer-order/delivery', shedSvg(rand), false);
        await tx.insert(deliveryImages).values({ deliveryId: delivery.id, uploadGuid: guid, position });
      }
    }
    const { call, payment } = isRto ? { call: 'rto' as const, payment: null } : await paymentOf(tx, rand, order.companyId, order.id, order.orderNumber);
    if (payment) await tx.insert(orderPayments).values({ ...payment, companyId: order.companyId, orderId: order.id, deliveryId: delivery.id });
    // Delivered orders carry no balance any more (orders seed): what was paid was the balance.
    const paid = payment?.amount ?? '0.00';
    await tx.insert(customerDeliveries).values({
      deliveryId: delivery.id,
      orderId: order.id,
      companyId: order.companyId,
      call,
      paymentMethod: call === 'rto' ? null : METHOD[call],
      signatureGuid,
      signatureFrom: signatureGuid ? (rand() < 0.85 ? 'customer' : 'driver') : null,
      balanceBefore: paid,
      balanceAfter: '0.00',
    });
  }
  // Set-based and without the PRNG, so the rest of the demo data stays as it was.
  await tx.execute(sql`
    INSERT INTO delivery_happy_list_results (delivery_id, company_id, item, text, value, position)
    SELECT cd.delivery_id, h.company_id, h.item, h.text, (cd.delivery_id + h.position) % 5 <> 0, h.position
    FROM customer_deliveries cd JOIN happy_list_items h ON h.order_id = cd.order_id AND h.company_id = cd.company_id
    WHERE NOT EXISTS (SELECT 1 FROM delivery_happy_list_results r WHERE r.delivery_id = cd.delivery_id)`);
};
