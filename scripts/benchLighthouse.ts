// `npm run bench`, Lighthouse: the mobile performance score of /login (the first screen a
// driver loads), with Lighthouse's default phone (simulated slow 4G, 4× CPU) on Debian's
// Chromium against the built app served by our server on loopback. Figures, not a test.
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { startTestServer } from '../test/support/server';

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

export async function lighthouseFigures(): Promise<LighthouseFigures> {
  const server = await startTestServer({ staticDir: resolve('dist') });
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // A run Lighthouse could not finish (a runtime error such as NO_FCP, or no score) measured
    // nothing: it is said and tried again, not counted as 0 points. Seen once in ~20 runs.
    let lhr: Result | undefined;
    for (let attempt = 1; attempt <= 3; attempt++) {
      lhr = (await lighthouse(`${server.url}/login`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' }))?.lhr;
      if (lhr && !lhr.runtimeError && typeof lhr.categories.performance?.score === 'number') break;
      console.warn(`Lighthouse run ${attempt} measured nothing: ${lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no score'}`);
    }
    if (!lhr) throw new Error('Lighthouse gave no result');
    const found = lhr;
    const audit = (id: string): number => found.audits[id]?.numericValue ?? Number.NaN;
    if (process.env.LH_DEBUG) {
      if (lhr.runtimeError) console.log('runtimeError', lhr.runtimeError);
      for (const a of Object.values(lhr.audits)) if (a.score !== null && a.score < 0.9) console.log(a.id, a.displayValue ?? '', a.score);
      const net = lhr.audits['network-requests']?.details as
        | { items?: { url: string; transferSize: number; resourceType: string; networkRequestTime: number; networkEndTime: number }[] }
        | undefined;
      for (const r of net?.items ?? [])
        console.log(r.resourceType, r.transferSize, Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.url.replace(server.url, ''));
      for (const id of ['bootup-time', 'long-tasks', 'mainthread-work-breakdown']) {
        const items = (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 12)) console.log(id, JSON.stringify(item).replace(server.url, '').slice(0, 200));
      }
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
    };
  } finally {
    chrome.kill();
    await server.close();
  }
}
