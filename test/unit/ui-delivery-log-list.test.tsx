// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryLogEntry, DeliveryLogResponse } from '../../src/domain';
import { DeliveryLogList } from '../../src/ui/components/log/DeliveryLogList';
import { registerTexts } from '../../src/ui/i18n';
import { log as logTexts } from '../../src/ui/i18n/en/log';
import { renderUi } from '../support/renderUi';

registerTexts('log', logTexts);

const entry = (id: number, extra: Partial<DeliveryLogEntry> = {}): DeliveryLogEntry => ({
  delivery_id: id,
  order_key: `co-${id}`,
  customer_order_id: id,
  onlot_inventory_order_id: null,
  inventory_move_order_id: null,
  order_number: `SO-${id}`,
  order_type: 'new build',
  log_order_type: 'new-build',
  customer_name: 'Ada Yoder',
  dealer_name: 'Lancaster Lot',
  building_model: 'Lofted Barn',
  serial_number: `SN-${id}`,
  delivery_address: '1 Main St',
  date_delivered: '2026-03-03T16:10:00.000Z',
  delivery_began: null,
  delivery_ended: null,
  miles_driven: 12,
  note: '',
  ...extra,
});

const logOf = (deliveries: DeliveryLogEntry[]): DeliveryLogResponse => ({
  deliveries,
  totals: { deliveries: deliveries.length, miles: 12 * deliveries.length },
  filters: { startDate: null, endDate: null, orderTypes: [], time_zone: 'America/New_York' },
  truncated: false,
});

describe('DeliveryLogList', () => {
  it("shows a customer delivery's happy list as the server recorded it; a row without one (an older snapshot) shows none", () => {
    renderUi(
      <DeliveryLogList
        log={logOf([
          entry(1, {
            happy_list_results: [
              { item: 'Doors', text: 'Doors open', value: true },
              { item: 'Level', text: 'Sits level', value: false },
              { item: 'Ramp', text: 'Ramp fastened', value: true },
            ],
          }),
          entry(2),
        ])}
      />,
    );
    const lists = screen.getAllByTestId('log-happy-list');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.textContent).toContain('Happy list ticked: Doors, Ramp');
    expect(lists[0]?.textContent).toContain('Not ticked: Level');
    expect(screen.getAllByTestId('log-row')).toHaveLength(2);
  });
});
