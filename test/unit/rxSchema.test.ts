// The RxDB collection schemas derived from the valibot shapes (src/db/rxSchema.ts) must stay
// what installed phones stored: RxDB compares a hash of each collection's schema when it opens
// it, and a different hash at the same version refuses the collection. The hashes below are
// those of the hand-written schemas as they were before the derivation (commit d864a2d);
// `before` repeats those hand-written schemas so a difference reads as a diff. A collection's
// new version changes its hash on purpose: orders v2 added delivery_town (issue 25), v3 the
// indexed list_sort (issue 24).
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { RxJsonSchema } from 'rxdb';
import { createRxSchema } from 'rxdb/plugins/core';
import { defaultHashSha256 } from 'rxdb/plugins/utils';
import { cacheSchema, customerDeliveriesSchema, moveDeliveriesSchema, onlotDeliveriesSchema, ordersSchema, outboxSchema } from '../../src/db';
import { rxSchemaOf } from '../../src/db/rxSchema';

type AnySchema = RxJsonSchema<Record<string, unknown>>;

/** As RxDB stores it: default settings filled in, keys sorted. */
const stored = (schema: unknown) => createRxSchema(schema as AnySchema, defaultHashSha256);

const STORED_HASHES = {
  orders: '2cfdd00670a0e594c0ea57255b5b99d0dc050a36582ab13b4ac35619b04d6764',
  onlot_deliveries: 'fe1621a5ec8cf1af3a8638a6878f3c6f34b83d14ce51f4309ec5a985afab22bb',
  move_deliveries: 'c780c73c7ce153c594f97f52a1426464f3bdcb68a1193b0d32996beb6fafcdb5',
  customer_deliveries: '1c7b7309a422bc6a9d56835df3418889d045cc17d070d5e9404bc355bfeb01cf',
  outbox: '505cea41a761e54e0d7066565d14f2459e9b2e7ab92ac89de42a491decdb5abf',
  cache: 'de7bbe7697241aa68c79dbbcb42d3b95995d20c54f2c13d7f835dc896573794f',
};

const current = {
  orders: ordersSchema,
  onlot_deliveries: onlotDeliveriesSchema,
  move_deliveries: moveDeliveriesSchema,
  customer_deliveries: customerDeliveriesSchema,
  outbox: outboxSchema,
  cache: cacheSchema,
};

// The hand-written schemas the derived ones replace, verbatim.
const nullable = (type: string) => ({ type: [type, 'null'] });
const draftCommon = {
  readyToDeliver: { type: 'boolean' },
  deliveryMilesDriven: nullable('number'),
  deliveryBegan: nullable('string'),
  deliveryEnded: nullable('string'),
  deliveryGpsLat: nullable('number'),
  deliveryGpsLon: nullable('number'),
  dateDelivered: nullable('string'),
  deliveryNote: { type: 'string' },
  photos: { type: 'array', items: { type: 'object' } },
  deliveryError: nullable('string'),
  outboxId: nullable('string'),
};
const delivery = (title: string, version: number, draft: object, extra: object = {}) => ({
  title,
  version,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    company_id: { type: 'number' },
    account_id: { type: 'number' },
    order_id: { type: 'number' },
    server: nullable('object'),
    draft: { type: 'object', properties: draft },
    updated_at: { type: 'string' },
    notes: { type: ['array', 'null'], items: { type: 'object' } },
    notes_at: nullable('string'),
    ...extra,
  },
  required: ['id', 'company_id', 'account_id', 'order_id', 'draft', 'updated_at'],
});
const before = {
  orders: {
    title: 'orders',
    version: 3,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 40 },
      company_id: { type: 'number' },
      account_id: { type: 'number' },
      dealer_name: { type: 'string' },
      customer_name: nullable('string'),
      building_model: { type: 'string' },
      serial_number: { type: 'string' },
      order_type: { type: 'string' },
      order_status: { type: 'string' },
      building_stage: { type: 'string' },
      building_location: { type: 'string' },
      is_scheduled_for_delivery: { type: 'boolean' },
      is_built: { type: 'boolean' },
      is_rush_order: { type: 'boolean' },
      scheduled_date: nullable('string'),
      delivery_town: nullable('string'),
      customer_order_id: nullable('number'),
      onlot_inventory_order_id: nullable('number'),
      inventory_move_order_id: nullable('number'),
      updated_at: { type: 'string' },
      list_sort: { type: 'string', maxLength: 40 },
    },
    required: ['id', 'company_id', 'account_id', 'order_type', 'updated_at', 'list_sort'],
    indexes: ['list_sort'],
  },
  onlot_deliveries: delivery('onlot_deliveries', 1, draftCommon),
  move_deliveries: delivery('move_deliveries', 0, draftCommon),
  customer_deliveries: delivery(
    'customer_deliveries',
    0,
    {
      ...draftCommon,
      signature: nullable('object'),
      signatureFrom: { type: 'string' },
      happyList: { type: 'array', items: { type: 'string' } },
      surveyAnswers: { type: 'object' },
      paymentMethod: nullable('string'),
      checkSelection: nullable('string'),
      cardSelection: nullable('string'),
      paymentAmount: { type: 'string' },
      check: nullable('object'),
      customerOrderSavedCheckId: nullable('number'),
      cardProfileId: nullable('string'),
      newCard: nullable('object'),
    },
    { saved_checks: { type: ['array', 'null'], items: { type: 'object' } }, saved_checks_at: nullable('string') },
  ),
};

