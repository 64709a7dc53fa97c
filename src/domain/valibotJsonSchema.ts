// valibot → JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) for /openapi.json: the document
// is generated from the very schemas that validate the bodies. @valibot/to-json-schema does the
// conversion; this adapter only keeps the output the committed contract (openapi.json) was
// written with, so the switch to the library changed no byte of it:
// - no `$schema` (the schemas are embedded in the OpenAPI document);
// - a picklist is `{enum}` without a `type`; an object with no required entry has no `required`;
// - a default computed by a function is not documented (the library would call it and write
//   whatever it returned that time, e.g. a timestamp);
// - a schema the library cannot express becomes `{x-valibot: <type>}` instead of a guess (also
//   lazy: its `#/$defs` reference would not resolve inside the OpenAPI document);
//   transformations and checks (trim, transform, check, …) say nothing, as before.
import {
  toJsonSchema as libraryToJsonSchema,
  type ConversionConfig,
  type JsonSchema as LibrarySchema,
  type OverrideSchemaContext,
} from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** A JSON Schema as plain data (what the OpenAPI document embeds). */
export type JsonSchema = Record<string, unknown>;

/** The schema types the library converts (its convertSchema switch); anything else is named. */
const CONVERTED = new Set([
  'boolean',
  'null',
  'number',
  'string',
  'array',
  'tuple',
  'tuple_with_rest',
  'loose_tuple',
  'strict_tuple',
  'object',
  'object_with_rest',
  'loose_object',
  'strict_object',
  'record',
  'any',
  'unknown',
  'never',
  'nullable',
  'nullish',
  'exact_optional',
  'optional',
  'undefinedable',
  'literal',
  'enum',
  'picklist',
  'union',
  'variant',
  'intersect',
]);

type Schema = OverrideSchemaContext['valibotSchema'] & { default?: unknown };

function overrideSchema({ valibotSchema, jsonSchema }: OverrideSchemaContext): LibrarySchema | undefined {
  const schema = valibotSchema as Schema;
  if (!CONVERTED.has(schema.type)) return { 'x-valibot': schema.type } as LibrarySchema;
  const out = { ...jsonSchema };
  if (schema.type === 'picklist' || schema.type === 'enum') delete out.type;
  if (Array.isArray(out.required) && out.required.length === 0 && out.type === 'object') delete out.required;
  if (typeof schema.default === 'function') delete out.default;
  return out;
}

const CONFIG: ConversionConfig = { target: 'draft-2020-12', errorMode: 'ignore', overrideSchema };

export function toJsonSchema(schema: v.GenericSchema | v.GenericSchemaAsync): JsonSchema {
  // $defs holds only what lazy schemas defined, and those are named instead (see above).
  const { $schema: _dialect, $defs: _definitions, ...out } = libraryToJsonSchema(schema as v.GenericSchema, CONFIG);
  return out;
}
