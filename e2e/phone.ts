// Debian's Chromium as a 390x844 phone, through playwright-core. No test-runner imports, so
// the benchmark (`npm run bench`, plain tsx) can launch the same phone as the browser suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Every phone here, the browser suite's and the benchmark's, runs in Debian's headless shell
 * (package chromium-headless-shell: the same Chromium, Blink and V8 without the desktop browser
 * around them; what Playwright itself runs headless). Debian's full `chromium` in its new
 * headless mode opens a desktop window per browser context and per tab, painted in software on
 * the same two cores: its toolbar is a WebUI page in a renderer of its own, and each new tab
 * preloads the address bar's popup (chrome://omnibox-popup), another renderer. Measured here:
 * 10 contexts of 1 s each cost 31 CPU-s in `chromium` and 6.4-7.0 in the shell; in an offline
 * cold start of Home (benchColdStart.ts, 4×) the popup's renderer ran 2.6 CPU-s in the page's
 * first 3.5 s, and the first live card came at 2.1-3.5 s instead of 1.5-1.6 s in the shell. A
 * phone's browser does none of that on the page's cores, so the benchmark measures the page in
 * the shell too. E2E_CHROMIUM names another executable (the full browser, to compare).
 */
/** The phone's screen, CSS pixels: every browser suite and the bench draw at this size. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

export const SHELL_EXECUTABLE = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

export interface Phone {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface PhoneOptions {
  serviceWorkers?: 'allow' | 'block';
  bypassCSP?: boolean;
  density?: 1 | 2;
  /** The profile's folder, kept when the phone closes (the benchmark reopens it); else a fresh one, removed. */
  userDataDir?: string;
}

/**
 * A 390x844 phone viewport. The browser suites paint at 1 device pixel per CSS pixel: layout,
 * hit targets and contrast are the same at any density, and Chromium paints in software here
 * (no GPU), so 2× cost the e2e suite ~17% of its CPU (4× the pixels per frame and per
 * screenshot) for no check that needs it. The benchmark keeps 2× (`density: 2`), nearer a
 * phone's screen, so its figures stay comparable.
 */
function phoneOptions(opts: PhoneOptions): BrowserContextOptions {
  return {
    viewport: { ...PHONE_VIEWPORT },
    deviceScaleFactor: opts.density ?? 1,
    hasTouch: true,
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    bypassCSP: opts.bypassCSP ?? false,
  };
}

/** The benchmark's phone: a browser of its own on a fresh profile on disk, as a phone keeps its data. */
export async function launchPhone(opts: PhoneOptions = {}): Promise<Phone> {
  const userDataDir = opts.userDataDir ?? mkdtempSync(join(tmpdir(), 'driver-app-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: SHELL_EXECUTABLE,
    headless: true,
    args: CHROMIUM_ARGS,
    ...phoneOptions(opts),
  });
  return {
    context,
    async close() {
      await context.close();
      if (!opts.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<Browser> | null = null;

/** This process's Chromium: launched on first use, again if it has gone (crashed or closed). */
function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: SHELL_EXECUTABLE, headless: true, args: CHROMIUM_ARGS }).then(
    (browser) => {
      browser.on('disconnected', () => {
        shared = null;
      });
      return browser;
    },
    (error: unknown) => {
      shared = null;
      throw error;
    },
  );
  return shared;
}

/**
 * The browser suite's phone: a fresh browser context (its own cookies, storage, service
 * workers, cache and network state; nothing shared with another phone) in one Chromium per
 * process, launched by the first phone and kept for the worker's next files: a browser of its
 * own per phone cost ~1.2 CPU-s to launch and close, ~35 times a run. The browser ends with
 * the process (playwright closes what it launched, and Chromium exits when its pipe closes).
 */
export async function openPhone(opts: PhoneOptions = {}): Promise<Phone> {
  const context = await (await sharedBrowser()).newContext(phoneOptions(opts));
  return { context, close: () => context.close() };
}
