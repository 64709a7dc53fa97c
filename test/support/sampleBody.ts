// A plausible body for a route, made from its /openapi.json request schema: every property
// filled with a value of the documented type and bounds, ids taken from the caller's own
// data when the name says what they are. The fuzz and mass-assignment suites start from it
// so their hostile values reach past the first shape check.
import { randomUUID } from 'node:crypto';

export type Schema = Record<string, unknown>;

export interface SampleHints {
  /** A value for a property by name (e.g. the driver's own order id), or undefined to generate. */
  byName?: (name: string) => unknown;
}

function firstOf(options: unknown): Schema | undefined {
  if (!Array.isArray(options)) return undefined;
  const list = options as Schema[];
  return list.find((o) => o.type !== 'null') ?? list[0];
}

function sampleString(schema: Schema, name: string): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'email':
      return 'someone@example.test';
    case 'uri':
      return 'https://example.test/x';
    default:
      break;
  }
  if (/expir/i.test(name)) return '1230';
  if (/state$/i.test(name)) return 'PA';
  if (/zip/i.test(name)) return '17601';
  if (/phone/i.test(name)) return '7175550100';
  if (/amount|balance|price/i.test(name)) return '10.00';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 12;
  return 'sample-value'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 12)));
}

export function sampleOf(schema: Schema | undefined, hints: SampleHints = {}, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const hinted = hints.byName?.(name);
  if (hinted !== undefined) return hinted;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[])[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  const alternative = firstOf(schema.anyOf) ?? firstOf(schema.oneOf);
  if (alternative) return sampleOf(alternative, hints, name, depth + 1);
  if (Array.isArray(schema.allOf)) return sampleOf((schema.allOf as Schema[])[0], hints, name, depth + 1);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        out[key] = sampleOf(property, hints, key, depth + 1);
      }
      return out;
    }
    case 'array':
      return schema.items && typeof schema.items === 'object' ? [sampleOf(schema.items as Schema, hints, name, depth + 1)] : [];
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

/** The JSON request schema of a route in an /openapi.json document, if it has one. */
export function jsonBodySchema(doc: { paths: Record<string, Record<string, unknown>> }, method: string, url: string): Schema | undefined {
  const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] as
    | { requestBody?: { content?: Record<string, { schema?: Schema }> } }
    | undefined;
  return op?.requestBody?.content?.['application/json']?.schema;
}

/** Query parameter names of a route in the document. */
export function queryNames(doc: { paths: Record<string, Record<string, unknown>> }, method: string, url: string): string[] {
  const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] as { parameters?: { name: string; in: string }[] } | undefined;
  return (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
}
