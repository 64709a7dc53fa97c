// BENCHMARKS.md's record of the fleet's long run: `npm run fleet -- … --record` writes its
// output under one heading, and `npm run bench` (which rewrites the file) keeps that section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const HEADING = '## The fleet, long run (`npm run fleet`)';
const FILE = 'BENCHMARKS.md';

/** The machine a figure was measured on (the bench's header says the same). */
export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** The long run's section of the current BENCHMARKS.md (to the next heading of its level), or none. */
export function fleetSection(text: string = existsSync(FILE) ? readFileSync(FILE, 'utf8') : ''): string | null {
  const start = text.indexOf(HEADING);
  if (start < 0) return null;
  const next = text.indexOf('\n## ', start + HEADING.length);
  return text.slice(start, next < 0 ? undefined : next).trimEnd();
}

/** Writes (or replaces) the section with this run's output. */
export function recordFleetRun(command: string, lines: readonly string[]): void {
  const section = [
    HEADING,
    '',
    `Run on ${new Date().toISOString().slice(0, 10)} (${machineLine()}): \`${command}\`. Written by \`--record\`; \`npm run bench\` keeps it.`,
    '',
    '```',
    ...lines,
    '```',
  ].join('\n');
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const old = fleetSection(text);
  writeFileSync(FILE, old ? text.replace(old, section) : `${text.trimEnd()}\n\n${section}\n`);
}
