import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTBOX_KINDS } from '../../src/outbox';
import { durationMs, formatDuration } from '../../src/outbox/scenario/duration';
import { parseScenario, SCENARIO_FORMAT, type Scenario } from '../../src/outbox/scenario/schema';

// The replay's sample scenarios (scenarios/*.json, docs/replay.md): each is valid, together
// they use every outbox kind of the registry, and a malformed scenario is refused naming the
// field. test/sync/replayScenarios.test.ts replays them.

const DIR = join(import.meta.dirname, '../../scenarios');
const samples = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, json: JSON.parse(readFileSync(join(DIR, file), 'utf8')) as unknown }));

const valid = (): Scenario => ({
  format: SCENARIO_FORMAT,
  description: 'A note',
  steps: [{ at: '0s', do: 'action', kind: 'create_order_note', order: { kind: 'onlot', index: 0 }, input: { note: 'x' } }],
});

describe('replay scenarios', () => {
  it('there are at least 8 samples, each valid with a one-line description', () => {
    expect(samples.length).toBeGreaterThanOrEqual(8);
    for (const { file, json } of samples) {
      const parsed = parseScenario(json);
      expect(parsed.ok ? '' : parsed.error, file).toBe('');
    }
  });

  it('every kind of the outbox registry appears in a sample', () => {
    const used = new Set(
      samples.flatMap(({ json }) => {
        const parsed = parseScenario(json);
        return parsed.ok ? parsed.scenario.steps.flatMap((s) => (s.do === 'action' ? [s.kind] : [])) : [];
      }),
    );
    expect([...OUTBOX_KINDS.keys()].filter((kind) => !used.has(kind))).toEqual([]);
  });

  it('a malformed scenario is refused, naming the field', () => {
    const cases: [unknown, string][] = [
      [{ ...valid(), description: undefined }, 'description'],
      [{ ...valid(), format: 'v0' }, 'format'],
      [{ ...valid(), steps: [{ ...valid().steps[0], order: { kind: 'truck', index: 0 } }] }, 'steps.0.order.kind'],
      [{ ...valid(), steps: [{ ...valid().steps[0], kind: 'deliver_truck' }] }, 'steps.0.kind'],
      [{ ...valid(), steps: [{ ...valid().steps[0], at: '5 minutes' }] }, 'steps.0.at'],
      [{ ...valid(), steps: [valid().steps[0], { at: '1m', do: 'fail', match: 'POST /upload', status: 200 }] }, 'steps.1.status'],
      [{ ...valid(), steps: [{ at: '0s', do: 'teleport' }] }, 'steps.0.do'],
      [{ ...valid(), steps: [{ ...valid().steps[0], input: { note: 'x', cvv: '123' } }] }, 'steps.0.input.cvv'],
      [{ ...valid(), steps: [{ ...valid().steps[0], order: { kind: 'onlot' } }] }, 'steps.0.order'],
    ];
    for (const [input, field] of cases) {
      const parsed = parseScenario(input);
      expect(parsed.ok, field).toBe(false);
      if (!parsed.ok) expect(parsed.error.startsWith(`${field}:`), parsed.error).toBe(true);
    }
    expect(parseScenario(valid())).toMatchObject({ ok: true });
  });

  it('durations read and write the same', () => {
    expect(durationMs('1h30m')).toBe(5_400_000);
    expect(durationMs('2m30s500ms')).toBe(150_500);
    expect(durationMs('2d')).toBe(172_800_000);
    for (const ms of [0, 250, 90_000, 3_600_000 + 1_000, 86_400_000 + 5]) expect(durationMs(formatDuration(ms))).toBe(ms);
    expect(formatDuration(90_000)).toBe('1m30s');
  });
});
