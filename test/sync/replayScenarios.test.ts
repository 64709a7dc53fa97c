import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../src/outbox/scenario/schema';
import { formatReport } from '../../scripts/replay/report';
import { replayScenario } from '../../scripts/replay/runner';

// Every sample of scenarios/ replayed as `npm run replay` does (a fresh seeded server, the real
// engine on a fake clock): each must come out green, every verdict the one it expects. The
// phone's clock is fake, so a scenario's minutes of back-off cost no real time. One test per
// sample, so each has the time-out of one replay (~4 CPU-s alone): as one test of all ten, a
// full `npm test` (where this file gets a fifth of a core) ran past its 300 s. Two replays run
// at once (most of a replay waits on its server and its phone's polls; the sync project's
// maxConcurrency); one whose office delivers from a second phone runs alone after them
// (RxDB's open-core build allows 13 open collections).

const DIR = join(import.meta.dirname, '../../scenarios');
const samples = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((file) => {
    const parsed = parseScenario(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as unknown);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error}`);
    return { file, scenario: parsed.scenario };
  });
const opensSecondPhone = (s: Scenario) => s.steps.some((step) => step.do === 'office' && step.action === 'deliver');
const alone = samples.filter((s) => opensSecondPhone(s.scenario));
const paired = samples.filter((s) => !alone.includes(s));

/**
 * One replay's time-out. A replay waits out its transport time-outs in real time (a hang costs
 * each attempt `device.timeoutMs`): notes-and-dismissals takes ~30 s alone, ~10 CPU-s of it.
 */
const REPLAY_TIMEOUT_MS = 240_000;

async function expectGreen(scenario: Scenario, file: string): Promise<void> {
  const report = await replayScenario(scenario);
  expect(report.ok, `${file}\n${formatReport(report)}`).toBe(true);
}

describe.concurrent('replay samples, two at a time', () => {
  for (const { file, scenario } of paired) {
    it(`${file} replays green`, () => expectGreen(scenario, file), REPLAY_TIMEOUT_MS);
  }
});

describe('replay samples that open a second phone, alone', () => {
  for (const { file, scenario } of alone) {
    it(`${file} replays green`, () => expectGreen(scenario, file), REPLAY_TIMEOUT_MS);
  }
});
