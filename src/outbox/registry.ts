import { CUSTOMER_DELIVER_KINDS } from './kinds/deliverCustomer';
import { deliverMove } from './kinds/deliverMove';
import { deliverOnlot } from './kinds/deliverOnlot';
import { createOrderNote } from './kinds/createOrderNote';
import { dismissAllNotifications } from './kinds/dismissAllNotifications';
import { dismissNotification } from './kinds/dismissNotification';
import { reassignOrder } from './kinds/reassignOrder';
import { SCHEDULE_KINDS } from './kinds/scheduleOrder';
import { unscheduleOrder } from './kinds/unscheduleOrder';
import { updateEmailNotifications } from './kinds/updateEmailNotifications';
import type { OrderKind } from '../domain';
import type { OutboxKindDef } from './types';

// The registry of outbox kinds (DESIGN §5). Adding a kind: one file in kinds/, one line here.
const KINDS: readonly OutboxKindDef[] = [
  deliverOnlot,
  deliverMove,
  ...Object.values(CUSTOMER_DELIVER_KINDS),
  ...SCHEDULE_KINDS,
  unscheduleOrder,
  reassignOrder,
  createOrderNote,
  dismissNotification,
  dismissAllNotifications,
  updateEmailNotifications,
];

export const OUTBOX_KINDS: ReadonlyMap<string, OutboxKindDef> = new Map(KINDS.map((def) => [def.kind, def]));

/** The kind's definition, or null for a kind this build does not know (e.g. from a newer build). */
export function kindDef(kind: string): OutboxKindDef | null {
  return OUTBOX_KINDS.get(kind) ?? null;
}

/** The one kind that delivers an order kind's draft without choosing among calls (on-lot, move). */
export function deliveryKindOf(draft: OrderKind): OutboxKindDef {
  const found = KINDS.filter((def) => def.delivers && def.draft === draft);
  if (found.length !== 1 || !found[0]) throw new Error(`${found.length} deliver kinds for ${draft} drafts`);
  return found[0];
}

/** What the driver calls an entry's action. */
export function kindLabel(kind: string): string {
  return kindDef(kind)?.label ?? 'Queued action';
}
