// GET /api/driver/email-info/{kind}: SPEC §3's email data for each kind, read back against the
// database; send_email flags from recipient settings; isolation and bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_API,
  type CustomerDeliveredEmailInfo,
  type OfficeAdminCustomerDeliveredEmailInfo,
  type OfficeAdminInventoryDeliveredEmailInfo,
  type RecipientEmailInfo,
} from '../../src/domain';
import type { TestServer } from '../support/server';
import { RIDGE_DRIVER, SUMMIT_DRIVER, SUMMIT_DRIVER2, call, liveOrderIds, useTestServer } from './helpers';
import { addOptedOutAdmin } from './mailSupport';

let server: TestServer;
let summit: string;
let ridge: string;
let delivered: { customer: number; onlot: number; move: number };

useTestServer({ summit: SUMMIT_DRIVER }, (s) => ({ server, summit } = s));
beforeAll(async () => {
  await addOptedOutAdmin(server);
  ridge = await server.login(RIDGE_DRIVER.email, RIDGE_DRIVER.password);
  const pick = async (kind: string) =>
    (
      await server.query<{ id: number }>(
        `SELECT o.id FROM orders o JOIN deliveries d ON d.order_id = o.id JOIN accounts a ON a.id = o.driver_id
     WHERE a.email = $1 AND o.kind = $2 AND d.miles_driven IS NOT NULL ORDER BY o.id LIMIT 1`,
        [SUMMIT_DRIVER.email, kind],
      )
    )[0]?.id ?? 0;
  delivered = { customer: await pick('customer'), onlot: await pick('onlot'), move: await pick('move') };
});

const info = <T>(kind: string, query: string, token = summit) => call<T>(server, `${PROFILE_API.emailInfo}/${kind}?${query}`, { token });
const orderRow = async (id: number) =>
  (
    await server.query<Record<string, string | number | null>>(
      `SELECT o.*, c.name company_name, c.email company_email, c.phone company_phone, c.address company_address,
          dc.name dealer_user_name, dc.email dealer_user_email, dc.phone dealer_user_phone, d.miles_driven, dl.name dealer_name
   FROM orders o JOIN companies c ON c.id = o.company_id JOIN dealers dl ON dl.id = o.dealer_id
   LEFT JOIN dealer_contacts dc ON dc.dealer_id = o.dealer_id LEFT JOIN deliveries d ON d.order_id = o.id WHERE o.id = $1`,
      [id],
    )
  )[0];

