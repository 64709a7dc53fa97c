import { describe, expect, it } from 'vitest';
import { DELIVERY_LOG_CSV_COLUMNS, type DeliveryLogEntry } from '../../src/domain';
import { logCsv } from '../../server/services/deliveryLog';

// Issue 25 item 3: the delivery log's CSV says when a delivery began and ended with the date,
// in the driver's zone (a bare "23:40" next to a delivery dated the next day said neither).

const entry = (patch: Partial<DeliveryLogEntry>): DeliveryLogEntry => ({
  delivery_id: 1,
  order_key: 'oio-7',
  customer_order_id: null,
  onlot_inventory_order_id: 7,
  inventory_move_order_id: null,
  order_number: 'SS-1007',
  order_type: 'on-lot inventory',
  log_order_type: 'new-inventory',
  customer_name: null,
  dealer_name: 'Lancaster Lot',
  building_model: '10x12 Barn',
  serial_number: 'S-7',
  delivery_address: null,
  date_delivered: '2026-03-03T05:10:00.000Z',
  delivery_began: '2026-03-03T04:40:00.000Z',
  delivery_ended: '2026-03-03T05:05:00.000Z',
  miles_driven: 12.5,
  note: '',
  ...patch,
});

const rows = (csv: string): string[][] =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('the delivery log CSV', () => {
  it('writes the began and ended columns as date and time in the driver zone', () => {
    const [header, row] = rows(logCsv([entry({})], 'America/New_York'));
    const began = DELIVERY_LOG_CSV_COLUMNS.indexOf('Delivery Began');
    const ended = DELIVERY_LOG_CSV_COLUMNS.indexOf('Delivery Ended');
    expect(header?.[began]).toBe('Delivery Began');
    // 04:40Z is 23:40 the day before in New York; the delivery is logged on the 3rd (00:10 there).
    expect(row?.[0]).toBe('03/03/2026');
    expect(row?.[began]).toBe('03/02/2026 23:40');
    expect(row?.[ended]).toBe('03/03/2026 00:05');
  });

  it('leaves a time the driver never set empty', () => {
    const [, row] = rows(logCsv([entry({ delivery_began: null, delivery_ended: null })], 'UTC'));
    expect(row?.[DELIVERY_LOG_CSV_COLUMNS.indexOf('Delivery Began')]).toBe('');
    expect(row?.[DELIVERY_LOG_CSV_COLUMNS.indexOf('Delivery Ended')]).toBe('');
  });
});
