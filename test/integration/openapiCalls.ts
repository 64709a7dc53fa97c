// One valid request (or a few) for every operation of /openapi.json, made on the seeded demo
// data in an order that works (an order is scheduled before its schedule details are read,
// delivered before its certificate). openapiAnswers.test.ts checks each answer against the
// operation's declared 200 schema.
import { randomUUID } from 'node:crypto';
import { PAYMENTS_API, PROFILE_API, UNSENT_REPORT_API } from '../../src/domain';
import type { TestServer } from '../support/server';
import {
  CHECK_FOLDER,
  CUSTOMER_PHOTO_FOLDER,
  MOVE_PHOTO_FOLDER,
  SIGNATURE_FOLDER,
  addSavedCheck,
  assignLiveCustomerOrders,
  companyIdOf,
  customerBody,
  setBilling,
  signatureFields,
  surveyQuestions,
  uploadTo,
} from './deliveryFixtures';
import { SUMMIT_DRIVER, call, deliverBody, liveOrderIds, makeImage, postJson, uploadFiles, uploadPhoto, type Answer } from './helpers';
import { CVV, achNewBody, cardBody } from './paymentsHelpers';

export interface Called {
  /** "METHOD /route/:pattern" as Fastify registered it. */
  route: string;
  answer: Answer;
}

const daysAhead = (n: number): string => {
  const d = new Date(Date.now() + n * 86_400_000);
  d.setUTCHours(9, 30, 0, 0);
  return d.toISOString();
};

