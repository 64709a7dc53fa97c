// valibot → JSON Schema (draft 2020-12, as OpenAPI 3.1 uses), for /openapi.json: the
// document is generated from the very schemas that validate the bodies. @valibot/to-json-schema
// is not installed, so this covers the valibot features src/domain uses; anything else
// becomes {} with an `x-valibot` note rather than a wrong claim.
import type * as v from 'valibot';

export type JsonSchema = Record<string, unknown>;

/** The structural view of a valibot schema or pipe item this converter reads. */
interface Node {
  kind: string;
  type: string;
  pipe?: Node[];
  entries?: Record<string, Node>;
  item?: Node;
  items?: Node[];
  options?: unknown[];
  wrapped?: Node;
  default?: unknown;
  literal?: unknown;
  key?: Node | string;
  value?: Node;
  rest?: Node;
  requirement?: unknown;
  description?: string;
  title?: string;
}

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

const OPTIONAL = new Set(['optional', 'exact_optional', 'undefinedable', 'nullish']);

export function toJsonSchema(schema: AnySchema): JsonSchema {
  return convert(schema);
}

/** True when an object entry may be left out (optional, nullish, …). */
function isOptional(node: Node): boolean {
  return OPTIONAL.has(node.type);
}

function withDefault(out: JsonSchema, node: Node): JsonSchema {
  // A function default is computed at parse time: nothing fixed to document.
  if (node.default !== undefined && typeof node.default !== 'function') out.default = node.default;
  return out;
}

function convert(node: Node): JsonSchema {
  const out = convertType(node);
  for (const action of node.pipe?.slice(1) ?? []) applyAction(out, action);
  return out;
}

function objectSchema(node: Node): JsonSchema {
  const entries = node.entries ?? {};
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    properties[name] = convert(entry);
    if (!isOptional(entry)) required.push(name);
  }
  const out: JsonSchema = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  if (node.type === 'strict_object') out.additionalProperties = false;
  if (node.type === 'object_with_rest' && node.rest) out.additionalProperties = convert(node.rest);
  return out;
}

function convertType(node: Node): JsonSchema {
  switch (node.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'bigint':
      return { type: 'integer' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'any':
    case 'unknown':
      return {};
    case 'never':
      return { not: {} };
    case 'literal':
      return { const: node.literal };
    case 'picklist':
    case 'enum':
      return { enum: node.options ?? [] };
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest':
      return objectSchema(node);
    case 'array':
      return { type: 'array', items: node.item ? convert(node.item) : {} };
    case 'tuple':
    case 'strict_tuple':
    case 'loose_tuple':
      return { type: 'array', prefixItems: (node.items ?? []).map(convert), ...(node.type === 'strict_tuple' ? { items: false } : {}) };
    case 'record':
      return {
        type: 'object',
        ...(node.key && typeof node.key === 'object' ? { propertyNames: convert(node.key) } : {}),
        additionalProperties: node.value ? convert(node.value) : {},
      };
    case 'union':
      return { anyOf: (node.options as Node[] | undefined ?? []).map(convert) };
    case 'variant':
      return { oneOf: (node.options as Node[] | undefined ?? []).map(convert) };
    case 'intersect':
      return { allOf: (node.options as Node[] | undefined ?? []).map(convert) };
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
    case 'non_nullable':
    case 'non_nullish':
    case 'non_optional':
      return withDefault(node.wrapped ? convert(node.wrapped) : {}, node);
    case 'nullable':
    case 'nullish':
      return withDefault({ anyOf: [node.wrapped ? convert(node.wrapped) : {}, { type: 'null' }] }, node);
    default:
      return { 'x-valibot': node.type };
  }
}

/** The pipe's validations that JSON Schema can say; transformations (trim, …) say nothing. */
function applyAction(out: JsonSchema, action: Node): void {
  if (action.kind === 'metadata') {
    if (action.type === 'description' && typeof action.description === 'string') out.description = action.description;
    if (action.type === 'title' && typeof action.title === 'string') out.title = action.title;
    return;
  }
  if (action.kind !== 'validation') return;
  const requirement = action.requirement;
  const isArray = out.type === 'array';
  switch (action.type) {
    case 'min_length':
      out[isArray ? 'minItems' : 'minLength'] = requirement;
      break;
    case 'max_length':
      out[isArray ? 'maxItems' : 'maxLength'] = requirement;
      break;
    case 'length':
      out[isArray ? 'minItems' : 'minLength'] = requirement;
      out[isArray ? 'maxItems' : 'maxLength'] = requirement;
      break;
    case 'non_empty':
      out[isArray ? 'minItems' : 'minLength'] = 1;
      break;
    case 'min_value':
      out.minimum = requirement;
      break;
    case 'max_value':
      out.maximum = requirement;
      break;
    case 'gt_value':
      out.exclusiveMinimum = requirement;
      break;
    case 'lt_value':
      out.exclusiveMaximum = requirement;
      break;
    case 'multiple_of':
      out.multipleOf = requirement;
      break;
    case 'integer':
    case 'safe_integer':
      out.type = 'integer';
      break;
    case 'email':
    case 'rfc_email':
      out.format = 'email';
      break;
    case 'uuid':
      out.format = 'uuid';
      break;
    case 'url':
      out.format = 'uri';
      break;
    case 'iso_timestamp':
    case 'iso_date_time':
      out.format = 'date-time';
      break;
    case 'iso_date':
      out.format = 'date';
      break;
    case 'iso_time':
      out.format = 'time';
      break;
    case 'regex':
      if (requirement instanceof RegExp) out.pattern = requirement.source;
      break;
    case 'digits':
      out.pattern = '^\\d*$';
      break;
    default:
      break; // e.g. finite, check: true of every JSON number / not expressible
  }
}
