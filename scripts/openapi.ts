// npm run openapi [-- --compatible "<why older builds are unaffected>"]
// Regenerates openapi.json from a freshly built server (scripts/openapiRecord.ts says why).
// A changed document is written only with a decision: CONTRACT_VERSION bumped since the last
// record, or --compatible with its reason. Anything else exits 1 and writes nothing.
import { parseArgs } from 'node:util';
import { CONTRACT_VERSION, MIN_CONTRACT_VERSION } from '../src/domain';
import { DECISION_HELP, differences, readCommitted, servedDocument, writeCommitted, type ContractRecord } from './openapiRecord';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { compatible: { type: 'string' } } });
const compatible = values.compatible?.trim();
if (values.compatible !== undefined && !compatible) fail('--compatible needs the reason older builds are unaffected.');

const served = await servedDocument();
const committed = readCommitted();
const versions = { contractVersion: CONTRACT_VERSION, minContractVersion: MIN_CONTRACT_VERSION };

function decide(): ContractRecord | null {
  if (!committed) return { ...versions, decision: 'initial', note: 'First committed contract.' };
  const previous = committed.record;
  const changed = differences(committed.document, served);
  if (CONTRACT_VERSION < previous.contractVersion)
    fail(`CONTRACT_VERSION went down (${previous.contractVersion} → ${CONTRACT_VERSION}): a contract is never taken back.`);
  if (CONTRACT_VERSION > previous.contractVersion) {
    if (compatible) fail('CONTRACT_VERSION was bumped, so the change is not a compatible one: drop --compatible.');
    return { ...versions, decision: 'breaking', note: `CONTRACT_VERSION ${previous.contractVersion} → ${CONTRACT_VERSION}.` };
  }
  if (changed.length === 0 && MIN_CONTRACT_VERSION === previous.minContractVersion) return null;
  if (!compatible) fail(`The API contract changed while CONTRACT_VERSION stayed ${CONTRACT_VERSION}:\n  ${changed.join('\n  ')}\nDecide:\n${DECISION_HELP}`);
  return { ...versions, decision: 'compatible', note: compatible };
}

const record = decide();
if (record) {
  writeCommitted(served, record);
  console.log(`openapi.json written (${record.decision}: ${record.note})`);
} else {
  console.log('openapi.json is current: nothing to write.');
}
