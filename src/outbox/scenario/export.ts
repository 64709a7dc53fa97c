import * as v from 'valibot';
import { DriverEmailNotificationsSchema, parseOrderKey } from '../../domain';
import { withoutCardData } from '../../domain/cardSecrets';
import type { OutboxDoc } from '../../db';
import { kindDef } from '../registry';
import { formatDuration } from './duration';
import { SCENARIO_FORMAT, type ActionInput, type OrderRef, type Scenario, type ScenarioStep } from './schema';

// A phone's outbox as a replay scenario (docs/replay.md), for support to replay what the
// driver did against a fresh seeded server. Each entry becomes an action at its time after
// the first, on the order at the same place among the phone's orders of its kind, with what
// the driver entered read back from the payload by field name. No card data leaves the phone:
// the payload is stripped through the one card-data list (src/domain/cardSecrets.ts) before
// anything is read from it, and the replay authorizes its own sandbox card.

export type ExportableEntry = Pick<OutboxDoc, 'kind' | 'order_key' | 'payload' | 'attachments' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'steps'>;

const DAY_MS = 86_400_000;

/** Where the order stands among the phone's orders of its kind (by id), itself counted even when its row is gone. */
function orderRef(key: string, phoneOrderKeys: readonly string[]): { ref: OrderRef; id: number } | null {
  const order = parseOrderKey(key);
  if (!order) return null;
  const ids = new Set(phoneOrderKeys.map(parseOrderKey).flatMap((o) => (o && o.kind === order.kind ? [o.id] : [])));
  ids.add(order.id);
  const index = [...ids].sort((a, b) => a - b).indexOf(order.id);
  return { ref: { kind: order.kind, index }, id: order.id };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** How long before `created` an ISO time of the payload was, as a duration. */
function before(createdMs: number, iso: unknown): string | undefined {
  const at = typeof iso === 'string' ? Date.parse(iso) : NaN;
  return Number.isFinite(at) && at <= createdMs ? formatDuration(createdMs - at) : undefined;
}

/** What the driver entered, read back from a payload with no card data in it, by field name. */
export function inputFromPayload(payload: Record<string, unknown>, attachments: OutboxDoc['attachments'], createdAt: string): ActionInput {
  const created = Date.parse(createdAt);
  const input: ActionInput = {};
  const note = text(payload.note) ?? text(payload.delivery_note);
  if (note) input.note = note.slice(0, 2000);
  const amount = text(payload.payment_amount);
  if (amount && /^\d+(\.\d{1,2})?$/.test(amount)) input.amount = amount;
  const scheduled = text(payload.scheduled_date) ? Date.parse(payload.scheduled_date as string) : NaN;
  if (Number.isFinite(scheduled) && Number.isFinite(created)) {
    const days = Math.floor(scheduled / DAY_MS) - Math.floor(created / DAY_MS);
    const at = new Date(scheduled).toISOString().slice(11, 16);
    input.schedule = { inDays: Math.min(60, Math.max(0, days)), at };
  }
  const flags = v.safeParse(DriverEmailNotificationsSchema, payload);
  if (flags.success) input.flags = flags.output;
  const began = before(created, payload.delivery_began);
  const ended = before(created, payload.delivery_ended);
  if (began) input.began = began;
  if (ended) input.ended = ended;
  if (attachments.photos.length) input.photos = Math.min(10, attachments.photos.length);
  if (attachments.signature) input.signature = true;
  if (attachments.check) input.check = true;
  return input;
}

/**
 * The scenario of a phone's outbox: its entries (waiting, refused and recently sent), oldest
 * first. `phoneOrderKeys`: the orders on the phone's list, for the order references.
 */
export function scenarioFromOutbox(entries: readonly ExportableEntry[], phoneOrderKeys: readonly string[], exportedAt: Date): Scenario {
  const known = entries.filter((e) => kindDef(e.kind) !== null).sort((a, b) => a.created_at.localeCompare(b.created_at));
  const first = known[0] ? Date.parse(known[0].created_at) : 0;
  const steps = known.map((entry): ScenarioStep => {
    const payload = withoutCardData(entry.payload) as Record<string, unknown>;
    const order = orderRef(entry.order_key, phoneOrderKeys);
    return {
      at: formatDuration(Date.parse(entry.created_at) - first),
      do: 'action',
      kind: entry.kind,
      ...(order ? { order: order.ref } : {}),
      input: inputFromPayload(payload, entry.attachments, entry.created_at),
      phone: {
        order_id: order?.id ?? null,
        created_at: entry.created_at,
        status: entry.steps.response !== null ? 'committed' : entry.status,
        attempts: entry.attempts,
        last_error: entry.last_error ? { code: entry.last_error.code, status: entry.last_error.status, message: entry.last_error.message } : null,
        payload,
      },
    };
  });
  const left = entries.length - known.length;
  const description = `A phone's outbox exported ${exportedAt.toISOString().slice(0, 16)}Z for support: ${known.length} entr${known.length === 1 ? 'y' : 'ies'}${left ? ` (${left} of kinds this build does not know left out)` : ''}.`;
  return {
    format: SCENARIO_FORMAT,
    description,
    // An export with nothing in it still names the one step the format needs: the driver syncs.
    steps: steps.length ? steps : [{ at: '0s', do: 'sync' }],
  };
}