export async function callEveryOperation(server: TestServer, token: string): Promise<Called[]> {
  const out: Called[] = [];
  const get = async (route: string, path = route.slice(4)): Promise<Answer> => {
    const answer = await call(server, path, { token });
    out.push({ route, answer });
    return answer;
  };
  const post = async (route: string, body: unknown): Promise<Answer> => {
    const answer = await postJson(server, route.slice(5), body, { token });
    out.push({ route, answer });
    return answer;
  };
  const all = [
    await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot'),
    await liveOrderIds(server, SUMMIT_DRIVER.email, 'move'),
    await assignLiveCustomerOrders(server, SUMMIT_DRIVER.email),
  ];
  const id = (list: number[], i: number): number => {
    const value = list[i];
    if (value === undefined) throw new Error(`the demo data has no order #${i} of this kind`);
    return value;
  };
  // Schedule actions need orders not scheduled yet; the rest take any live order.
  const unscheduled = async (ids: number[]) =>
    (await server.query<{ id: number }>('SELECT id FROM orders WHERE id = ANY($1) AND NOT is_scheduled_for_delivery ORDER BY id', [ids])).map((r) => r.id);
  const [on, mv, cu] = await Promise.all(
    all.map(async (ids) => {
      const free = await unscheduled(ids);
      return [ids.find((x) => !free.includes(x)) ?? ids[0] ?? 0, ...free];
    }),
  );
  if (!on || !mv || !cu) throw new Error('unreachable');
  for (const order of cu) await setBilling(server, order, { balance: '500.00' });
  const companyId = await companyIdOf(server, SUMMIT_DRIVER.email);
  await server.query(
    `INSERT INTO payment_processor_configs (company_id, payment_processing_account_id) VALUES ($1, 'summit-merchant-001')
     ON CONFLICT (company_id) DO UPDATE SET payment_processing_account_id = EXCLUDED.payment_processing_account_id`,
    [companyId],
  );
  const [question] = await surveyQuestions(server, companyId);

  // Meta and auth
  await get('GET /healthz');
  await get('GET /openapi.json');
  out.push({ route: 'POST /auth/login', answer: await postJson(server, '/auth/login', SUMMIT_DRIVER) });
  await get('GET /api/company-user-is-removed');
  // Reads of the orders area: one order, then a pull page
  await get('GET /api/driver/order-list');
  await get('GET /api/driver/order-list', '/api/driver/order-list?limit=5&checkpoint=');
  await get('GET /api/driver/onlot-inventory-order-details', `/api/driver/onlot-inventory-order-details?onlotInventoryOrderId=${id(on, 0)}`);
  await get('GET /api/driver/customer-order-details', `/api/driver/customer-order-details?customerOrderId=${id(cu, 0)}`);
  await get('GET /api/driver/inventory-move-order-details', `/api/driver/inventory-move-order-details?inventoryMoveOrderId=${id(mv, 0)}`);
  for (const [path, param, order] of [
    ['/api/driver/onlot-inventory-order-delivery-details', 'onlotInventoryOrderId', id(on, 0)],
    ['/api/driver/customer-order-delivery-details', 'customer_order_id', id(cu, 0)],
    ['/api/driver/inventory-move-order-delivery-details', 'inventoryMoveOrderId', id(mv, 0)],
  ] as const) {
    await get(`GET ${path}`, `${path}?${param}=${order}`);
    await get(`GET ${path}`, `${path}?limit=3`);
  }
  await get('GET /api/driver/order-map');
  await get('GET /api/driver/company-drivers');
  await get('GET /api/feature-flags');
  await get('GET /api/check-feature-flag/:flag', '/api/check-feature-flag/new-map?environment=production');
  await addSavedCheck(server, id(cu, 5));
  await get('GET /api/driver/saved-checks', `/api/driver/saved-checks?customer-order-id=${id(cu, 5)}`);
  // Schedule actions, then the schedule reads
  const kinds = [
    ['customer', 'customer_order', 'customer_order_id', id(cu, 1)],
    ['onlot', 'onlot_inventory_order', 'onlot_inventory_order_id', id(on, 1)],
    ['move', 'inventory_move_order', 'inventory_move_order_id', id(mv, 1)],
  ] as const;
  for (const [, name, field, order] of kinds) {
    await post(`POST /secure/driver/schedule_my_${name}_delivery`, { [field]: order, scheduled_date: daysAhead(3) });
    await post(`POST /secure/driver/update_${name}_scheduled_date_and_time`, { [field]: order, scheduled_date: daysAhead(4) });
  }
  await get('GET /api/driver/schedule-list');
  await get('GET /api/driver/sync-version');
  await get('GET /api/driver/customer-order-schedule-details', `/api/driver/customer-order-schedule-details?id=${id(cu, 1)}`);
  await get('GET /api/driver/onlot-inventory-order-schedule-details', `/api/driver/onlot-inventory-order-schedule-details?id=${id(on, 1)}`);
  await get('GET /api/driver/inventory-move-order-schedule-details', `/api/driver/inventory-move-order-schedule-details?id=${id(mv, 1)}`);
  await post('POST /secure/driver/unschedule_order', { customer_order_id: id(cu, 1) });
  await post('POST /secure/driver/create_order_note', { onlot_inventory_order_id: id(on, 1), note: 'Gate code 4411' });
  const [driver2] = await server.query<{ id: number }>("SELECT id FROM accounts WHERE email = 'driver2@summit.test'");
  await post('POST /secure/driver/reassign_driver', { inventory_move_order_id: id(mv, 1), driver_id: driver2?.id });
  // Uploads and deliveries
  const photo = await uploadPhoto(server, token, 7);
  out.push({ route: 'POST /upload', answer: await uploadFiles(server, token, [{ bytes: await makeImage('jpeg', 8), name: 'a.jpg', type: 'image/jpeg' }]) });
  await get('GET /files/:name', photo.download_urls[0] ?? '');
  // The resumable upload (tus): created with the whole file (200), created then PATCHed whole (200), then its state.
  const tusHeaders = {
    'tus-resumable': '1.0.0',
    'x-upload-folder': '/deliver-onlot-inventory-order/delivery',
    'x-photo-type': 'BuildingImage',
    'x-order-id': String(id(on, 2)),
  };
  const tusPhoto = new Uint8Array(await makeImage('jpeg', 13));
  const created = (image: string) => ({ ...tusHeaders, 'upload-length': String(tusPhoto.length), 'upload-metadata': `id ${btoa(image)}` });
  const bytes = { 'content-type': 'application/offset+octet-stream' };
  const whole = randomUUID();
  const chunked = randomUUID();
  out.push({
    route: 'POST /upload/tus',
    answer: await call(server, '/upload/tus', { method: 'POST', token, headers: { ...created(whole), ...bytes }, body: tusPhoto }),
  });
  await call(server, '/upload/tus', { method: 'POST', token, headers: created(chunked) });
  const patched = await call(server, `/upload/tus/${chunked}`, {
    method: 'PATCH',
    token,
    headers: { ...tusHeaders, ...bytes, 'upload-offset': '0' },
    body: tusPhoto,
  });
  out.push({ route: 'PATCH /upload/tus/:id', answer: patched });
  out.push({ route: 'GET /upload/tus/:id', answer: await call(server, `/upload/tus/${chunked}`, { token, headers: tusHeaders }) });

  await post('POST /secure/driver/deliver_onlot_inventory_order', deliverBody(id(on, 2), [photo]));
  const movePhoto = await uploadTo(server, token, MOVE_PHOTO_FOLDER, 9);
  const { onlot_inventory_order_id: _unused, ...common } = deliverBody(0, [movePhoto]);
  await post('POST /secure/driver/deliver_inventory_move_order', { ...common, inventory_move_order_id: id(mv, 2) });
  const customerPhoto = await uploadTo(server, token, CUSTOMER_PHOTO_FOLDER, 10);
  const signature = signatureFields(await uploadTo(server, token, SIGNATURE_FOLDER, 11, 'png'));
  const check = await uploadTo(server, token, CHECK_FOLDER, 12);
  const signed = (order: number, extra: Record<string, unknown> = {}) => customerBody(order, [customerPhoto], { ...signature, ...extra });
  await post('POST /secure/driver/deliver_customer_order_with_no_payment', signed(id(cu, 2)));
  await post('POST /secure/driver/deliver_customer_order_with_cash', signed(id(cu, 3), { payment_amount: '10' }));
  await post(
    'POST /secure/driver/deliver_customer_order_with_new_check',
    signed(id(cu, 4), {
      check_guid: check.guid,
      check_mimetype: 'image/jpeg',
      check_extension: 'jpg',
      check_url: check.download_urls[0],
      payment_amount: 20,
    }),
  );
  const [savedCheck] = await server.query<{ id: number }>('SELECT id FROM customer_order_checks WHERE order_id = $1', [id(cu, 5)]);
  await post(
    'POST /secure/driver/deliver_customer_order_with_saved_check',
    signed(id(cu, 5), {
      customer_order_check_id: savedCheck?.id,
      payment_amount: '10',
      delivery_survey_answers: [{ driver_delivery_survey_question_id: question, answer: true }],
    }),
  );
  await setBilling(server, id(cu, 6), { isRto: true, balance: '3200.00' });
  await post('POST /secure/driver/deliver_customer_order_rto', signed(id(cu, 6)));
  const authorized = await post('POST /secure/cardconnect/auth_new_card', {
    customer_order_id: id(cu, 7),
    card_token: '4111111111111111',
    card_exp_month: '09',
    card_exp_year: '31',
    card_cvv: CVV,
    amount: 300,
  });
  const card = authorized.body as { profile_id: string; retref: string; token: string };
  await post(
    'POST /secure/driver/deliver_customer_order_with_new_card',
    signed(id(cu, 7), {
      payment_processing_account_id: 'summit-merchant-001',
      card_cvv: CVV,
      card_exp_month: '09',
      card_exp_year: '31',
      card_token: card.token,
      card_profile_id: card.profile_id,
      retref: card.retref,
      payment_amount: '300.00',
    }),
  );
  await server.query(
    `INSERT INTO customer_saved_cards (order_id, company_id, card_profile_id, last_four, brand, exp_month, exp_year)
     SELECT id, company_id, $2, '1881', 'Visa', 11, 2031 FROM orders WHERE id = $1`,
    [id(cu, 8), card.profile_id],
  );
  await post(
    'POST /secure/driver/deliver_customer_order_with_existing_card',
    signed(id(cu, 8), { card_profile_id: card.profile_id, payment_amount: '25', payments_v2: true }),
  );
  await post('POST /secure/cardconnect/profile_inquiry', { profile_id: card.profile_id });
  // After a delivery: certificate, reports, email data
  const certificate = await post('POST /secure/driver/generate_delivery_certificate', { customer_order_id: id(cu, 2), use_report2: false });
  await get('GET /files/certificates/:name', certificate.text);
  await post('POST /secure/report/email_office_admin_customer_order_delivered', { customer_order_id: id(cu, 2) });
  await get('GET /api/driver/email-info/:kind', `/api/driver/email-info/customer-order-delivered?customer-order-id=${id(cu, 2)}`);
  await post(`POST ${PROFILE_API.sendEmail}`, { recipient: 'driver2@summit.test', subject: 'Running late', message: 'Twenty minutes' });
  // Payments API
  const auth = await post(`POST ${PAYMENTS_API.authNewCard}`, cardBody({ amount: '100.00' }));
  const authBody = auth.body as { retref: string; token: string; profile_id: string };
  await post(`POST ${PAYMENTS_API.capturePayment}`, { transaction_id: authBody.retref, amount: '100.00', token: authBody.token });
  const second = await postJson<{ retref: string }>(server, PAYMENTS_API.authNewCard, cardBody({ amount: '40.00' }), { token });
  await post(`POST ${PAYMENTS_API.refundRequest}`, { transaction_id: second.body.retref, ach_transaction: false, full_refund: true, first_name: 'Ada' });
  await post(`POST ${PAYMENTS_API.authProfile}`, { amount: '5', profile_id: authBody.profile_id, cvv: CVV, order_number: 'OPENAPI-1', billing_zip: '17602' });
  await get(`GET ${PAYMENTS_API.savedCardDetails}`, `${PAYMENTS_API.savedCardDetails}?profile_id=${authBody.profile_id}`);
  await post(`POST ${PAYMENTS_API.captureCheckPayment}`, achNewBody());
  await post(`POST ${PAYMENTS_API.tokenize}`, { account: '5454545454545454' });
  // Profile area
  await get(`GET ${PROFILE_API.driverSettings}`);
  await post(`POST ${PROFILE_API.updateDriverSettings}`, {
    first_name: 'Dale',
    last_name: 'Hostetler',
    phone_number: '(717) 555-0101',
    email: SUMMIT_DRIVER.email,
  });
  await post(`POST ${PROFILE_API.updateDriverEmailNotifications}`, {
    email_notifications_new_order_assigned: false,
    email_notifications_order_reassigned: true,
    email_notifications_order_finished_at_shop: false,
  });
  await post(`POST ${PROFILE_API.createNotification}`, { title: 'Flat tire', message: 'Running late' });
  const notifications = await get(`GET ${PROFILE_API.notifications}`);
  const first = (notifications.body as { id: number; dismissed: boolean }[]).find((n) => !n.dismissed);
  if (first) await post(`POST ${PROFILE_API.dismissNotification}`, { notification_id: first.id });
  await post(`POST ${PROFILE_API.dismissAllNotifications}`, {});
  await get(`GET ${PROFILE_API.logList}`);
  await get(`GET ${PROFILE_API.logListExport}`);
  await get(`GET ${PROFILE_API.deliveryStats}`);
  await get(`GET ${PROFILE_API.undeliveredOrdersStats}`);
  await get(`GET ${PROFILE_API.companyContact}`);
  // A phone reports an entry it holds; a new phone's first report then answers it as lost.
  const entry = {
    id: randomUUID(),
    kind: 'unschedule_order',
    label: 'Unschedule order',
    order_key: `oio-${id(all[0] ?? [], 0)}`,
    display: 'Dealer · Model · Serial',
    created_at: new Date().toISOString(),
    needs_attention: true,
  };
  await post(`POST ${UNSENT_REPORT_API.report}`, { device_id: randomUUID(), first: true, unsent: 2, entries: [entry] });
  await post(`POST ${UNSENT_REPORT_API.report}`, { device_id: randomUUID(), first: true, unsent: 0, entries: [] });
  return out;
}
