// Home painted before the app's code runs. After the phone killed the tab, the driver reopens
// the app and waits for React, Chakra and RxDB to load and for PWADB to answer: seconds on a
// mid-range phone. Meanwhile `public/home-snapshot.js`, a tiny classic script in index.html,
// paints the last Home the driver saw (its HTML and styles, kept here in localStorage) as an
// inert picture, which goes as soon as the live Home has its orders or another screen opens.
// The picture's orders are kept as rows too: the app draws Home's first live cards from them
// at once, before the page's PWADB has even loaded (keptHome), and PWADB's rows replace them.
//
// Kept only for the signed-in driver's unfiltered Home, never past the moment the token stops
// counting (SPEC §4), and dropped at sign-out: it holds what PWADB already holds, on the same
// origin. The key and the shape are shared with public/home-snapshot.js (plain JS).
import { clockMs } from '../clock';
import type { OrderDoc, OutboxDoc } from '../db';
import { tokenUsableUntilMs, type TokenClaims } from '../domain';

export const HOME_SNAPSHOT_KEY = 'driver-app:home-snapshot';
export const HOME_SNAPSHOT_VERSION = 3;
/**
 * The element in the picture's shadow root that stands for the page's html and body (v2):
 * styles of the document that reach the shadow host (the app's CSS arriving while the picture
 * shows, e.g. Chakra's `* { font: inherit }`) outrank the shadow's own `:host` rules, and made
 * the picture's app bar and text jump as the app loaded (CLS 0.17 in Lighthouse).
 */
const PICTURE_ROOT_CLASS = 'home-snapshot-root';
/** The boot script's elements (public/home-snapshot.js). */
const BOOT_HOST_ID = 'home-snapshot';

export interface HomeSnapshot {
  v: number;
  /** ms since the epoch: not shown after this (the token's usable-until time). */
  validUntil: number;
  html: string;
  css: string;
  /** The kept Home (v3): what the app draws live before PWADB answers. */
  kept: KeptHome;
}

/** Home's first rows as the picture shows them, and whom they were shown to. */
export interface KeptHome {
  /** The signed-in driver's token claims (never the token, which stays in PWADB). */
  claims: TokenClaims;
  /** The picture's cards, in the list's order. */
  rows: OrderDoc[];
  /** Their active outbox entries (the card's badge), without payloads. */
  entries: OutboxDoc[];
  /** How many orders the whole list had. */
  total: number;
}

