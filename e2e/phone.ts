// Debian's Chromium as a 390x844 phone, through playwright-core. No test-runner imports, so
// the benchmark (`npm run bench`, plain tsx) can launch the same phone as the browser suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Phone {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh browser profile (its own user data dir) with a 390x844 phone viewport. The browser
 * suites paint at 1 device pixel per CSS pixel: layout, hit targets and contrast are the same
 * at any density, and Chromium paints in software here (no GPU), so 2× cost the e2e suite ~17%
 * of its CPU (4× the pixels per frame and per screenshot) for no check that needs it. The
 * benchmark keeps 2× (`density: 2`), nearer a phone's screen, so its figures stay comparable.
 */
export async function launchPhone(opts: { serviceWorkers?: 'allow' | 'block'; bypassCSP?: boolean; density?: 1 | 2 } = {}): Promise<Phone> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'driver-app-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: opts.density ?? 1,
    hasTouch: true,
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    bypassCSP: opts.bypassCSP ?? false,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
