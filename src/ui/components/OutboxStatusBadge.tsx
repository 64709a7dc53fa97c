import type { OutboxDoc } from '../../db';
import type { EntryState, EntryStateName } from '../../outbox';
import { useEntryState } from '../hooks/useEntryState';
import { t } from '../i18n';
import '../plain/plain.css';

const PALETTE: Record<EntryStateName, string> = {
  queued: 'primary',
  waiting_signal: 'gray',
  sending: 'orange',
  delivered: 'green',
  followups_done: 'green',
  followups_failed: 'yellow',
  needs_attention: 'red',
};

/** The badge's word for a state: the server has it → Delivered (a delivery) or Sent (another action). */
function label(state: EntryState): string {
  switch (state.name) {
    case 'queued':
      return t('common.outboxStatus.queued');
    case 'waiting_signal':
      return t('common.outboxStatus.waiting_signal');
    case 'sending':
      return t('common.outboxStatus.sending');
    case 'needs_attention':
      return t('common.outboxStatus.needs_attention');
    case 'delivered':
    case 'followups_done':
    case 'followups_failed':
      return t(state.delivery ? 'common.outboxStatus.delivered' : 'common.outboxStatus.sent');
  }
}

/** An entry's state as a badge (src/outbox/status.ts: the one vocabulary); plain (plain.css), as Home's cards show it. */
export function OutboxStatusBadge({ state }: { state: EntryState }) {
  return (
    <span className={`badge badge--sm badge--${PALETTE[state.name]}`} data-testid="outbox-status" data-state={state.name}>
      {label(state)}
    </span>
  );
}

/** The badge of an entry on an order's card (Home, Scheduled), read where it stands now. */
export function EntryStatusBadge({ entry }: { entry: OutboxDoc }) {
  return <OutboxStatusBadge state={useEntryState(entry)} />;
}
