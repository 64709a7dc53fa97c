// The adapter over @valibot/to-json-schema keeps the shape openapi.json was written with
// (test/integration/openapi.test.ts checks the features src/domain uses; this, the adapter's
// own rules, including those no schema of src/domain exercises today).
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { toJsonSchema } from '../../src/domain/valibotJsonSchema';

describe('toJsonSchema (valibot → JSON Schema for /openapi.json)', () => {
  it('names no dialect, gives a picklist no type and an object without required entries no required', () => {
    expect(toJsonSchema(v.object({ kind: v.optional(v.picklist(['a', 'b'])) }))).toEqual({
      type: 'object',
      properties: { kind: { enum: ['a', 'b'] } },
    });
  });

  it('documents a fixed default, not one a function computes (the document must not change from run to run)', () => {
    let calls = 0;
    const schema = v.object({ fixed: v.optional(v.string(), 'x'), computed: v.nullish(v.string(), () => `t${(calls += 1)}`) });
    expect(toJsonSchema(schema).properties).toEqual({
      fixed: { type: 'string', default: 'x' },
      computed: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    });
  });

  it('names what it cannot express (lazy too: a $defs reference would not resolve inside the document)', () => {
    expect(toJsonSchema(v.date())).toEqual({ 'x-valibot': 'date' });
    const tree: v.GenericSchema = v.object({ child: v.lazy(() => tree) });
    expect(toJsonSchema(tree)).toEqual({ type: 'object', required: ['child'], properties: { child: { 'x-valibot': 'lazy' } } });
  });

  it('says nothing for transformations and checks', () => {
    expect(
      toJsonSchema(
        v.pipe(
          v.string(),
          v.trim(),
          v.check((s) => s !== 'x'),
          v.maxLength(3),
        ),
      ),
    ).toEqual({ type: 'string', maxLength: 3 });
  });
});
