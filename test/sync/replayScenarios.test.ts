import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/outbox/scenario/schema';
import { formatReport } from '../../scripts/replay/report';
import { replayScenario } from '../../scripts/replay/runner';

// Every sample of scenarios/ replayed as `npm run replay` does (a fresh seeded server, the real
// engine on a fake clock): each must come out green, every verdict the one it expects. The
// phone's clock is fake, so a scenario's hours of back-off cost no real time.

const DIR = join(import.meta.dirname, '../../scenarios');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

describe('replay samples', () => {
  it.each(files)('%s replays green', async (file) => {
    const parsed = parseScenario(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as unknown);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error}`);
    const report = await replayScenario(parsed.scenario);
    expect(report.ok, formatReport(report)).toBe(true);
  });
});