describe('the collections as phones stored them', () => {
  it.each(Object.keys(STORED_HASHES) as (keyof typeof STORED_HASHES)[])('%s keeps its stored schema hash', async (name) => {
    const schema = stored(current[name]);
    expect(await schema.hash, JSON.stringify(schema.jsonSchema)).toBe(STORED_HASHES[name]);
  });

  it.each(Object.keys(before) as (keyof typeof before)[])('%s is derived equal to the hand-written schema it replaces', async (name) => {
    expect(stored(current[name]).jsonSchema).toEqual(stored(before[name]).jsonSchema);
    expect(await stored(before[name]).hash).toBe(STORED_HASHES[name]);
  });
});

describe('rxSchemaOf (valibot document → RxDB schema)', () => {
  const document = v.object({
    key: v.string(),
    count: v.pipe(v.number(), v.minValue(0)),
    kind: v.picklist(['a', 'b']),
    fixed: v.literal(3),
    maybe: v.nullable(v.picklist(['x'])),
    tags: v.array(v.object({ name: v.string() })),
    maybeList: v.nullable(v.array(v.string())),
    byName: v.record(v.string(), v.union([v.string(), v.boolean()])),
    either: v.union([v.string(), v.number(), v.null()]),
    anything: v.unknown(),
    inner: v.object({ a: v.nullable(v.string()), deep: v.object({ b: v.string() }) }),
    flat: v.nullable(v.object({ a: v.string() })),
  });
  const schema = rxSchemaOf({ title: 't', version: 2, primaryKey: 'key', document, required: ['key', 'kind'], keyMaxLength: 64, nested: ['inner'] });

  it("tells RxDB each field's JSON type and nullability, array items' type, and nested fields only where asked", () => {
    expect(schema).toEqual({
      title: 't',
      version: 2,
      primaryKey: 'key',
      type: 'object',
      properties: {
        key: { type: 'string', maxLength: 64 },
        count: { type: 'number' },
        kind: { type: 'string' },
        fixed: { type: 'number' },
        maybe: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'object' } },
        maybeList: { type: ['array', 'null'], items: { type: 'string' } },
        byName: { type: 'object' },
        either: { type: ['string', 'number', 'null'] },
        anything: {},
        inner: { type: 'object', properties: { a: { type: ['string', 'null'] }, deep: { type: 'object' } } },
        flat: { type: ['object', 'null'] },
      },
      required: ['key', 'kind'],
    });
  });

  it('refuses a field whose JSON type the converter cannot say', () => {
    const dated = v.object({ key: v.string(), at: v.date() });
    expect(() => rxSchemaOf({ title: 'd', version: 0, primaryKey: 'key', document: dated, required: ['key'], keyMaxLength: 40 })).toThrow(
      'A stored field cannot be a valibot date',
    );
  });
});
