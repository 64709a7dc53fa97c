// An in-page legibility audit for the sun-and-gloves rules of the theme: every visible text
// at least 4.5:1 against what is really behind it, every control at least 48x48 CSS px, and
// the body font size. Kept as source text (evaluated in the page) so no bundler helper can
// leak into the serialized function.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ANIMATIONS_SETTLED_SOURCE } from './settle';

export interface ContrastIssue {
  text: string;
  ratio: number;
  color: string;
  background: string;
  fontSize: number;
}

export interface TargetIssue {
  what: string;
  width: number;
  height: number;
}

export interface SmallTextIssue {
  text: string;
  fontSize: number;
}

export interface ThemeAudit {
  bodyFontSize: number;
  lowContrast: ContrastIssue[];
  smallTargets: TargetIssue[];
  /** Visible text smaller than 14 px (labels may be 14 px; body text is 16 px). */
  tinyText: SmallTextIssue[];
  textCount: number;
  targetCount: number;
}

export const MIN_CONTRAST = 4.5;
export const MIN_TARGET = 48;
export const MIN_TEXT = 14;

/**
 * The audit as an expression for page.evaluate; it resolves to a ThemeAudit. It judges the page
 * at rest: it first waits until no finite animation or transition runs (a snackbar of an earlier
 * step fading or scaling out is not what a driver reads), then audits in that same task.
 */
export const THEME_AUDIT_SOURCE = String.raw`(async () => {
  await (${ANIMATIONS_SETTLED_SOURCE})();
  const MIN_CONTRAST = ${MIN_CONTRAST}, MIN_TARGET = ${MIN_TARGET}, MIN_TEXT = ${MIN_TEXT};
  const parse = (value) => {
    const m = value.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, bottom) => {
    const a = top.a + bottom.a * (1 - top.a);
    if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
    const mix = (x, y) => (x * top.a + y * bottom.a * (1 - top.a)) / a;
    return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
  };
  const lum = (c) => {
    const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const hex = (c) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const visible = (el) => {
    const rect = el.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
    }
    return true;
  };
  // What is painted behind el: its own and its ancestors' backgrounds, composited, times
  // the opacity of the chain (opacity fades text towards what is behind the faded box).
  const background = (el) => {
    const layers = [];
    let image = false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage && s.backgroundImage !== 'none') image = true;
      const c = parse(s.backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return { bg, image };
  };
  const opacityOf = (el) => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const label = (el) => (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 60);

  const lowContrast = [], tinyText = [];
  let textCount = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || seen.has(el) || !visible(el)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(el.tagName)) continue;
    seen.add(el);
    textCount++;
    const s = getComputedStyle(el);
    const fontSize = parseFloat(s.fontSize);
    if (fontSize < MIN_TEXT) tinyText.push({ text: label(el), fontSize });
    const { bg, image } = background(el);
    if (image) continue; // text over an image or gradient: cannot be judged from colours
    let fg = parse(s.color);
    if (!fg) continue;
    fg = over({ ...fg, a: fg.a * opacityOf(el) }, bg);
    const r = ratio(fg, bg);
    if (r < MIN_CONTRAST) lowContrast.push({ text: label(el), ratio: Math.round(r * 100) / 100, color: hex(fg), background: hex(bg), fontSize });
  }

  const smallTargets = [];
  let targetCount = 0;
  const targets = document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=checkbox], [role=tab]');
  for (const el of targets) {
    if (!visible(el)) continue;
    targetCount++;
    const rect = el.getBoundingClientRect();
    if (rect.width < MIN_TARGET - 0.5 || rect.height < MIN_TARGET - 0.5) {
      smallTargets.push({ what: el.tagName.toLowerCase() + ' "' + label(el) + '"', width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 });
    }
  }
  return { bodyFontSize: parseFloat(getComputedStyle(document.body).fontSize), lowContrast, smallTargets, tinyText, textCount, targetCount };
})()`;

type Rule = 'bodyFontSize' | 'lowContrast' | 'smallTargets' | 'tinyText';
const ALL_RULES: readonly Rule[] = ['bodyFontSize', 'lowContrast', 'smallTargets', 'tinyText'];

/**
 * The readability rules asserted on an audit, as one comparable object so a failure lists
 * every offender at once. `rules`: only these (e.g. inside a map popup, where body text is
 * the map's).
 */
export function assertReadable(result: ThemeAudit, rules: readonly Rule[] = ALL_RULES): void {
  expect(result.textCount).toBeGreaterThan(0);
  const all = {
    bodyFontSize: result.bodyFontSize >= 16 ? 'at least 16px' : `${result.bodyFontSize}px`,
    lowContrast: result.lowContrast,
    smallTargets: result.smallTargets,
    tinyText: result.tinyText,
  };
  const want = { bodyFontSize: 'at least 16px', lowContrast: [], smallTargets: [], tinyText: [] };
  const got = Object.fromEntries(rules.map((k) => [k, all[k]]));
  // The offenders in the message itself: a run's summary line cuts the diff to "…(3)".
  expect(got, `not readable: ${JSON.stringify(got)}`).toEqual(Object.fromEntries(rules.map((k) => [k, want[k]])));
}

/** Audits what the page shows now and asserts the rules on it. */
export async function expectReadable(page: Page, rules: readonly Rule[] = ALL_RULES): Promise<ThemeAudit> {
  const result = await page.evaluate<ThemeAudit>(THEME_AUDIT_SOURCE);
  assertReadable(result, rules);
  return result;
}
