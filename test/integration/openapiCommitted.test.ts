// The committed openapi.json is the contract the server serves (scripts/openapiRecord.ts):
// a change to any route, body, query, header or answer fails here until the developer runs
// `npm run openapi` and decides on CONTRACT_VERSION.
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_VERSION, MIN_CONTRACT_VERSION } from '../../src/domain';
import { readCommitted, recordText, servedDocument, staleness, type ContractRecord, type Json } from '../../scripts/openapiRecord';

const scratch = join(tmpdir(), `openapi-record-${process.pid}.json`);
afterAll(() => rmSync(scratch, { force: true }));

describe('openapi.json (the committed contract)', () => {
  it("is what the server serves, generated with today's CONTRACT_VERSION", async () => {
    const problem = staleness(await servedDocument(), readCommitted());
    expect(problem, problem ?? '').toBeNull();
  });

  it('records the contract versions and a decision', () => {
    const record = readCommitted()?.record;
    expect(record).toMatchObject({ contractVersion: CONTRACT_VERSION, minContractVersion: MIN_CONTRACT_VERSION });
    expect(['initial', 'breaking', 'compatible']).toContain(record?.decision);
    expect(record?.note).toEqual(expect.any(String));
  });
});

describe('staleness (how a change is judged)', () => {
  const doc: Json = { openapi: '3.1.0', paths: { '/a': { get: { summary: 'A' } } } };
  const record = (contractVersion: number): ContractRecord => ({ contractVersion, minContractVersion: 1, decision: 'initial', note: '' });
  const committed = (contractVersion: number) => {
    writeFileSync(scratch, recordText(doc, record(contractVersion)));
    return readCommitted(scratch);
  };
  const changed: Json = { openapi: '3.1.0', paths: { '/a': { get: { summary: 'A' } }, '/b': { post: { summary: 'B' } } } };

  it('accepts the same document in another key order', () => {
    expect(staleness({ paths: { '/a': { get: { summary: 'A' } } }, openapi: '3.1.0' }, committed(3), 3, 1)).toBeNull();
  });

  it('a changed document with the same CONTRACT_VERSION asks for a decision and names what changed', () => {
    const problem = staleness(changed, committed(3), 3, 1);
    expect(problem).toContain('/paths/~1b (added)');
    expect(problem).toContain('CONTRACT_VERSION stayed 3');
    expect(problem).toContain('npm run openapi -- --compatible');
  });

  it('a bumped CONTRACT_VERSION not yet recorded asks to regenerate', () => {
    expect(staleness(changed, committed(3), 4, 1)).toContain('run `npm run openapi`');
    expect(staleness(doc, committed(3), 4, 1)).toContain('records 3/1');
  });

  it('a missing file says how to make it', () => {
    expect(staleness(doc, null)).toContain('npm run openapi');
  });
});
