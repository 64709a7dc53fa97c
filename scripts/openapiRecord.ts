// The committed API contract: openapi.json at the repository root is the server's
// /openapi.json (keys sorted, pretty-printed) plus an `x-contract` record of the
// CONTRACT_VERSION it was generated with and the decision taken when it last changed.
// `npm run openapi` (scripts/openapi.ts) writes it; test/integration/openapiCommitted.test.ts
// fails when the served document differs, so a change to any request or answer is never
// silent: whoever makes it either bumps CONTRACT_VERSION (older builds cannot follow) or
// records why older builds keep working (`npm run openapi -- --compatible "<why>"`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API, CONTRACT_VERSION, MIN_CONTRACT_VERSION } from '../src/domain';
import { startTestServer } from '../test/support/server';

export const RECORD_FILE = fileURLToPath(new URL('../openapi.json', import.meta.url));
/** The root extension field (OpenAPI allows `x-` fields there) holding the record. */
export const RECORD_FIELD = 'x-contract';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface ContractRecord {
  contractVersion: number;
  minContractVersion: number;
  /** initial: first record; breaking: CONTRACT_VERSION was bumped; compatible: older builds keep working. */
  decision: 'initial' | 'breaking' | 'compatible';
  note: string;
}

export interface Committed {
  document: Json;
  record: ContractRecord;
}

/** The same value with every object's keys sorted (arrays keep their order: it means something). */
export function canonical(value: Json): Json {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key] as Json)]),
  );
}

/** The file's text: sorted keys, two-space indent, final newline (stable diffs). */
export function recordText(document: Json, record: ContractRecord): string {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) throw new Error('the OpenAPI document is not an object');
  return `${JSON.stringify(canonical({ ...document, [RECORD_FIELD]: { ...record } }), null, 2)}\n`;
}

export function readCommitted(file = RECORD_FILE): Committed | null {
  if (!existsSync(file)) return null;
  const { [RECORD_FIELD]: record, ...document } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Json>;
  return { document, record: record as unknown as ContractRecord };
}

export function writeCommitted(document: Json, record: ContractRecord, file = RECORD_FILE): void {
  writeFileSync(file, recordText(document, record));
}

/** JSON pointers where the two values differ, at most `limit` of them. */
export function differences(a: Json, b: Json, limit = 12, at = ''): string[] {
  if (JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))) return [];
  const bothObjects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) return [at || '/'];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const out: string[] = [];
  for (const key of keys) {
    if (out.length >= limit) break;
    const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const left = (a as Record<string, Json>)[key];
    const right = (b as Record<string, Json>)[key];
    if (left === undefined || right === undefined) out.push(`${pointer} (${left === undefined ? 'added' : 'removed'})`);
    else out.push(...differences(left, right, limit - out.length, pointer));
  }
  return out;
}

/** What is wrong with the committed record for this served document, or null when it is current. */
export function staleness(served: Json, committed: Committed | null, contract = CONTRACT_VERSION, min = MIN_CONTRACT_VERSION): string | null {
  if (!committed) return 'openapi.json is missing at the repository root: run `npm run openapi` and commit it.';
  const changed = differences(committed.document, served);
  const { contractVersion, minContractVersion } = committed.record;
  if (changed.length === 0 && contractVersion === contract && minContractVersion === min) return null;
  const where = changed.length > 0 ? `The served /openapi.json differs from the committed openapi.json at:\n  ${changed.join('\n  ')}\n` : '';
  if (contractVersion !== contract || minContractVersion !== min) {
    return `${where}CONTRACT_VERSION/MIN_CONTRACT_VERSION are ${contract}/${min}, openapi.json records ${contractVersion}/${minContractVersion}: run \`npm run openapi\` and commit openapi.json.`;
  }
  return `${where}The API contract changed while CONTRACT_VERSION stayed ${contract}. Decide, then commit openapi.json:\n${DECISION_HELP}`;
}

export const DECISION_HELP = [
  '- If an app build already on phones cannot handle the new shape (a field removed, renamed or newly required, a bound narrowed,',
  '  an answer it does not know), bump CONTRACT_VERSION in src/domain/contract.ts (the server must upgrade older payloads, or',
  '  raise MIN_CONTRACT_VERSION so they get 426 ClientTooOld), then run `npm run openapi`.',
  '- If older builds keep working (an optional field or a route added, a description reworded), run',
  '  `npm run openapi -- --compatible "<why older builds are unaffected>"`: the reason is recorded in openapi.json.',
].join('\n');

/** The document a server built as the tests build it serves at /openapi.json. */
export async function servedDocument(): Promise<Json> {
  const server = await startTestServer();
  try {
    const res = await fetch(`${server.url}${API.openapi}`);
    if (res.status !== 200) throw new Error(`GET ${API.openapi} answered ${res.status}`);
    return (await res.json()) as Json;
  } finally {
    await server.close();
  }
}
