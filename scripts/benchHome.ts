// `npm run bench`, browser part: Home with 10,000+ orders in PWADB, in Debian's Chromium at
// 390x844 with the CPU throttled 4× (a mid-range phone). Measures what the driver waits for
// on each search keystroke — from the input event until the list shows the new result — and
// how many DOM nodes the list keeps. Figures, not a test: see BENCHMARKS.md.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchPhone } from '../e2e/phone';
import { seedBulkOrders } from '../server/db/seedBulkOrders';
import { startTestServer, type TestServer } from '../test/support/server';

/** The demo driver whose list the browser figures grow. */
export const BENCH_DRIVER = { email: 'driver@summit.test', password: 'summit-driver-1' };
const DRIVER = BENCH_DRIVER;
/** Between two keys of the sign-in form: ~12 keys a second. */
const TYPING_MS = 80;

/**
 * Adds `count` open orders of all three kinds for the bench driver, with the same code as
 * `SEED_ORDERS_PER_DRIVER` (server/db/seedBulkOrders.ts); numbered after the ones added before.
 */
export async function addBulkOrders(server: TestServer, count: number): Promise<void> {
  await seedBulkOrders({ query: (sql, params) => server.query(sql, params) }, { perDriver: count, now: Date.now(), driverEmail: DRIVER.email });
}

/** The serial numbers the bulk orders of the bench driver start with (seedBulkOrders.ts). */
async function bulkSerialInfix(server: TestServer): Promise<string> {
  const [driver] = await server.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [DRIVER.email]);
  return `-${driver?.id ?? 0}-0`;
}

/**
 * Runs in the page: sets the search box as typing does and returns how long it took (-2 when
 * the count did not change within `limit`) until the
 * list holds the new result and the browser has laid it out (what the next frame paints): the
 * time of React's commit, seen by a MutationObserver on the order count, with the style and
 * layout pass forced there. Measuring to a later requestAnimationFrame instead would add the
 * wait for the display's next frame (up to 16.7 ms), which no code of ours can shorten.
 * A string, not a function: tsx would add helpers the page does not have.
 */
const KEYSTROKE = `async (next, limit) => {
  const input = document.querySelector('input[type="search"]');
  const counter = document.querySelector('[data-testid="order-count"]');
  if (!input || !counter) return -1;
  const before = counter.textContent;
  let took = -1;
  let started = 0;
  const seen = new MutationObserver(() => {
    if (took >= 0 || counter.textContent === before) return;
    document.body.getBoundingClientRect();
    took = performance.now() - started;
  });
  seen.observe(document.body, { subtree: true, childList: true, characterData: true });
  started = performance.now();
  // As the browser does for a typed key: the value changes, then the input event.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, next);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((done) => {
    const check = () => (took >= 0 || performance.now() - started > limit ? done() : setTimeout(check, 5));
    check();
  });
  seen.disconnect();
  // The driver's next key comes after a short pause, as between real keystrokes.
  await new Promise((done) => setTimeout(done, 120));
  return took >= 0 ? took : -2;
}`;

export interface HomeFigures {
  /** Bytes the server sent (headers and compressed bodies) for the first load of /login, then from sign-in until every order is stored. */
  loginBytes: number;
  homeBytes: number;
  /** From tapping Sign in until Home counts every order (10,000 stored in PWADB). */
  storedMs: number;
  orders: number;
  keystrokes: number;
  p50: number;
  p95: number;
  listNodes: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

/** The data set: orders added for the driver, the pause for the first pull to settle, typing cycles. */
export interface HomeBenchOptions {
  orders: number;
  settleMs: number;
  cycles: number;
}

export async function homeBrowserFigures(
  { orders: BULK, settleMs, cycles }: HomeBenchOptions = { orders: 10_000, settleMs: 30_000, cycles: 8 },
): Promise<HomeFigures | null> {
  if (!existsSync(resolve('dist', 'index.html'))) return null;
  const server = await startTestServer({ staticDir: resolve('dist') });
  const phone = await launchPhone({ density: 2, serviceWorkers: 'block' });
  try {
    await addBulkOrders(server, BULK);
    const page = phone.context.pages()[0] ?? (await phone.context.newPage());
    // Counted as the server sent them (headers and compressed bodies on its sockets), with the
    // service worker blocked: its background precache of every chunk is not the driver's wait.
    const sentBefore = server.bytesSent();
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const atLogin = server.bytesSent() - sentBefore;
    // Typed at a quick phone typist's pace: the login page loads the app's code and opens
    // PWADB once the driver starts typing (src/ui/main.tsx), as it would on the road; an
    // instant fill would time that too, which no driver waits for.
    await page.getByLabel('Email').pressSequentially(DRIVER.email, { delay: TYPING_MS });
    await page.getByLabel('Password').pressSequentially(DRIVER.password, { delay: TYPING_MS });
    const signedIn = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await page.getByTestId('order-count').waitFor();
    // Every order stored: the count stops growing past the bulk rows.
    const count = async () => Number(((await page.getByTestId('order-count').textContent()) ?? '0').replace(/[^\d].*$/, ''));
    const deadline = Date.now() + 600_000;
    while ((await count()) < BULK && Date.now() < deadline) await page.waitForTimeout(100);
    const storedMs = performance.now() - signedIn;
    const toHome = server.bytesSent() - sentBefore - atLogin;
    const orders = await count();
    // The first pull's delivery details (10,000 more writes) settle; the per-order prefetch
    // (throttled, for minutes) goes on while the driver types, as it would on the road.
    await page.waitForTimeout(settleMs);

    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const search = page.getByRole('searchbox');
    await search.click();
    // Each step changes the result (10,034 → 10,000 → 9,999 → 999 → 99 → 10 → 1 and back), so
    // the list must re-render: a serial number typed from its middle ("-1-000012").
    const term = `${await bulkSerialInfix(server)}00012`;
    // Eight cycles (96 keys): on this 2-core machine DevTools' 4× throttle stretched a fixed
    // 2.1 ms of script to 3–44 ms (median 9.5) at random, so the p95 of 48 keys (the third-
    // slowest) moved by a third between runs; of 96 it is the fifth-slowest.
    const steps: string[] = [];
    for (let cycle = 0; cycle < cycles; cycle++) {
      for (let i = 4; i <= term.length; i++) steps.push(term.slice(0, i));
      for (let i = term.length - 1; i >= 4; i--) steps.push(term.slice(0, i));
      steps.push('');
    }
    const times: number[] = [];
    for (const value of steps) {
      const limit = BULK >= 10_000 ? 5000 : 500;
      const ms = await page.evaluate<number>(`(${KEYSTROKE})(${JSON.stringify(value)}, ${limit})`);
      // -2: the count did not change within the limit. On the small smoke set some steps of
      // the serial match every bulk order (nothing to re-render); on the full set every step
      // changes the result, so there it counts as the limit.
      if (ms >= 0) times.push(ms);
      else if (ms === -2 && BULK >= 10_000) times.push(limit);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const listNodes = await page.evaluate(() => document.querySelectorAll('ul, ul *').length);
    if (process.env.BENCH_DEBUG) console.log(steps.map((s, i) => `${s || '∅'}:${times[i]?.toFixed(0)}`).join(' '));
    return {
      loginBytes: atLogin,
      homeBytes: toHome,
      storedMs,
      orders,
      keystrokes: times.length,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      listNodes,
    };
  } finally {
    await phone.close();
    await server.close();
  }
}
