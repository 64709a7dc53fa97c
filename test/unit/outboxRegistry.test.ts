import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { outboxMigrations, onlotDeliveriesMigrations, ordersMigrations, type OutboxDoc } from '../../src/db';
import { DeliverOnlotPayloadSchema, LANGUAGES, pathOf } from '../../src/domain';
import { countByNoun, defineKind, isFollowup, kindDef, OUTBOX_KINDS, preparePayload, type OutboxKindDef } from '../../src/outbox';
import { onlotOrderRow } from '../support/orderRow';

const onlotPayload = {
  onlot_inventory_order_id: 7,
  date_delivered: '2026-11-20T14:55:00.000Z',
  delivery_miles_driven: 12,
  delivery_gps_lat: 0,
  delivery_gps_lon: 0,
  delivery_began: '2026-11-20T14:00:00.000Z',
  delivery_ended: '2026-11-20T14:50:00.000Z',
  delivery_note: '',
};

const messageOf = (prepared: ReturnType<typeof preparePayload>): string => (prepared.ok ? '' : prepared.error.message);

describe('the outbox kind registry', () => {
  it('declares the nine deliver calls and the order actions, each with a schema, a call step and a failure id', () => {
    expect([...OUTBOX_KINDS.keys()].sort()).toEqual([
      'create_order_note',
      'deliver_customer_cash',
      'deliver_customer_existing_card',
      'deliver_customer_new_card',
      'deliver_customer_new_check',
      'deliver_customer_no_payment',
      'deliver_customer_rto',
      'deliver_customer_saved_check',
      'deliver_move',
      'deliver_onlot',
      'dismiss_all_notifications',
      'dismiss_notification',
      'reassign_order',
      'reschedule_customer',
      'reschedule_move',
      'reschedule_onlot',
      'schedule_customer',
      'schedule_move',
      'schedule_onlot',
      'unschedule_order',
      'update_driver_email_notifications',
    ]);
    for (const def of OUTBOX_KINDS.values()) {
      expect(
        def.steps.filter((s) => s.type === 'call'),
        def.kind,
      ).toHaveLength(1);
      expect(def.payloadVersion).toBeGreaterThanOrEqual(1);
      for (const language of LANGUAGES) expect(def.label[language].trim(), `${def.kind} in ${language}`).not.toBe('');
      expect(def.label.es, def.kind).not.toBe(def.label.en);
    }
  });

  it('names what each kind counts as, in both languages (the sign-out warning): every delivery is a delivery', () => {
    for (const def of OUTBOX_KINDS.values()) {
      for (const language of LANGUAGES) {
        const { one, other } = def.counted[language];
        expect([one.trim(), other.trim()].every(Boolean), `${def.kind} in ${language}`).toBe(true);
      }
    }
    const nouns = (test: (def: OutboxKindDef) => boolean) => new Set([...OUTBOX_KINDS.values()].filter(test).map((def) => def.counted));
    expect([...nouns((def) => def.delivers)]).toEqual([{ en: { one: 'delivery', other: 'deliveries' }, es: { one: 'entrega', other: 'entregas' } }]);
    expect(nouns((def) => !def.delivers).has(kindDef('deliver_onlot')!.counted)).toBe(false);
    expect(countByNoun(['create_order_note', 'deliver_customer_cash', 'schedule_move', 'unschedule_order', 'deliver_move', 'no_such_kind'])).toEqual([
      { noun: kindDef('deliver_move')!.counted, count: 2 },
      { noun: kindDef('create_order_note')!.counted, count: 1 },
      { noun: kindDef('schedule_move')!.counted, count: 2 },
      { noun: { en: { one: 'action', other: 'actions' }, es: { one: 'acción', other: 'acciones' } }, count: 1 },
    ]);
  });

  it('sends each order action as one call, with no draft, and only a reassign takes the order off the list', () => {
    const call = (kind: string) => kindDef(kind)?.steps.map((s) => (s.type === 'call' ? pathOf(s.endpoint) : s.type));
    // One call; schedule, reschedule and reassign then notify the office (and email: see below).
    expect(call('schedule_customer')).toEqual(['/secure/driver/schedule_my_customer_order_delivery', 'notify', 'email']);
    expect(call('schedule_onlot')).toEqual(['/secure/driver/schedule_my_onlot_inventory_order_delivery', 'notify']);
    expect(call('reschedule_move')).toEqual(['/secure/driver/update_inventory_move_order_scheduled_date_and_time', 'notify']);
    expect(call('unschedule_order')).toEqual(['/secure/driver/unschedule_order']);
    expect(call('reassign_order')).toEqual(['/secure/driver/reassign_driver', 'notify', 'email']);
    expect(call('create_order_note')).toEqual(['/secure/driver/create_order_note']);
    expect(call('dismiss_notification')).toEqual(['/secure/driver/notification_dismiss']);
    expect(call('dismiss_all_notifications')).toEqual(['/secure/driver/dismiss_all_notifications']);
    expect(kindDef('dismiss_notification')?.failure).toBe('FailedToDismissNotification');
    expect(kindDef('dismiss_all_notifications')?.failure).toBe('FailedToClearAllNotifications');
    expect(call('update_driver_email_notifications')).toEqual(['/secure/driver/update_driver_email_notifications']);
    expect(kindDef('update_driver_email_notifications')?.failure).toBe('FailedToSaveDriverNotificationSettings');
    for (const def of OUTBOX_KINDS.values()) {
      if (def.delivers) continue;
      expect([def.draft, def.onDone.removeDraft, def.onAttention.markDraft, def.payloadVersion], def.kind).toEqual([null, false, false, 1]);
      expect(def.onDone.removeOrder, def.kind).toBe(def.kind === 'reassign_order');
    }
    // Only schedule changes show on the list before the server has them (undone when refused or discarded).
    expect(
      [...OUTBOX_KINDS.values()]
        .filter((def) => def.optimistic)
        .map((def) => def.kind)
        .sort(),
    ).toEqual(['reschedule_customer', 'reschedule_move', 'reschedule_onlot', 'schedule_customer', 'schedule_move', 'schedule_onlot', 'unschedule_order']);
    expect(kindDef('reschedule_move')?.optimistic?.row({ inventory_move_order_id: 3, scheduled_date: '2026-11-25T08:00:00.000+02:00' })).toEqual({
      is_scheduled_for_delivery: true,
      scheduled_date: '2026-11-25T06:00:00.000Z',
      order_status: 'Scheduled for Delivery',
    });
    expect(kindDef('schedule_move')?.failure).toBe('FailedToScheduleDelivery');
    expect(kindDef('reschedule_customer')?.failure).toBe('FailedToRescheduleDelivery');
    expect(kindDef('create_order_note')?.label.en).toBe('Note for the office');
  });

  it("follows a schedule, reschedule or reassign with the office's notification at once, then the customer's or driver's email after SPEC §9's wait", () => {
    const followups = (kind: string) => kindDef(kind)?.steps.flatMap((s) => (isFollowup(s) ? [[s.id, s.waitMs]] : []));
    for (const action of ['schedule', 'reschedule']) {
      expect(followups(`${action}_customer`)).toEqual([
        ['notify:office', 0],
        ['email:customer-scheduled', 7000],
      ]);
      for (const kind of ['onlot', 'move']) expect(followups(`${action}_${kind}`)).toEqual([['notify:office', 0]]);
    }
    expect(followups('reassign_order')).toEqual([
      ['notify:office', 0],
      ['email:driver-reassigned', 7000],
    ]);
    for (const kind of ['unschedule_order', 'create_order_note', 'dismiss_notification', 'dismiss_all_notifications', 'update_driver_email_notifications']) {
      expect(followups(kind)).toEqual([]);
    }
  });

  it('only the email-notification switches change a stored snapshot: the settings, shown as the three flags while waiting', () => {
    const flags = {
      email_notifications_new_order_assigned: false,
      email_notifications_order_reassigned: true,
      email_notifications_order_finished_at_shop: false,
    };
    const changing = [...OUTBOX_KINDS.values()].filter((def) => def.updatesSnapshot);
    expect(changing.map((def) => [def.kind, def.updatesSnapshot?.key])).toEqual([['update_driver_email_notifications', 'settings']]);
    expect(changing[0]?.updatesSnapshot?.shows(flags)).toEqual(flags);
    expect('dismisses' in (kindDef('update_driver_email_notifications') ?? {})).toBe(false);
  });

  it('orders the follow-ups after the call: certificate before emails for customer orders; on-lot and move send the office-admin email only', () => {
    const ids = (kind: string) => kindDef(kind)?.steps.map((s) => (s.type === 'upload' ? `upload:${s.slot}` : s.type === 'call' ? 'call' : s.id));
    expect(ids('deliver_onlot')).toEqual(['upload:photos', 'call', 'email:office-admin-onlot']);
    expect(ids('deliver_move')).toEqual(['upload:photos', 'call', 'email:office-admin-move']);
    expect(ids('deliver_customer_new_check')).toEqual([
      'upload:photos',
      'upload:signature',
      'upload:check',
      'call',
      'certificate',
      'email:customer-delivered',
      'email:office-admin-customer',
    ]);
    expect(ids('deliver_customer_rto')).toEqual([
      'upload:photos',
      'upload:signature',
      'call',
      'certificate',
      'email:customer-delivered',
      'email:office-admin-customer',
      'email:rto-delivered',
    ]);
    for (const def of OUTBOX_KINDS.values()) {
      for (const step of def.steps) if (step.type === 'certificate' || step.type === 'email') expect(step.waitMs).toBe(7000);
    }
  });

  it('registers every kind its kinds/ folder declares: a kind file left out of registry.ts fails here', async () => {
    const dir = fileURLToPath(new URL('../../src/outbox/kinds/', import.meta.url));
    const declared: OutboxKindDef[] = [];
    const isKind = (value: unknown): value is OutboxKindDef =>
      typeof value === 'object' && value !== null && typeof (value as OutboxKindDef).kind === 'string' && Array.isArray((value as OutboxKindDef).steps);
    // A file exports a kind, or a table (record or list) of them.
    const collect = (value: unknown, depth: number): void => {
      if (isKind(value)) declared.push(value);
      else if (depth > 0 && typeof value === 'object' && value !== null) for (const inner of Object.values(value)) collect(inner, depth - 1);
    };
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) collect(await import(`${dir}${file}`), 2);
    expect(declared.length).toBe(OUTBOX_KINDS.size);
    for (const def of declared) expect(OUTBOX_KINDS.get(def.kind), def.kind).toBe(def);
  });

  it('does not compile a kind without steps or without a payload schema', () => {
    const base = {
      kind: 'x',
      label: { en: 'X', es: 'X' },
      counted: { en: { one: 'x', other: 'xs' }, es: { one: 'x', other: 'xs' } },
      delivers: false,
      draft: null,
      failure: 'GeneralError',
      payloadVersion: 1,
      upgrades: {},
      body: () => ({}),
      onDone: { removeDraft: false, removeOrder: false },
      onAttention: { markDraft: false },
      optimistic: null,
    } as const;
    // @ts-expect-error steps must hold at least one step
    const noSteps: OutboxKindDef = defineKind({ ...base, payloadSchema: DeliverOnlotPayloadSchema, steps: [] });
    // @ts-expect-error payloadSchema is required
    const noSchema: OutboxKindDef = defineKind({ ...base, steps: [{ type: 'call', endpoint: 'POST /secure/driver/create_order_note' }] });
    expect([noSteps, noSchema]).toHaveLength(2);
  });

  it("upgrades an older payload through the kind's upgrades, and refuses what it cannot upgrade, in a clear message", () => {
    expect(preparePayload({ kind: 'deliver_onlot', payload_version: 1, payload: onlotPayload })).toMatchObject({ ok: true });
    const tooNew = preparePayload({ kind: 'deliver_onlot', payload_version: 9, payload: onlotPayload });
    expect(tooNew).toMatchObject({ ok: false, error: { code: 'OutboxEntryTooOld' } });
    expect(messageOf(tooNew)).toContain('newer version');
    const unknown = preparePayload({ kind: 'deliver_teleport', payload_version: 1, payload: {} });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'OutboxKindUnknown' } });
    const broken = preparePayload({ kind: 'deliver_onlot', payload_version: 1, payload: { ...onlotPayload, delivery_miles_driven: 'twelve' } });
    expect(broken).toMatchObject({ ok: false, error: { code: 'OutboxEntryTooOld' } });
    expect(messageOf(broken)).toContain('delivery_miles_driven');
    // A kind at version 2 with an upgrade from 1 sends the upgraded shape, never the old one.
    const def = kindDef('deliver_onlot')!;
    const v2: OutboxKindDef = {
      ...def,
      payloadVersion: 2,
      payloadSchema: v.object({ ...DeliverOnlotPayloadSchema.entries, delivery_note: v.pipe(v.string(), v.minLength(1)) }),
      upgrades: { 2: (old) => ({ ...old, delivery_note: old.delivery_note || '(no note)' }) },
    };
    (OUTBOX_KINDS as Map<string, OutboxKindDef>).set('deliver_onlot', v2);
    try {
      const upgraded = preparePayload({ kind: 'deliver_onlot', payload_version: 1, payload: onlotPayload });
      expect(upgraded).toMatchObject({ ok: true, payload: { delivery_note: '(no note)' } });
      (OUTBOX_KINDS as Map<string, OutboxKindDef>).set('deliver_onlot', { ...v2, upgrades: {} });
      expect(messageOf(preparePayload({ kind: 'deliver_onlot', payload_version: 1, payload: onlotPayload }))).toContain('older version');
    } finally {
      (OUTBOX_KINDS as Map<string, OutboxKindDef>).set('deliver_onlot', def);
    }
  });
});

