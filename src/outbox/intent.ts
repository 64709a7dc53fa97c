import * as v from 'valibot';
import { clockDate } from '../clock';
import { issuesMessage } from '../domain';
import type { DriverDatabase, OutboxDisplay, Session } from '../db';
import { discardOutboxEntry } from './entries';
import { refuse, type ActionResult } from './orderActions';
import { activeEntriesSelector, queue } from './queue';
import { kindDef } from './registry';

// The intent API of DESIGN §5, `queue(kind, input)`, for kinds whose whole policy is declared:
// the key they go under and what a new entry does to a refused one. A screen names the kind;
// nothing here knows one (the deliveries and order actions keep their own intents, which run
// the SPEC §5 rules against the phone's copy of the order first).

export interface KindInput {
  payload: Record<string, unknown>;
  /** What the outbox drawer calls the entry, in the driver's language. */
  name: string;
  /** An order action's order key; a kind that declares its own `key` needs none. */
  orderKey?: string;
}

export async function queueKind(db: DriverDatabase, session: Session, kind: string, input: KindInput, now: Date = clockDate()): Promise<ActionResult> {
  const def = kindDef(kind);
  if (!def) throw new Error(`no outbox kind ${kind}`);
  const orderKey = def.key ?? input.orderKey;
  if (orderKey === undefined) throw new Error(`${kind} needs an order key`);
  const parsed = v.safeParse(def.payloadSchema, input.payload);
  if (!parsed.success) return refuse(def.failure, issuesMessage(parsed.issues));
  if (def.supersedesRefused) {
    const refused = await db.outbox.find({ selector: { ...activeEntriesSelector(session, orderKey), kind, status: 'needs_attention' } }).exec();
    for (const doc of refused) await discardOutboxEntry(db, session, doc.id);
  }
  const display: OutboxDisplay = { name: input.name, model: '', serial: '' };
  const entry = await queue(db, session, def, { orderKey, payload: parsed.output, display }, now);
  return { ok: true, entryId: entry.id };
}
