// Reflow checks of the browser suite (issue 25: "Readable in a truck"): the page must fit the
// phone's width at a large text size and in landscape. The page itself must not scroll
// sideways, and no element nor text of the app may reach past the screen's left or right
// edge, unless a box that clips it (a sideways-scrolling row of chips, the map) hides that
// part. No two controls the driver can reach may cover each other, and the app bar keeps its
// title whole. Kept as source text (evaluated in the page) so no bundler helper can leak into
// the serialized function, as the theme audit is.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE_VIEWPORT } from './phone';
import { animationsSettled } from './settle';
import { RESULTS } from './support';

export interface OverflowReport {
  scrollWidth: number;
  clientWidth: number;
  /** What reaches past the screen's edges: "tag.class "text" left..right". */
  outside: string[];
  /** Pairs of reachable controls that cover each other. */
  overlapping: string[];
  /** The app bar's title, when it is cut or off the screen. */
  cutTitle: string[];
}

/**
 * Layers that float over other controls on purpose (by class), each with why. A control in
 * one may cover another only where it is the one on top (a tap there reaches it).
 */
export const FLOATING: Readonly<Record<string, string>> = {
  'filter-row__more': "the More filters arrow sits on the faded end of Home's filter row, over the chip the row hides",
  'maplibregl-popup': "a map popup floats over the map's own controls (zoom, attribution)",
};

/** The check as an expression for page.evaluate; it resolves to an OverflowReport. */
export const OVERFLOW_SOURCE = String.raw`(() => {
  const width = document.documentElement.clientWidth;
  const floating = ${JSON.stringify(
    Object.keys(FLOATING)
      .map((c) => `.${c}`)
      .join(', '),
  )};
  const clips = new Map();
  // The horizontal span an ancestor chain leaves visible: every box that clips (overflow not
  // visible) cuts what is outside it.
  const visibleSpan = (el, left, right) => {
    // The body and the root do not count: what they cut off is cut off the screen.
    for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      let clip = clips.get(e);
      if (clip === undefined) {
        const s = getComputedStyle(e);
        clip = s.overflowX !== 'visible' ? e.getBoundingClientRect() : null;
        clips.set(e, clip);
      }
      if (clip) {
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        if (right <= left) return null;
      }
    }
    return { left, right };
  };
  const hiddenByStyle = (el) => {
    const s = getComputedStyle(el);
    return s.visibility === 'hidden' || s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)';
  };
  const name = (el) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(' ').filter(Boolean).slice(0, 2).join('.') : '';
    return el.tagName.toLowerCase() + (id ? '[' + id + ']' : cls ? '.' + cls : '');
  };
  const outside = [];
  const judge = (el, rect, what) => {
    if (rect.width < 1 || rect.height < 1) return;
    const span = visibleSpan(el, rect.left, rect.right);
    if (!span) return;
    if (span.left < -0.5 || span.right > width + 0.5) outside.push(what + ' ' + Math.round(span.left) + '..' + Math.round(span.right));
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (hiddenByStyle(el)) continue;
    judge(el, el.getBoundingClientRect(), name(el));
  }
  // Text can run out of its box (a long word in a narrow column) while the box stays inside.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || hiddenByStyle(el) || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
    range.selectNodeContents(node);
    judge(node, range.getBoundingClientRect(), name(el) + ' "' + text.slice(0, 30) + '"');
  }
  // Controls the driver can reach now: shown, not behind an open dialog (aria-hidden, inert),
  // not in a snackbar (which floats over the screen for a moment).
  const reachable = (el) => !el.closest('[aria-hidden="true"], [inert], [data-scope="toast"]') && !hiddenByStyle(el);
  const controls = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox]')) {
    if (!reachable(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const span = visibleSpan(el, r.left, r.right);
    if (span) controls.push({ el, left: span.left, right: span.right, top: r.top, bottom: r.bottom });
  }
  const overlapping = [];
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w <= 2 || h <= 2) continue;
      // A floating layer over a control of the page: fine where the layer is the one on top.
      const layerA = a.el.closest(floating), layerB = b.el.closest(floating);
      if (Boolean(layerA) !== Boolean(layerB)) {
        const hit = document.elementFromPoint((Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2, (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2);
        if (hit && (layerA || layerB).contains(hit)) continue;
      }
      overlapping.push(name(a.el) + ' "' + a.el.textContent.trim().slice(0, 20) + '" × ' + name(b.el) + ' "' + b.el.textContent.trim().slice(0, 20) + '"');
    }
  }
  // The app bar's title: whole (not cut short, wrapped at most) and on the screen.
  const cutTitle = [];
  const title = document.querySelector('header h1');
  if (title) {
    const r = title.getBoundingClientRect();
    if (title.scrollWidth > title.clientWidth + 1 || r.left < -0.5 || r.right > width + 0.5) cutTitle.push(title.textContent.trim());
  }
  const root = document.scrollingElement;
  return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside: outside.slice(0, 12), overlapping: overlapping.slice(0, 12), cutTitle };
})()`;

/**
 * Asserts the page fits the screen's width now: no sideways scroll, nothing past an edge, no
 * control over another, the app bar's title whole. Read at the top of the page (the sticky app
 * bar covers what scrolled under it).
 */
export async function expectReflowed(page: Page, label: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const report = await page.evaluate<OverflowReport>(OVERFLOW_SOURCE);
  expect(
    { label, scrolls: report.scrollWidth > report.clientWidth, outside: report.outside, overlapping: report.overlapping, cutTitle: report.cutTitle },
    `${report.scrollWidth} px of content in ${report.clientWidth}`,
  ).toEqual({ label, scrolls: false, outside: [], overlapping: [], cutTitle: [] });
}

export const PHONE = PHONE_VIEWPORT;
export const LANDSCAPE = { width: 844, height: 390 };

/** The root font at 200% (a driver's large text setting: every rem doubles), or back to the phone's. */
export const setLargeText = (page: Page, on: boolean): Promise<void> =>
  page.evaluate((large) => {
    document.documentElement.style.fontSize = large ? '200%' : '';
  }, on);

/**
 * A reflow screenshot: the page's first four screens (at 200% text a screen is a few pages
 * long; the reflow check reads all of it), in CSS pixels. A whole page at the phone's pixel
 * ratio took seconds per shot.
 */
async function reflowShot(page: Page, file: string, viewport: { width: number; height: number }): Promise<void> {
  const height = await page.evaluate((screen) => Math.min(document.documentElement.scrollHeight, 4 * screen), viewport.height);
  await page.screenshot({ path: resolve(RESULTS, file), fullPage: true, scale: 'css', clip: { x: 0, y: 0, width: viewport.width, height } });
}

/**
 * The screen as it is, at 200% text on the 390x844 phone, then in landscape at the usual text
 * size: each reflowed, with a screenshot (<name>-large-text.png, <name>-landscape.png). The
 * page is not reloaded; it is left as it was, on the 390x844 phone.
 */
export async function checkReflow(page: Page, name: string): Promise<void> {
  try {
    await setLargeText(page, true);
    await animationsSettled(page);
    await expectReflowed(page, `${name} at 200% text`);
    await reflowShot(page, `${name}-large-text.png`, PHONE);
    await setLargeText(page, false);
    await page.setViewportSize(LANDSCAPE);
    await animationsSettled(page);
    await expectReflowed(page, `${name} in landscape`);
    await reflowShot(page, `${name}-landscape.png`, LANDSCAPE);
  } finally {
    await setLargeText(page, false);
    await page.setViewportSize(PHONE);
    await animationsSettled(page);
  }
}
