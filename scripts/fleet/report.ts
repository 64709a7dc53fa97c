// What `npm run fleet` prints: per call kind its count, p50 and p99; failures by call and
// status; each process's CPU and memory; and last, one JSON line
// {"drivers","seconds","requests","errors","p99_ms":{kind: ms}}.
import type { DriverCounts } from './driver';
import type { Phase, Recorder } from './transport';

export interface CallFigure {
  call: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ProcessFigure {
  name: string;
  /** CPU seconds used during the window (null: /proc could not say). */
  cpuSeconds: number | null;
  /** Resident memory's peak, MB: sampled during the window, and over the process's life (VmHWM). */
  windowPeakMb: number | null;
  lifePeakMb: number | null;
}

export interface PhaseFigures {
  requests: number;
  errors: number;
  /** "call status" → count (status `network`: no answer). */
  errorsBy: Record<string, number>;
  calls: CallFigure[];
}

export interface FleetSummary {
  drivers: number;
  seconds: number;
  requests: number;
  errors: number;
  p99_ms: Record<string, number>;
}

export interface FleetReport {
  drivers: number;
  instances: number;
  seconds: number;
  seedMs: number;
  warmupMs: number;
  warmup: PhaseFigures;
  window: PhaseFigures;
  /** Requests of runs that were under way when the window closed. */
  tail: PhaseFigures;
  counts: DriverCounts;
  /** Objects in the bucket: uploads (every image the fleet sent) and certificates. */
  bucket: { uploads: number; certificates: number };
  processes: ProcessFigure[];
  /** The load generator's event-loop delay, p99 (ms): when it is large, the figures above include the generator's own waiting. */
  generatorLoopDelayP99Ms: number;
  /** Deliveries the rules or the server refused, with why (first few). */
  refusals: string[];
  /** Outbox entries still unsent when the phones were given up on (FINISH_MS after the window). */
  unsent: number;
  /** The office's changes to the drivers' orders during the window (office.ts). */
  office: { changes: number; failures: number };
  summary: FleetSummary;
}

/** Nearest rank: the smallest value with at least `p` of the values at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

export function phaseFigures(recorder: Recorder, phase: Phase): PhaseFigures {
  const bucket = recorder.buckets[phase];
  const calls = [...bucket.times.entries()]
    .map(([call, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { call, count: sorted.length, p50: round1(percentile(sorted, 0.5)), p99: round1(percentile(sorted, 0.99)), max: round1(sorted.at(-1) ?? 0) };
    })
    .sort((a, b) => b.count - a.count);
  return { requests: recorder.requests(phase), errors: recorder.errorCount(phase), errorsBy: Object.fromEntries(bucket.errors), calls };
}

/** The last line's figures: the window's calls; errors of every phase (a failure anywhere is one). */
export function summaryOf(report: Omit<FleetReport, 'summary'>): FleetSummary {
  return {
    drivers: report.drivers,
    seconds: report.seconds,
    requests: report.window.requests,
    errors: report.warmup.errors + report.window.errors + report.tail.errors,
    p99_ms: Object.fromEntries(report.window.calls.map((c) => [c.call, c.p99])),
  };
}

const mb = (n: number | null): string => (n === null ? 'n/a' : `${n.toFixed(0)} MB`);

function callLines(figures: PhaseFigures): string[] {
  const width = Math.max(4, ...figures.calls.map((c) => c.call.length));
  return figures.calls.map(
    (c) =>
      `  ${c.call.padEnd(width)}  ${String(c.count).padStart(7)}  p50 ${c.p50.toFixed(1).padStart(7)} ms  p99 ${c.p99.toFixed(1).padStart(7)} ms  max ${c.max.toFixed(0).padStart(6)} ms`,
  );
}

function errorLine(figures: PhaseFigures): string {
  const entries = Object.entries(figures.errorsBy);
  return entries.length ? entries.map(([what, n]) => `${n} × ${what}`).join(', ') : 'none';
}

/** The human part of the output (the JSON line follows it). */
export function reportLines(report: FleetReport): string[] {
  const { counts } = report;
  return [
    `fleet: ${report.drivers} drivers, ${report.instances} instances, ${report.seconds} s window (seeded in ${(report.seedMs / 1000).toFixed(1)} s; sign-in and first pull of every driver in ${(report.warmupMs / 1000).toFixed(1)} s)`,
    `warm-up: ${report.warmup.requests} requests, errors: ${errorLine(report.warmup)}`,
    ...callLines(report.warmup).filter((line) => /^\s+(POST login|order-list|sync-version)\s/.test(line)),
    `window: ${report.window.requests} requests (${(report.window.requests / report.seconds).toFixed(1)}/s), errors: ${errorLine(report.window)}`,
    ...callLines(report.window),
    `after the window (runs finishing): ${report.tail.requests} requests, errors: ${errorLine(report.tail)}`,
    `drivers: ${counts.runs} runs, ${counts.pulls} full pulls, ${counts.delivered} deliveries committed (${counts.uploads} images), ${counts.finished} with every follow-up done, ${counts.refused} refused, ${report.unsent} unsent at the end`,
    `office: ${report.office.changes} orders rescheduled in the window${report.office.failures ? `, ${report.office.failures} changes FAILED` : ''}`,
    `bucket: ${report.bucket.uploads} uploaded images, ${report.bucket.certificates} certificates`,
    ...report.processes.map(
      (p) =>
        `${p.name}: CPU ${p.cpuSeconds === null ? 'n/a' : `${p.cpuSeconds.toFixed(1)} s (${((p.cpuSeconds / report.seconds) * 100).toFixed(0)}% of a core)`} in the window, RSS peak ${mb(p.windowPeakMb)} (life ${mb(p.lifePeakMb)})`,
    ),
    `load generator: event-loop delay p99 ${report.generatorLoopDelayP99Ms.toFixed(1)} ms`,
    ...report.refusals.map((r) => `refused: ${r}`),
  ];
}
