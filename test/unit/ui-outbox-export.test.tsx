// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxDoc } from '../../src/db';
import { parseScenario } from '../../src/outbox/scenario/schema';
import { ExportOutboxButton } from '../../src/ui/components/ExportOutboxButton';
import { outboxEntry } from '../support/outboxEntry';
import { renderUi } from '../support/renderUi';

// The queue drawer's "Export for support": the phone's outbox as a replay scenario
// (docs/replay.md), saved as a .json file, with no card data in it at all.

const saved = vi.hoisted(() => ({ files: [] as { bytes: string; filename: string; type: string }[] }));
vi.mock('../../src/ui/saveFile', () => ({
  saveFile: (bytes: ArrayBuffer | string, filename: string, type: string) =>
    saved.files.push({ bytes: typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes), filename, type }),
}));
vi.mock('../../src/ui/toaster', () => ({ notify: vi.fn() }));

const photo = (id: string) => ({ id, mime_type: 'image/jpeg' as const, extension: 'jpg' as const, size: 1000, width: 64, height: 48 });
const CARD = {
  card_token: '9411111111111111',
  card_exp_month: '09',
  card_exp_year: '31',
  card_profile_id: '41999999999999999999',
  retref: '123456789012',
  payment_processing_account_id: '496160873888',
  // Never in a payload the app queues; here to prove the strip does not depend on that.
  card_cvv: '737',
  cvv: '737',
  account: '4111111111111111',
  billing_zip: '17601',
  billing_address: '88 Quarry Rd',
  billing_email: 'dana@example.com',
};

function entry(patch: Partial<OutboxDoc>): OutboxDoc {
  return outboxEntry({
    kind: 'deliver_customer_new_card',
    order_key: 'co-30',
    display: { name: 'Ada Yoder', model: '10x12 Lofted Barn', serial: 'S5' },
    ...patch,
  });
}

const newCard = entry({
  payload: {
    customer_order_id: 30,
    date_delivered: '2026-11-20T14:05:00.000Z',
    delivery_began: '2026-11-20T13:15:00.000Z',
    delivery_ended: '2026-11-20T14:00:00.000Z',
    delivery_note: 'Left at the back gate',
    payment_amount: '10.00',
    ...CARD,
  },
  attachments: { photos: [photo('p1'), photo('p2')], signature: photo('s1'), check: null },
  attempts: 3,
  last_error: { code: 'NetworkError', message: 'The server could not be reached', status: null },
});
const note = entry({
  id: 'e2',
  kind: 'create_order_note',
  order_key: 'mo-6',
  payload: { inventory_move_order_id: 6, note: 'Call the dealer before noon' },
  created_at: '2026-11-20T14:07:30.000Z',
  status: 'needs_attention',
});

describe('Export for support', () => {
  // The export names its time ("exported 2026-11-27T12:09Z"): a fixed clock, or the card
  // month's "09" would be found in it one minute an hour (a failure seen at 12:09).
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-20T15:30:00.000Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves the outbox as a valid replay scenario: kinds, order refs, times, what was entered, statuses, and no card data', () => {
    renderUi(<ExportOutboxButton entries={[note, newCard]} orderKeys={['co-12', 'co-45', 'mo-6', 'mo-2']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export for support' }));
    expect(saved.files).toHaveLength(1);
    const file = saved.files[0]!;
    expect(file.filename).toMatch(/^outbox-.*\.replay\.json$/);
    expect(file.type).toBe('application/json');
    const text = file.bytes;
    for (const [field, value] of Object.entries(CARD)) {
      expect(text, field).not.toContain(`"${field}"`);
      expect(text, field).not.toContain(value);
    }
    const parsed = parseScenario(JSON.parse(text));
    if (!parsed.ok) throw new Error(parsed.error);
    const [first, second] = parsed.scenario.steps;
    expect(first).toMatchObject({
      at: '0s',
      do: 'action',
      kind: 'deliver_customer_new_card',
      // co-30 sits between the phone's co-12 and co-45 (its row left the list once queued).
      order: { kind: 'customer', index: 1 },
      input: { amount: '10.00', photos: 2, signature: true, note: 'Left at the back gate', began: '50m', ended: '5m' },
      phone: { status: 'queued', attempts: 3, order_id: 30, last_error: { code: 'NetworkError' } },
    });
    expect(second).toMatchObject({
      at: '2m30s',
      kind: 'create_order_note',
      order: { kind: 'move', index: 1 },
      input: { note: 'Call the dealer before noon' },
      phone: { status: 'needs_attention' },
    });
  });
});
