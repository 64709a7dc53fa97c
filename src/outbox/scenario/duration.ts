// Scenario durations ("90s", "2m30s", "500ms", "1h", "2d"): readable in a hand-written
// scenario and exact to the millisecond in an exported one.

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 } as const;
const PART = /(\d+)(ms|d|h|m|s)/gy;

/** Why the text is not a duration, or null. */
export function durationProblem(text: string): string | null {
  return parseParts(text) === null ? `not a duration: "${text}"` : null;
}

/** The duration in ms (0 for text that is not one: validate with the schema first). */
export function durationMs(text: string): number {
  return parseParts(text) ?? 0;
}

/** ms → the shortest duration text ("1m30s", "250ms", "0s"). */
export function formatDuration(ms: number): string {
  let left = Math.max(0, Math.round(ms));
  if (left === 0) return '0s';
  let text = '';
  for (const [unit, size] of Object.entries(UNIT_MS)) {
    const n = Math.floor(left / size);
    if (n > 0) text += `${n}${unit}`;
    left -= n * size;
  }
  return text;
}

function parseParts(text: string): number | null {
  if (text === '') return null;
  PART.lastIndex = 0;
  let total = 0;
  let end = 0;
  for (let match = PART.exec(text); match; match = PART.exec(text)) {
    total += Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
    end = PART.lastIndex;
  }
  return end === text.length ? total : null;
}
