// The driver fills a delivery screen and presses Deliver: a photo (and for a customer the
// customer's signature, a check photo for a new check), the times the driver entered, the
// payment the path takes, then the app's queueDelivery. A new card is authorized online first
// (the worker's RPC), as the card form does.
import { addDraftImage, patchDraft, type CustomerDraft, type Session } from '../../../src/db';
import { queueDelivery } from '../../../src/outbox';
import { authorizeNewCard } from '../../../src/replication/cardAuth';
import { makeJpeg } from '../images';
import type { PaymentPath, Real } from './model';
import type { RunOrder } from './world';

export interface DriverTimes {
  began: string;
  ended: string;
  delivered: string;
}

const AMOUNT = '25';

/** The path this order takes: its own for RTO and the declining card, else the driver's pick (cash when the pick needs a card it lacks). */
export function pathFor(order: RunOrder, wanted: PaymentPath): PaymentPath {
  if (order.rto) return 'rto';
  if (order.declines) return wanted === 'existing_card' || wanted === 'declined_card' ? 'declined_card' : wanted === 'rto' ? 'cash' : wanted;
  if (wanted === 'rto' || wanted === 'declined_card') return 'cash';
  if (wanted === 'existing_card' && !order.card) return 'cash';
  return wanted;
}

async function paymentDraft(r: Real, order: RunOrder, path: PaymentPath): Promise<Partial<CustomerDraft> | null> {
  switch (path) {
    case 'rto':
      return {};
    case 'cash':
      return { paymentMethod: 'Cash', paymentAmount: AMOUNT };
    case 'no_payment':
      return { paymentMethod: 'NoPayment' };
    case 'new_check':
      return { paymentMethod: 'Check', checkSelection: 'NewCheck', paymentAmount: AMOUNT };
    case 'saved_check':
      return { paymentMethod: 'Check', checkSelection: 'SavedCheck', paymentAmount: AMOUNT, customerOrderSavedCheckId: order.checkId };
    case 'existing_card':
    case 'declined_card':
      return { paymentMethod: 'CreditCard', cardSelection: 'ExistingCard', paymentAmount: AMOUNT, cardProfileId: order.card };
    case 'new_card': {
      const outcome = await authorizeNewCard(r.device.engine.http, {
        customerOrderId: order.id,
        cardNumber: '4111111111111111',
        expMonth: '12',
        expYear: '30',
        cvv: '737',
        amount: `${AMOUNT}.00`,
        billingZip: '17601',
        paymentProcessingAccountId: null,
      });
      // Not authorized (no answer, a refusal): the card form says so and nothing is queued.
      return outcome.ok ? { paymentMethod: 'CreditCard', cardSelection: 'NewCard', paymentAmount: AMOUNT, newCard: outcome.card } : null;
    }
  }
}

/** Fills the screen and presses Deliver; the entry and the path taken, or why the phone refused (nothing queued). */
export async function deliver(
  r: Real,
  session: Session,
  order: RunOrder,
  wanted: PaymentPath,
  times: DriverTimes,
): Promise<{ entryId: string; path: PaymentPath | 'onlot' | 'move' } | { refused: string }> {
  const { db, blobs } = r.page;
  const image = async (seed: number) => ({ bytes: await makeJpeg(seed), type: 'image/jpeg' as const, width: 64, height: 48 });
  const added = await addDraftImage(db, blobs, session, order.kind, order.id, await image(order.id));
  if (!added.ok) throw new Error(`photo refused: ${added.error}`);
  const common = {
    deliveryMilesDriven: 17,
    deliveryBegan: times.began,
    deliveryEnded: times.ended,
    deliveryGpsLat: 39.1,
    deliveryGpsLon: -94.5,
    deliveryNote: `Delivered (${order.id})`,
    // The date the driver entered: it must travel as entered, whenever the entry is sent.
    dateDelivered: times.delivered,
  };
  let path: PaymentPath | 'onlot' | 'move' = order.kind === 'customer' ? pathFor(order, wanted) : order.kind;
  if (order.kind === 'customer') {
    const customerPath = pathFor(order, wanted);
    const payment = await paymentDraft(r, order, customerPath);
    if (!payment) return { refused: 'the new card was not authorized' };
    await addDraftImage(db, blobs, session, 'customer', order.id, await image(order.id + 7), 'signature');
    if (customerPath === 'new_check') await addDraftImage(db, blobs, session, 'customer', order.id, await image(order.id + 9), 'check');
    const doc = await db.customer_deliveries.findOne(order.key).exec();
    const questions = doc?.server?.driver_delivery_survey_questions ?? [];
    await patchDraft(db, session, 'customer', order.id, {
      ...common,
      signatureFrom: 'customer',
      surveyAnswers: Object.fromEntries(questions.map((q) => [String(q.id), q.type === 'YESNO' ? true : 'All good'])),
      ...payment,
    });
    path = customerPath;
  } else await patchDraft(db, session, order.kind, order.id, common);
  const queued = await queueDelivery(db, session, order.kind, order.id, new Date(r.device.clock.t));
  return queued.ok ? { entryId: queued.entryId, path } : { refused: `${path}: ${queued.errors.join(', ')}` };
}
