import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../src/outbox/scenario/schema';
import { formatReport } from '../../scripts/replay/report';
import { replayScenario } from '../../scripts/replay/runner';

// Every sample of scenarios/ replayed as `npm run replay` does (a fresh seeded server, the real
// engine on a fake clock): each must come out green, every verdict the one it expects. The
// phone's clock is fake, so a scenario's minutes of back-off cost no real time. Two replays run
// at once (most of a replay waits on its server and its phone's polls); one whose office
// delivers from a second phone runs alone (RxDB's open-core build allows 13 open collections).

const DIR = join(import.meta.dirname, '../../scenarios');
const samples = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((file) => {
    const parsed = parseScenario(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as unknown);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error}`);
    return { file, scenario: parsed.scenario };
  });
const opensSecondPhone = (s: Scenario) => s.steps.some((step) => step.do === 'office' && step.action === 'deliver');

/** The reports, replayed two at a time (those opening a second phone alone). */
async function replayAll(): Promise<Map<string, Awaited<ReturnType<typeof replayScenario>>>> {
  const reports = new Map<string, Awaited<ReturnType<typeof replayScenario>>>();
  const paired = samples.filter((s) => !opensSecondPhone(s.scenario));
  const alone = samples.filter((s) => opensSecondPhone(s.scenario));
  const next = async () => {
    for (let sample = paired.shift(); sample; sample = paired.shift()) reports.set(sample.file, await replayScenario(sample.scenario));
  };
  await Promise.all([next(), next()]);
  for (const sample of alone) reports.set(sample.file, await replayScenario(sample.scenario));
  return reports;
}

describe('replay samples', () => {
  it(`all ${samples.length} samples replay green`, async () => {
    const reports = await replayAll();
    for (const { file } of samples) {
      const report = reports.get(file);
      expect(report?.ok, `${file}\n${report ? formatReport(report) : 'not replayed'}`).toBe(true);
    }
  }, 300_000);
});
