// The differential harness of issue 22: one generated customer delivery judged twice, by the
// phone (queueDelivery on a real RxDB over fake-indexeddb, with the delivery details the
// server sends for that order) and by the server (the same call, the same body, the same
// order state, on loopback). Each case gets a fresh order cloned from a seeded one, so a
// committed delivery never changes another case's state.
import { readSession, type CustomerDraft, type DraftPhoto } from '../../src/db';
import {
  CUSTOMER_DELIVER_KEYS,
  ORDER_KIND_SPECS,
  centsText,
  typedAmountCents,
  type CustomerDeliverCall,
  type CustomerDeliveryDetails,
  type ErrorCode,
  type ImageRecord,
} from '../../src/domain';
import { customerCallOf, customerPayload, queueDelivery } from '../../src/outbox';
import { CUSTOMER_DELIVER_KINDS } from '../../src/outbox/kinds/deliverCustomer';
import { ensureDeliveryDoc, patchDraft } from '../../src/db';
import { authorizeNewCard } from '../../src/replication/cardAuth';
import { call, newKey, postJson } from '../integration/helpers';
import type { Device } from './device';
import type { TestServer } from './server';

export interface PaymentCase {
  path: CustomerDeliverCall;
  /** The order's remaining balance, as the server holds it (and sends to the phone). */
  balance: string;
  /** What the driver left in the amount field. */
  amount: string;
  signed: boolean;
  /** ExistingCard: the order's saved card, a card the phone was never sent, or none chosen. */
  card: 'saved' | 'unknown' | 'none';
  /** SavedCheck: the order's saved check, or none chosen. */
  check: 'saved' | 'none';
  /** NewCard: the amount the card was authorized for online first; null: not authorized. */
  authorized: string | null;
}

export interface Judged {
  phone: { ok: true } | { ok: false; errors: ErrorCode[] };
  server: { status: number; error: string | null };
  /** Committed: what the server recorded as paid (null: no payment row). */
  recorded: string | null;
}

/** The uploads every case's body names (one upload may be named by many deliveries). */
export interface Uploads {
  photo: ImageRecord;
  signature: ImageRecord;
  check: ImageRecord;
}

const fakePhoto = (id: string): DraftPhoto => ({ id, mime_type: 'image/jpeg', extension: 'jpg', size: 10, width: 10, height: 10 });
let sequence = 0;

