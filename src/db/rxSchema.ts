import type { RxJsonSchema } from 'rxdb';
import type * as v from 'valibot';
import { toJsonSchema, type JsonSchema } from '../domain/valibotJsonSchema';

// A collection's RxDB schema is derived from the valibot shape of its document (one source per
// shape, issue 21), through the same valibot → JSON Schema adapter as /openapi.json. RxDB is told
// only each field's JSON type and whether it may be null (and the type of array items): what
// is inside is the valibot schemas' business where the data is read or written. That is also
// exactly what the hand-written schemas said, and must stay so: RxDB keeps a hash of each
// collection's schema, and a phone whose stored hash differs at the same version refuses to
// open the collection (test/unit/rxSchema.test.ts pins the hashes).

/** A valibot object schema whose output is the stored document. */
type DocumentSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
type Field<T> = keyof T & string;

export interface StoredCollection<S extends DocumentSchema> {
  title: string;
  /** Bumped (with a migration strategy) whenever the derived schema changes. */
  version: number;
  primaryKey: Field<v.InferOutput<S>>;
  /** The stored document: the domain's shape plus local fields (the owner's account_id, drafts). */
  document: S;
  /** RxDB's own required list, in its stored order (not necessarily valibot's). */
  required: readonly Field<v.InferOutput<S>>[];
  /** RxDB demands a maxLength on the primary key (and on indexed strings, below). */
  keyMaxLength: number;
  /** Indexed string fields, each with the maxLength RxDB pads it to (single-field indexes). */
  indexes?: Partial<Record<Field<v.InferOutput<S>>, number>>;
  /** Object fields whose own fields RxDB is also told (one level, no required list). */
  nested?: readonly Field<v.InferOutput<S>>[];
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The JSON types a node admits, in the order valibot gives them (nullable: the type, then null). */
function typesOf(node: JsonSchema): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.anyOf)) return (node.anyOf as JsonSchema[]).flatMap(typesOf);
  if (Array.isArray(node.enum)) return node.enum.map(jsonTypeOf); // a picklist
  if ('const' in node) return [jsonTypeOf(node.const)]; // a literal
  if ('x-valibot' in node) throw new Error(`A stored field cannot be a valibot ${String(node['x-valibot'])}: RxDB needs its JSON type`);
  return []; // unknown: any JSON value
}

function arrayNode(node: JsonSchema): JsonSchema | undefined {
  if (node.type === 'array') return node;
  return Array.isArray(node.anyOf) ? (node.anyOf as JsonSchema[]).find((branch) => branch.type === 'array') : undefined;
}

/** What RxDB is told of one field: its type(s), array items' type, and, if nested, its fields'. */
function storedField(node: JsonSchema, nested = false): JsonSchema {
  const types = [...new Set(typesOf(node))];
  if (types.length === 0) return {};
  const out: JsonSchema = { type: types.length === 1 ? types[0] : types };
  const items = arrayNode(node)?.items as JsonSchema | undefined;
  if (items) out.items = storedField(items);
  if (nested) out.properties = storedFields(node.properties as Record<string, JsonSchema>, []);
  return out;
}

function storedFields(properties: Record<string, JsonSchema>, nested: readonly string[]): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(properties).map(([name, node]) => [name, storedField(node, nested.includes(name))]));
}

/** The RxDB schema of a collection whose documents have the valibot shape `document`. */
export function rxSchemaOf<S extends DocumentSchema>(collection: StoredCollection<S>): RxJsonSchema<v.InferOutput<S>> {
  const properties = storedFields(toJsonSchema(collection.document).properties as Record<string, JsonSchema>, collection.nested ?? []);
  const key = collection.primaryKey;
  properties[key] = { ...properties[key], maxLength: collection.keyMaxLength };
  const indexes = Object.entries(collection.indexes ?? {}) as [string, number][];
  for (const [field, maxLength] of indexes) properties[field] = { ...properties[field], maxLength };
  const schema: JsonSchema = {
    title: collection.title,
    version: collection.version,
    primaryKey: collection.primaryKey,
    type: 'object',
    properties,
    required: [...collection.required],
    // Left out when empty: the stored schemas' hashes of collections without one stay as they were.
    ...(indexes.length ? { indexes: indexes.map(([field]) => field) } : {}),
  };
  // RxJsonSchema types each property from the document type; this one was built from it.
  return schema as unknown as RxJsonSchema<v.InferOutput<S>>;
}