/** A selector's document-level part (html, body, :root, :host), which the picture's root element stands for. */
const DOCUMENT_LEVEL = /(^|[\s,(>])(html|body|:root|:host)(?=$|[\s,.:)[>])/;
const EVERY_DOCUMENT_LEVEL = new RegExp(DOCUMENT_LEVEL.source, 'g');

/**
 * Whether a style rule can style the picture: its selector, with pseudo-classes and
 * pseudo-elements taken out (they only widen the match), names an element of the page now. A
 * selector the test cannot read is kept. Emotion keeps the rules of every screen the driver
 * opened since the app started; matching them all against the picture's elements was most of
 * the picture's first style pass.
 */
function stylesPicture(selector: string): boolean {
  if (DOCUMENT_LEVEL.test(selector)) return true;
  const plain = selector.replace(/::?[\w-]+(\((?:[^()]|\([^()]*\))*\))?/g, '');
  try {
    return document.querySelector(plain) !== null;
  } catch {
    return true;
  }
}

/** The page's styles that reach the picture, as text, with the document-level selectors aimed at the picture's root element. */
function stylesText(): string {
  const parts: string[] = [];
  const visit = (rules: CSSRuleList): void => {
    for (const rule of Array.from(rules)) {
      // Inside layers, media and supports blocks too: Chakra's preflight and tokens are layered.
      const group =
        rule instanceof CSSLayerBlockRule
          ? `@layer ${rule.name}`
          : rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule
            ? `@${rule instanceof CSSMediaRule ? 'media' : 'supports'} ${rule.conditionText}`
            : null;
      if (group !== null) {
        parts.push(`${group}{`);
        visit((rule as CSSGroupingRule).cssRules);
        parts.push('}');
      } else if (rule instanceof CSSStyleRule) {
        if (!stylesPicture(rule.selectorText)) continue;
        const selector = rule.selectorText.replace(EVERY_DOCUMENT_LEVEL, `$1.${PICTURE_ROOT_CLASS}`);
        parts.push(`${selector}{${rule.style.cssText}}`);
      } else {
        parts.push(rule.cssText);
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      visit(sheet.cssRules);
    } catch {
      // A sheet of another origin cannot be read; the app has none.
    }
  }
  return parts.join('\n');
}

/**
 * The picture is one screen tall (public/home-snapshot.js): the order cards that start below
 * the first screen and a half (from the top of the page) are left out of it. A driver's 34
 * cards cost the cold start's first style and layout pass five times what the few on screen do.
 */
function dropBelowTheFold(live: HTMLElement, copy: HTMLElement): void {
  const fold = window.innerHeight * 1.5;
  const liveCards = Array.from(live.querySelectorAll('[data-testid="order-card"]'));
  const copies = Array.from(copy.querySelectorAll('[data-testid="order-card"]'));
  liveCards.forEach((card, index) => {
    if (card.getBoundingClientRect().top + window.scrollY > fold) copies[index]?.remove();
  });
}

/** Keeps what the screen shows now (Home unfiltered, `orders` in its order) as the next cold start's first paint. */
export function saveHomeSnapshot(claims: TokenClaims, orders: readonly OrderDoc[], byOrder: ReadonlyMap<string, OutboxDoc>): void {
  const live = document.getElementById('root');
  const root = live?.cloneNode(true);
  if (!live || !(root instanceof HTMLElement)) return;
  dropBelowTheFold(live, root);
  const rows = orders.slice(0, root.querySelectorAll('[data-testid="order-card"]').length);
  // The badge reads an entry's state; what was typed (the payload) is not kept outside PWADB.
  const entries = rows.flatMap((row) => {
    const entry = byOrder.get(row.id);
    return entry ? [{ ...entry, payload: {}, display: null }] : [];
  });
  // What says how things are now (online, syncing) would be stale in the picture.
  for (const stale of Array.from(root.querySelectorAll('[data-snapshot-omit]'))) stale.remove();
  const snapshot: HomeSnapshot = {
    v: HOME_SNAPSHOT_VERSION,
    validUntil: tokenUsableUntilMs(claims),
    html: root.innerHTML,
    css: stylesText(),
    kept: { claims, rows, entries, total: orders.length },
  };
  try {
    localStorage.setItem(HOME_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: the next cold start simply waits for the live Home.
  }
}

let read: { kept: KeptHome | null } | null = null;

/**
 * The kept Home for this start, if Home unfiltered is what opens and the session it was kept
 * for still counts (SPEC §4); read once per page. PWADB's answer replaces it: its rows, and
 * its session, which signs the driver out if it no longer counts.
 */
export function keptHome(now: number = clockMs()): KeptHome | null {
  if (!read) {
    read = { kept: null };
    try {
      const snapshot = JSON.parse(localStorage.getItem(HOME_SNAPSHOT_KEY) ?? 'null') as Partial<HomeSnapshot> | null;
      const home = window.location.pathname === '/' && window.location.search === '';
      if (home && snapshot?.v === HOME_SNAPSHOT_VERSION && snapshot.kept && now < (snapshot.validUntil ?? 0)) read.kept = snapshot.kept;
    } catch {
      // Nothing readable kept: Home waits for PWADB.
    }
  }
  return read.kept;
}

/** PWADB has answered Home: a later visit to Home waits for its rows, never the start's. */
export function keptHomeServed(): void {
  read = { kept: null };
}

/** At sign-out (or another session taking the phone): the next driver never sees the last one's list. */
export function dropHomeSnapshot(): void {
  read = { kept: null };
  removeBootSnapshot();
  try {
    localStorage.removeItem(HOME_SNAPSHOT_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The live screen is there: the picture goes. */
export function removeBootSnapshot(): void {
  document.getElementById(BOOT_HOST_ID)?.remove();
}
