// `npm run replay -- <scenario.json> [--json]` (through scripts/viteRun.mjs): replays a driver's actions and the network's,
// the worker's and the office's doings over time (docs/replay.md) against a fresh seeded
// server with the real sync engine, then reports what reached the server with a verdict per
// action. Exit code 0 only when every verdict is the one the scenario expects; 2 for a
// scenario that is not valid (the message names the field).
import { readFileSync } from 'node:fs';
import { parseScenario } from '../../src/outbox/scenario/schema';
import { formatReport } from './report';
import { replayScenario } from './runner';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: npm run replay -- <scenario.json> [--json]');
    return 2;
  }
  const json = args.includes('--json');
  const parsed = parseScenario(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  if (!parsed.ok) {
    console.error(`${file}: ${parsed.error}`);
    return 2;
  }
  const report = await replayScenario(parsed.scenario, { log: json ? undefined : (line) => console.log(line) });
  console.log(json ? JSON.stringify(report, null, 2) : `\n${formatReport(report)}`);
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