/** A fresh live customer order of the driver, cloned from `template`, in the case's state. */
async function freshOrder(server: TestServer, template: number, c: PaymentCase): Promise<number> {
  const columns = (
    await server.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'orders'
         AND column_name NOT IN ('id', 'order_number', 'delivered_at', 'cancelled_at', 'created_at', 'updated_at')`,
    )
  ).map((r) => r.column_name);
  const list = columns.join(', ');
  sequence += 1;
  const [row] = await server.query<{ id: number }>(`INSERT INTO orders (${list}, order_number) SELECT ${list}, $2 FROM orders WHERE id = $1 RETURNING id`, [
    template,
    `DIFF-${process.pid}-${sequence}`,
  ]);
  const id = Number(row?.id);
  await server.query(
    `INSERT INTO customer_order_billing (order_id, company_id, name_on_order, is_rto, rto_company_name, remaining_balance, street_address_one, street_address_two, city, state, zip)
     SELECT $2, company_id, name_on_order, $3, CASE WHEN $3 THEN 'Test RTO' END, $4::numeric, street_address_one, street_address_two, city, state, zip
     FROM customer_order_billing WHERE order_id = $1`,
    [template, id, c.path === 'rto', c.balance],
  );
  await server.query(
    `INSERT INTO happy_list_items (order_id, company_id, item, text, position) SELECT $2, company_id, item, text, position FROM happy_list_items WHERE order_id = $1`,
    [template, id],
  );
  if (c.path === 'existing_card') {
    const token = `9${String(7_000_000_000_000_000 + sequence)
      .padStart(15, '0')
      .slice(-15)}`;
    const profile = `43${String(sequence).padStart(18, '0')}`;
    await server.query(
      `INSERT INTO card_tokens (token, company_id, brand, first_four, last_four) SELECT $2, company_id, 'VISA', '4111', '1111' FROM orders WHERE id = $1`,
      [id, token],
    );
    await server.query(
      `INSERT INTO card_profiles (profile_id, company_id, customer_order_id, token, expiration, name, billing_zip) SELECT $2, company_id, id, $3, '1131', 'Test Customer', '17601' FROM orders WHERE id = $1`,
      [id, profile, token],
    );
    await server.query(
      `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year) SELECT id, company_id, $2, '1111', 'Visa', 11, 2031 FROM orders WHERE id = $1`,
      [id, profile],
    );
  }
  if (c.path === 'saved_check')
    await server.query(
      `INSERT INTO customer_order_checks (order_id, company_id, name_on_check, bank_name, account_last_four) SELECT id, company_id, 'Ada Yoder', 'First Bank', '6789' FROM orders WHERE id = $1`,
      [id],
    );
  return id;
}

/** The draft the delivery screen would hold for this case. */
function draftOf(c: PaymentCase, details: CustomerDeliveryDetails, checkId: number | null, newCard: CustomerDraft['newCard']): Partial<CustomerDraft> {
  const method = {
    rto: null,
    cash: 'Cash',
    new_check: 'Check',
    saved_check: 'Check',
    existing_card: 'CreditCard',
    new_card: 'CreditCard',
    no_payment: 'NoPayment',
  } as const;
  return {
    photos: [fakePhoto('p1')],
    signature: c.signed ? fakePhoto('sig') : null,
    check: c.path === 'new_check' ? fakePhoto('chk') : null,
    deliveryMilesDriven: 12,
    deliveryGpsLat: 40.04,
    deliveryGpsLon: -76.1,
    surveyAnswers: Object.fromEntries(details.driver_delivery_survey_questions.map((q) => [String(q.id), q.type === 'YESNO' ? true : 'Fine'])),
    happyList: details.happy_list_results.slice(0, 1).map((h) => h.item),
    paymentMethod: method[c.path],
    checkSelection: c.path === 'new_check' ? 'NewCheck' : c.path === 'saved_check' ? 'SavedCheck' : null,
    cardSelection: c.path === 'existing_card' ? 'ExistingCard' : c.path === 'new_card' ? 'NewCard' : null,
    paymentAmount: c.amount,
    customerOrderSavedCheckId: c.check === 'saved' ? checkId : null,
    cardProfileId: c.card === 'saved' ? (details.customer_card_list[0]?.card_profile_id ?? null) : c.card === 'unknown' ? '49999999999999999998' : null,
    newCard,
  };
}

/** Judges one case on the phone and on the server. */
export async function judge(server: TestServer, device: Device, uploads: Uploads, template: number, c: PaymentCase): Promise<Judged> {
  const session = await readSession(device.db);
  if (!session) throw new Error('not signed in');
  const id = await freshOrder(server, template, c);
  const spec = ORDER_KIND_SPECS.customer;
  const details = (await call<CustomerDeliveryDetails>(server, `${spec.paths.deliveryDetails}?customer_order_id=${id}`, { token: session.token })).body;
  const [check] = await server.query<{ id: number }>('SELECT id FROM customer_order_checks WHERE order_id = $1', [id]);
  let newCard: CustomerDraft['newCard'] = null;
  if (c.path === 'new_card' && c.authorized !== null) {
    const outcome = await authorizeNewCard(device.engine.http, {
      customerOrderId: id,
      cardNumber: '4111111111111111',
      expMonth: '12',
      expYear: '30',
      cvv: '737',
      amount: c.authorized,
      billingZip: '17601',
      paymentProcessingAccountId: null,
    });
    if (outcome.ok) newCard = outcome.card;
  }
  // The phone: the pulled details, the driver's draft, Deliver.
  const doc = await ensureDeliveryDoc(device.db, session, 'customer', id);
  await doc.incrementalPatch({ server: details });
  const draft = draftOf(c, details, check?.id ?? null, newCard);
  await patchDraft(device.db, session, 'customer', id, draft);
  const queued = await queueDelivery(device.db, session, 'customer', id, new Date('2026-11-20T14:55:00.000Z'));
  let body: Record<string, unknown>;
  const stored = doc.getLatest().toMutableJSON().draft;
  const callOf = customerCallOf(details.is_rto, stored);
  if (!callOf) throw new Error(`no call for ${JSON.stringify(c)}`);
  const files = { photos: [uploads.photo], signature: c.signed ? uploads.signature : null, check: uploads.check };
  if (queued.ok) {
    const entry = await device.db.outbox.findOne(queued.entryId).exec();
    body = CUSTOMER_DELIVER_KINDS[callOf].body(entry?.toMutableJSON().payload as never, files);
    await entry?.remove(); // judged here, never sent by the engine
  } else {
    // Refused on the phone: the body it would have sent, built the same way.
    body = CUSTOMER_DELIVER_KINDS[callOf].body(customerPayload(callOf, id, details, stored, '2026-11-20T14:55:00.000Z'), files);
  }
  const answer = await postJson<{ error?: string }>(server, CUSTOMER_DELIVER_KEYS[callOf].slice('POST '.length), body, { token: session.token, key: newKey() });
  const [paid] = await server.query<{ amount: string }>('SELECT amount::text amount FROM order_payments WHERE order_id = $1', [id]);
  return {
    phone: queued.ok ? { ok: true } : { ok: false, errors: queued.errors },
    server: { status: answer.status, error: answer.status === 200 ? null : (answer.body.error ?? null) },
    recorded: paid?.amount ?? null,
  };
}

/** What a committed delivery must have recorded: the amount the screen showed, as money. */
export function expectedRecord(c: PaymentCase): string | null {
  if (c.path === 'rto' || c.path === 'no_payment') return null;
  const cents = typedAmountCents(c.amount);
  return cents === null ? 'refused' : centsText(cents);
}
