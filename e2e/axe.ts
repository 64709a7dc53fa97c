// axe-core in the browser suite: injects the engine into the page and runs the WCAG 2.0/2.1
// A and AA rules plus axe's best practices on what the page shows now. Serious and critical
// violations fail the test; every violation (moderate and minor too) is printed with its id,
// impact, help and first targets, so the report reads without rerunning.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
/** The engine's source, read once; evaluated in the page (CDP evaluation is not subject to the app's CSP). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/**
 * Rules switched off for every screen, each with why it is a false positive here (also in
 * src/ui/CONTEXT.md). Empty: prefer fixing the screen.
 */
export const AXE_DISABLED_RULES: Readonly<Record<string, string>> = {};

const FAILING = new Set(['serious', 'critical']);

export interface AxeOptions {
  /** Limit the run to this CSS selector (e.g. an open dialog); default the whole document. */
  include?: string;
  /** More rules to switch off on this screen only, each with the reason. */
  disable?: Readonly<Record<string, string>>;
}

async function runAxe(page: Page, options: AxeOptions): Promise<AxeResults> {
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(AXE_SOURCE);
  const disabled = { ...AXE_DISABLED_RULES, ...options.disable };
  const runOptions: RunOptions = {
    runOnly: { type: 'tag', values: [...AXE_TAGS] },
    rules: Object.fromEntries(Object.keys(disabled).map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  };
  return page.evaluate(
    ([include, opts]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run(include ? { include: [include] } : document, opts);
    },
    [options.include ?? null, runOptions] as const,
  );
}

/** One line per violation: impact, id, help, how many nodes, the first three targets (and why, for the first). */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.map((v) => {
    const targets = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ');
    const why = v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim() ?? '';
    return `[${v.impact ?? 'none'}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}) → ${targets}${why ? ` — ${why}` : ''}`;
  });
}

/**
 * Runs axe on what the page shows now and fails on any serious or critical violation. Every
 * violation found is printed under `label`; the moderate and minor ones are returned so a
 * test may also insist on them.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string, options: AxeOptions = {}): Promise<Result[]> {
  const { violations } = await runAxe(page, options);
  if (violations.length > 0) console.log(`axe ${label}:\n  ${describeViolations(violations).join('\n  ')}`);
  const serious = violations.filter((v) => FAILING.has(v.impact ?? ''));
  expect(describeViolations(serious), `axe: serious or critical violations on ${label}`).toEqual([]);
  return violations.filter((v) => !FAILING.has(v.impact ?? ''));
}
