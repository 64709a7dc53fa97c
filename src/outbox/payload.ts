import * as v from 'valibot';
import type { OutboxDoc, OutboxError } from '../db';
import { kindDef } from './registry';
import type { OutboxKindDef } from './types';

export type Prepared = { ok: true; def: OutboxKindDef; payload: Record<string, unknown> } | { ok: false; error: OutboxError };

const tooOld = (message: string): Prepared => ({ ok: false, error: { code: 'OutboxEntryTooOld', message, status: null } });

/**
 * The entry's payload in this build's current shape, or why it cannot be sent: a kind this
 * build does not know, a version with no upgrade path, or a payload that no longer
 * validates. Never sends a payload in an old shape.
 */
export function preparePayload(entry: Pick<OutboxDoc, 'kind' | 'payload_version' | 'payload'>): Prepared {
  const def = kindDef(entry.kind);
  if (!def) {
    return {
      ok: false,
      error: {
        code: 'OutboxKindUnknown',
        message: 'This action was saved by another version of the app and cannot be sent. Discard it and do it again.',
        status: null,
      },
    };
  }
  let payload = entry.payload;
  if (entry.payload_version > def.payloadVersion) {
    return tooOld('This action was saved by a newer version of the app. Update the app to send it.');
  }
  for (let version = entry.payload_version + 1; version <= def.payloadVersion; version++) {
    const upgrade = def.upgrades[version];
    if (!upgrade) return tooOld('This action was saved by an older version of the app and cannot be sent. Discard it and do it again.');
    payload = upgrade(payload);
  }
  const parsed = v.safeParse(def.payloadSchema, payload);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return tooOld(`This action cannot be sent as saved (${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}). Discard it and do it again.`);
  }
  return { ok: true, def, payload: parsed.output };
}
