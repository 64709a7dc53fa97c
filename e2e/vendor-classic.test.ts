// React, react-router and i18next reach the page as one classic script (scripts/vite/classicVendor.ts),
// because Chromium keeps a V8 code cache for classic scripts and not for module scripts: a
// phone's later starts run them compiled instead of compiling their functions again.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/support/server';
import { launchPhone } from './phone';
import { DIST, ensureServiceWorker, signIn } from './support';

const assets = readdirSync(join(DIST, 'assets')).filter((file) => file.endsWith('.js'));
const vendor = assets.filter((file) => /^vendor-classic-[0-9a-f]+\.js$/.test(file));

/** Trace events of the V8 category while `run` runs (the browser's, this page's included). */
async function v8Events(
  cdp: CDPSession,
  run: () => Promise<void>,
): Promise<{ name: string; args?: { data?: { url?: string; consumedCacheSize?: number; cacheRejected?: boolean } } }[]> {
  const events: { name: string; args?: { data?: { url?: string; consumedCacheSize?: number; cacheRejected?: boolean } } }[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['v8'] }, transferMode: 'ReportEvents' });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

describe('the classic vendor script', () => {
  it("is built once; Home runs it before its module scripts, /login preloads it for the page's code", () => {
    expect(vendor).toHaveLength(1);
    const index = readFileSync(join(DIST, 'index.html'), 'utf8');
    const tag = index.indexOf(`<script defer src="/assets/${vendor[0]}"></script>`);
    expect(tag).toBeGreaterThan(-1);
    expect(tag).toBeLessThan(index.indexOf('<script type="module"'));
    // /login's first module starts the sync worker at once; src/ui/loginPage.ts runs this one
    // before it imports main.tsx (e2e/login-first-load signs in through that document).
    expect(readFileSync(join(DIST, 'login.html'), 'utf8')).toContain(
      `<link rel="preload" as="script" href="/assets/${vendor[0]}" data-sign-in data-classic-script>`,
    );
    expect(readFileSync(join(DIST, 'login.html'), 'utf8')).not.toContain(`<script defer src="/assets/${vendor[0]}"`);
    // One copy of React: no module chunk carries it (React marks its elements with this symbol).
    const withReact = assets.filter((file) => readFileSync(join(DIST, 'assets', file), 'utf8').includes('react.transitional.element'));
    expect(withReact).toEqual(vendor);
    expect(readFileSync(join(DIST, 'sw.js'), 'utf8')).toContain(`assets/${vendor[0]}`);
  });

  it("runs from V8's code cache on a phone's next start, and the app draws Home on it", async () => {
    const server = await startTestServer({ staticDir: DIST });
    const phone = await launchPhone();
    try {
      const first = await phone.context.newPage();
      await signIn(first, server.url);
      await ensureServiceWorker(first);
      await first.getByTestId('order-card').first().waitFor();
      await first.close();

      const page = await phone.context.newPage();
      const events = await v8Events(await phone.context.newCDPSession(page), async () => {
        await page.goto(`${server.url}/`);
        await page.getByTestId('order-card').first().waitFor();
      });
      const compiled = events.filter((e) => e.name === 'v8.compile' && (e.args?.data?.url ?? '').endsWith(`/assets/${vendor[0]}`));
      expect(compiled).toHaveLength(1);
      expect(compiled[0]?.args?.data?.consumedCacheSize ?? 0).toBeGreaterThan(100_000);
      expect(compiled[0]?.args?.data?.cacheRejected).toBe(false);
    } finally {
      await phone.close();
      await server.close();
    }
  });
});
