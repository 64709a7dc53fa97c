import type { CustomerDeliveryDetails } from '../../src/domain';

/** A customer order's delivery details as the server sends them (SPEC §3), one saved card. */
export const customerDetails: CustomerDeliveryDetails = {
  id: 'co-5',
  company_id: 1,
  companyId: 1,
  customer_order_id: 5,
  customer_first_name: 'Ada',
  customer_last_name: 'Yoder',
  customer_phone: '7175550100',
  customer_email: 'ada@example.com',
  order_number: 'SS-5',
  billing_address: { street_address_one: '1 Main St', street_address_two: null, city: 'Lancaster', state: 'pa ', zip: '17601' },
  name_on_order: 'Ada Yoder',
  is_rto: false,
  rto_company_name: null,
  serial_number: 'S5',
  building_name: '10x12 Lofted Barn',
  delivery_address: '1 Main St',
  delivery_address_coordinates: { lat: 40, lon: -76 },
  remaining_balance: '500.00',
  happy_list_results: [],
  customer_card_list: [{ card_profile_id: 'P1', last_four: '1881', brand: 'Visa', exp_month: 11, exp_year: 2031 }],
  payment_processor_config: { payment_processing_account_id: 'ACC-1' },
  payments_v2: true,
  driver_delivery_survey_questions: [],
  updated_at: '2026-11-20T00:00:00.000Z',
};

/** A new card the phone authorized online for `amount` (what the draft keeps: never a PAN or CVV). */
export const authorizedCard = (amount = '100.00') => ({
  profileId: 'P9',
  firstFour: '4111',
  lastFour: '1111',
  retref: 'R1',
  token: '9411111111111111',
  expMonth: '09',
  expYear: '31',
  amount,
});