describe('customer kinds', () => {
  it('customer-order-delivered: the customer, company, dealer contact and RTO facts of the order', async () => {
    const res = await info<CustomerDeliveredEmailInfo>('customer-order-delivered', `customer-order-id=${delivered.customer}`);
    expect(res.status).toBe(200);
    const row = await orderRow(delivered.customer);
    const [billing] = await server.query<{ is_rto: boolean }>('SELECT is_rto FROM customer_order_billing WHERE order_id = $1', [delivered.customer]);
    expect(res.body).toMatchObject({
      first_name: row?.customer_first_name,
      email: row?.customer_email,
      company_name: 'Summit Sheds',
      company_email: row?.company_email,
      company_phone: row?.company_phone,
      company_address: row?.company_address,
      dealer_user_name: row?.dealer_user_name,
      dealer_user_email: row?.dealer_user_email,
      dealer_user_phone: row?.dealer_user_phone,
      order_number: row?.order_number,
      serial_number: row?.serial_number,
      building_model: row?.building_model,
      is_rto: billing?.is_rto ?? false,
      delivery_certificate_url: null,
    });
    await server.query(
      'INSERT INTO customer_email_settings (order_id, company_id, order_delivered) SELECT id, company_id, false FROM orders WHERE id = $1 ON CONFLICT (order_id) DO UPDATE SET order_delivered = false',
      [delivered.customer],
    );
    // A rendered certificate (deliveries area) is linked by the path it is downloaded from.
    const guid = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    await server.query(
      `INSERT INTO delivery_certificates (guid, company_id, order_id, delivery_id, layout, bytes, byte_size)
      SELECT $2, o.company_id, o.id, d.id, 'report1', '\\x255044462d'::bytea, 5 FROM orders o JOIN deliveries d ON d.order_id = o.id WHERE o.id = $1`,
      [delivered.customer, guid],
    );
    const after = await info<CustomerDeliveredEmailInfo>('customer-order-delivered', `customer-order-id=${delivered.customer}`);
    expect(after.body).toMatchObject({ send_email: false, delivery_certificate_url: `/files/certificates/${guid}.pdf` });
  });

  it("customer-order-scheduled: the scheduled date and the customer's scheduled-email setting", async () => {
    const [id] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'customer');
    await server.query(`UPDATE orders SET scheduled_date = '2026-01-05T15:00:00Z', is_scheduled_for_delivery = true WHERE id = $1`, [id]);
    await server.query(
      'INSERT INTO customer_email_settings (order_id, company_id, order_scheduled) SELECT id, company_id, false FROM orders WHERE id = $1 ON CONFLICT (order_id) DO UPDATE SET order_scheduled = false',
      [id],
    );
    const res = await info<RecipientEmailInfo>('customer-order-scheduled', `customer-order-id=${id}`);
    expect(res.body).toMatchObject({ send_email: false, scheduled_date: '2026-01-05T15:00:00.000Z', company_name: 'Summit Sheds' });
    expect(res.body.delivery_address).toBe((await orderRow(id ?? 0))?.delivery_address);
  });

  it("rto-delivered: the RTO partner's admin for an RTO order; 400 for an order that is not RTO", async () => {
    const id = delivered.customer;
    await server.query(
      `INSERT INTO customer_order_billing (order_id, company_id, name_on_order, is_rto, rto_company_name, street_address_one, city, state, zip)
      SELECT id, company_id, 'Test', true, 'Keystone Rent-to-Own', '1 Main', 'Gap', 'PA', '17527' FROM orders WHERE id = $1
      ON CONFLICT (order_id) DO UPDATE SET is_rto = true, rto_company_name = 'Keystone Rent-to-Own'`,
      [id],
    );
    const res = await info<RecipientEmailInfo>('rto-delivered', `customer-order-id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ send_email: true, first_name: 'Lorraine', email: 'lorraine@keystone-rto.test', rto_company_name: 'Keystone Rent-to-Own' });
    await server.query(`UPDATE rto_companies SET send_email = false WHERE name = 'Keystone Rent-to-Own'`);
    expect((await info<RecipientEmailInfo>('rto-delivered', `customer-order-id=${id}`)).body.send_email).toBe(false);
    await server.query('UPDATE customer_order_billing SET is_rto = false WHERE order_id = $1', [id]);
    const notRto = await info('rto-delivered', `customer-order-id=${id}`);
    expect(notRto.status).toBe(400);
  });
});

describe('office-admin kinds', () => {
  it('customer order: one entry per office admin, with their send_email flags (camelCase, SPEC §3)', async () => {
    const res = await info<OfficeAdminCustomerDeliveredEmailInfo[]>('office-admin-customer-order-delivered', `customer-order-id=${delivered.customer}`);
    expect(res.status).toBe(200);
    const row = await orderRow(delivered.customer);
    expect(res.body.map((a) => [a.email, a.send_email])).toEqual([
      ['admin@summit.test', true],
      ['dispatch@summit.test', false],
    ]);
    expect(res.body[0]).toMatchObject({
      adminName: 'Ruth Stoltzfus',
      driverName: 'Dale Hostetler',
      serialNumber: row?.serial_number,
      miles: row?.miles_driven,
      customerName: `${row?.customer_first_name} ${row?.customer_last_name}`,
      customerDeliveryAddress: row?.delivery_address,
      orderId: delivered.customer,
      orderType: row?.order_type,
    });
  });

  it('on-lot answers driver_name/dealer_name, move answers assigned_driver_name/dealership_name', async () => {
    const onlot = await info<OfficeAdminInventoryDeliveredEmailInfo[]>('office-admin-onlot-delivered', `onlot-inventory-order-id=${delivered.onlot}`);
    const onlotRow = await orderRow(delivered.onlot);
    expect(onlot.body[0]).toMatchObject({
      send_email: true,
      email: 'admin@summit.test',
      admin_name: 'Ruth Stoltzfus',
      driver_name: 'Dale Hostetler',
      dealer_name: onlotRow?.dealer_name,
      miles_driven: onlotRow?.miles_driven,
      onlot_inventory_order_id: delivered.onlot,
      order_type: 'on-lot inventory',
    });
    const move = await info<OfficeAdminInventoryDeliveredEmailInfo[]>('office-admin-move-delivered', `inventory-move-order-id=${delivered.move}`);
    expect(move.body[0]).toMatchObject({
      assigned_driver_name: 'Dale Hostetler',
      dealership_name: (await orderRow(delivered.move))?.dealer_name,
      inventory_move_order_id: delivered.move,
    });
    expect(move.body[0]?.dealer_address).toMatch(/, PA \d{5}$/);
  });
});

describe('driver kinds', () => {
  it("driver-assigned / driver-reassigned: the named driver (or the order's own) and that driver's flag", async () => {
    const [moveId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    const [driver2] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [SUMMIT_DRIVER2.email]);
    const assigned = await info<RecipientEmailInfo>('driver-assigned', `inventory-move-order-id=${moveId}&driver-id=${driver2?.id}`);
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ send_email: true, first_name: 'Marcy', email: SUMMIT_DRIVER2.email, order_type: 'move order' });
    const reassigned = await info<RecipientEmailInfo>('driver-reassigned', `inventory-move-order-id=${moveId}&driver-id=${driver2?.id}`);
    expect(reassigned.body.send_email).toBe(false); // seeded: Marcy turned reassigned emails off
    const own = await info<RecipientEmailInfo>('driver-assigned', `inventory-move-order-id=${moveId}`);
    expect(own.body).toMatchObject({ first_name: 'Dale', email: SUMMIT_DRIVER.email });
  });

  it('driver-(re)assigned of an order the caller handed over answers; of one the caller never held, 404 like any other', async () => {
    const [driver2] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [SUMMIT_DRIVER2.email]);
    const [handed] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'onlot');
    // The office (or this phone) gives it to driver 2: the trigger remembers who had it.
    await server.query('UPDATE orders SET driver_id = $1 WHERE id = $2', [driver2?.id, handed]);
    const after = await info<RecipientEmailInfo>('driver-reassigned', `onlot-inventory-order-id=${handed}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ email: SUMMIT_DRIVER2.email });
    // Before: any order of the company answered, naming its customer, address and driver.
    for (const kind of ['customer', 'onlot', 'move'] as const) {
      const [never] = (await liveOrderIds(server, SUMMIT_DRIVER2.email, kind)).filter((id) => id !== handed);
      expect(never).toBeDefined();
      const field = { customer: 'customer-order-id', onlot: 'onlot-inventory-order-id', move: 'inventory-move-order-id' }[kind];
      for (const email of ['driver-assigned', 'driver-reassigned']) {
        const res = await info(email, `${field}=${never}`);
        expect(res.status, `${email} ${kind}`).toBe(404);
        expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
      }
    }
  });
});

