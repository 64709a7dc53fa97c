import { emptySteps, type OutboxDoc } from '../../src/db';

// One queued outbox entry as the unit and component tests build it: driver 7 of company 1, no
// attachments, queued on 2026-11-20 14:05 UTC; each test names what differs.
export function outboxEntry(patch: Partial<OutboxDoc> = {}): OutboxDoc {
  return {
    id: 'e1',
    company_id: 1,
    account_id: 7,
    kind: 'deliver_onlot',
    payload_version: 1,
    order_key: 'onlot:9',
    display: null,
    payload: {},
    attachments: { photos: [], signature: null, check: null },
    status: 'queued',
    steps: emptySteps(),
    attempts: 0,
    next_attempt_at: 0,
    last_error: null,
    created_at: '2026-11-20T14:05:00.000Z',
    updated_at: '2026-11-20T14:05:00.000Z',
    ...patch,
  };
}