describe('collection migrations', () => {
  it('outbox v0 → v1: photos become attachments, payload version 1, recorded uploads kept', () => {
    const v0 = {
      id: 'e1',
      company_id: 1,
      account_id: 3,
      kind: 'deliver_onlot',
      order_key: 'oio-7',
      payload: onlotPayload,
      photos: [{ id: 'p1', mime_type: 'image/jpeg', extension: 'jpg', size: 1, width: 1, height: 1 }],
      status: 'queued',
      steps: { uploads: { p1: { guid: 'g' } }, response: null },
      attempts: 2,
      next_attempt_at: 0,
      last_error: null,
      created_at: '2026-11-20T14:55:00.000Z',
      updated_at: '2026-11-20T14:55:00.000Z',
    };
    const v1 = outboxMigrations[1](v0) as unknown as OutboxDoc & { photos?: unknown };
    expect(v1.photos).toBeUndefined();
    expect(v1).toMatchObject({
      payload_version: 1,
      display: null,
      attachments: { photos: v0.photos, signature: null, check: null },
      steps: { uploads: { p1: { guid: 'g' } }, response: null, followups: {}, wait_until: null },
    });
    expect(preparePayload(v1)).toMatchObject({ ok: true });
  });

  it('onlot_deliveries v0 → v1: an unowned draft (account 0) with a kind-neutral order id', () => {
    const v1 = onlotDeliveriesMigrations[1]({
      id: 'oio-7',
      company_id: 1,
      onlot_inventory_order_id: 7,
      server: null,
      draft: { deliveryNote: 'x' },
      updated_at: 't',
    });
    expect(v1).toEqual({
      id: 'oio-7',
      company_id: 1,
      account_id: 0,
      order_id: 7,
      server: null,
      draft: { deliveryNote: 'x' },
      updated_at: 't',
      notes: null,
      notes_at: null,
    });
  });

  it('orders v0 → v1: the cached list is dropped (the renamed pull stream refills it per driver)', () => {
    expect(ordersMigrations[1]()).toBeNull();
  });

  it('orders v1 → v2: a stored row stays, with no town until the renamed pull stream brings it', () => {
    const { delivery_town: _town, ...v1 } = onlotOrderRow({ company_id: 1, account_id: 3 }, { updated_at: 't' });

    expect(ordersMigrations[2](v1)).toEqual({ ...v1, delivery_town: null });
  });
});