describe('isolation and bad input', () => {
  it("404 for another company's order or driver, and for another driver's order on delivered kinds", async () => {
    const [ridgeCustomer] = await liveOrderIds(server, RIDGE_DRIVER.email, 'customer');
    const [ridgeDriver] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [RIDGE_DRIVER.email]);
    const [otherDriversOrder] = await liveOrderIds(server, SUMMIT_DRIVER2.email, 'customer');
    const [moveId] = await liveOrderIds(server, SUMMIT_DRIVER.email, 'move');
    const cases = [
      ['customer-order-delivered', `customer-order-id=${ridgeCustomer}`],
      ['customer-order-scheduled', `customer-order-id=${ridgeCustomer}`],
      ['rto-delivered', `customer-order-id=${ridgeCustomer}`],
      ['office-admin-customer-order-delivered', `customer-order-id=${ridgeCustomer}`],
      ['driver-assigned', `customer-order-id=${ridgeCustomer}`],
      ['driver-assigned', `inventory-move-order-id=${moveId}&driver-id=${ridgeDriver?.id}`],
      ['customer-order-delivered', `customer-order-id=${otherDriversOrder}`],
      ['office-admin-onlot-delivered', `onlot-inventory-order-id=${delivered.customer}`],
    ];
    for (const [kind, query] of cases) {
      const res = await info(kind ?? '', query ?? '');
      expect(res.status, `${kind} ${query}`).toBe(404);
      expect(res.body).toEqual({ error: 'NotFound', message: 'Not found' });
    }
    expect((await info('customer-order-delivered', `customer-order-id=${delivered.customer}`, ridge)).status).toBe(404);
  });

  it('400 for missing or malformed ids; 404 for an unknown kind', async () => {
    const cases = [
      ['customer-order-delivered', ''],
      ['customer-order-delivered', 'customer-order-id=abc'],
      ['office-admin-move-delivered', 'inventory-move-order-id=-4'],
      ['driver-assigned', 'customer-order-id=1&onlot-inventory-order-id=2'],
      ['driver-reassigned', 'driver-id=3'],
      ['driver-assigned', 'customer-order-id=1&driver-id=x'],
    ];
    for (const [kind, query] of cases) {
      const res = await info(kind ?? '', query ?? '');
      expect(res.status, `${kind} ${query}`).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
    expect((await info('customer-order-lost', 'customer-order-id=1')).status).toBe(404);
  });
});
