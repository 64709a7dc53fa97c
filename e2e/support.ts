// Helpers of the browser suite: Debian's chromium through playwright-core, and a TCP proxy
// in front of the server that the test can make unreachable (the page and its workers
// fetch through it, so "offline" really means no server, not just emulation).
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../test/support/server';

/** The built PWA the server serves (`npx vite build`), and where screenshots go. */
export const DIST = resolve('dist');
export const RESULTS = resolve('test-results');

export interface Account {
  email: string;
  password: string;
}

/** Seeded accounts (server/db/seedData.ts): two drivers of Summit Sheds. */
export const SUMMIT_DRIVER: Account = { email: 'driver@summit.test', password: 'summit-driver-1' };
export const SUMMIT_DRIVER2: Account = { email: 'driver2@summit.test', password: 'summit-driver-2' };

export { openPhone, type Phone } from './phone';
import { openPhone, type Phone } from './phone';

/** Signs in on the Login screen at `baseUrl` and waits for Home. */
export async function signIn(page: Page, baseUrl: string, who: Account = SUMMIT_DRIVER): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
}

export interface Proxy {
  url: string;
  /** false: drop every open connection and refuse new ones until set back to true. */
  setReachable(reachable: boolean): void;
  /** Connections refused so far while unreachable (the phone trying again). */
  refused(): number;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<Proxy> {
  let reachable = true;
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (!reachable) {
      refused += 1;
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setReachable(value) {
      reachable = value;
      if (!value) for (const socket of sockets) socket.destroy();
    },
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Waits until the service worker controls the page (an offline reload needs it). Its install
 * precaches every chunk; when that fails (a request cut while the machine is busy with other
 * suites) the browser does not retry until the next load, so reload and wait again.
 */
export async function ensureServiceWorker(page: import('playwright-core').Page, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await page.reload();
    }
  }
}

/**
 * Goes to `path` as a driver moves between screens once the app runs: the address changes in
 * place and the router follows it (a popstate), with no page load. From anywhere else (a blank
 * tab, Login, another origin) the page loads. A load per screen costs a start of the app (~1.7
 * CPU-s of Chromium here): e2e/accessibility.test.ts went from 120 to 81 CPU-s.
 */
export async function openInApp(page: Page, baseUrl: string, path: string): Promise<void> {
  const at = new URL(page.url());
  if (at.origin !== new URL(baseUrl).origin || at.pathname === '/login') {
    await page.goto(`${baseUrl}${path}`);
    return;
  }
  await page.evaluate((to) => {
    const state: unknown = history.state;
    const idx = ((state as { idx?: number } | null)?.idx ?? 0) + 1;
    const next = { usr: null, key: `e2e${idx}`, idx };
    history.pushState(next, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: next }));
  }, path);
}

/** What every browser suite starts with: the server, the proxy in front of it, a phone and its first tab. */
export interface BrowserSetup {
  server: TestServer;
  proxy: Proxy;
  phone: Phone;
  page: Page;
}

export interface BrowserHarness extends BrowserSetup {
  /** Fills the Login screen the page shows and presses Sign in. */
  submitLogin(account: Account): Promise<void>;
  /** Both halves of connectivity: the browser's network state and the proxy to the server. */
  setOnline(online: boolean): Promise<void>;
}

export interface BrowserHarnessOptions {
  /** More test server options (e.g. a logger); it always serves dist/. */
  server?: Omit<TestServerOptions, 'staticDir'>;
  /** Runs once the server is up, before the phone starts (seed tweaks for this suite). */
  onServer?: (server: TestServer) => Promise<void>;
}

/**
 * The browser suites' harness, for one file: before all tests the built app's server, a TCP
 * proxy in front of it (the test can make it unreachable), and a fresh phone with its first
 * tab (page errors logged); after each test the network is back (a failed test must not leave
 * the next one offline); after all, everything is closed. `onStart` receives the setup, e.g.
 * `useBrowserHarness({}, (h) => ({ server, proxy, phone, page } = h))`.
 */
export function useBrowserHarness(opts: BrowserHarnessOptions = {}, onStart?: (setup: BrowserHarness) => unknown): BrowserHarness {
  let setup: BrowserSetup | null = null;
  const started = (): BrowserSetup => {
    if (!setup) throw new Error('the browser harness is not started yet');
    return setup;
  };
  const harness: BrowserHarness = {
    get server() {
      return started().server;
    },
    get proxy() {
      return started().proxy;
    },
    get phone() {
      return started().phone;
    },
    get page() {
      return started().page;
    },
    async submitLogin(account) {
      const { page } = started();
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    async setOnline(online) {
      const { proxy, phone } = started();
      // Offline: the browser first, then the server; online: the server first, then the browser.
      if (online) proxy.setReachable(true);
      await phone.context.setOffline(!online);
      if (!online) proxy.setReachable(false);
    },
  };
  let server: TestServer | null = null;
  let proxy: Proxy | null = null;
  let phone: Phone | null = null;
  beforeAll(async () => {
    if (!existsSync(resolve(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm test does)');
    mkdirSync(RESULTS, { recursive: true });
    // No online basemap unless a suite names one (map-offline plays it on loopback): a browser
    // suite never reaches an outside host, and phones never keep its tiles.
    server = await startTestServer({ ...opts.server, build: { mapStyleUrl: '', ...opts.server?.build }, staticDir: DIST });
    await opts.onServer?.(server);
    const { hostname, port } = new URL(server.url);
    proxy = await startProxy({ host: hostname, port: Number(port) });
    phone = await openPhone();
    const page = phone.context.pages()[0] ?? (await phone.context.newPage());
    page.on('pageerror', (error) => console.error('[page error]', error));
    setup = { server, proxy, phone, page };
    await onStart?.(harness);
  });
  afterEach(async () => {
    if (setup) await harness.setOnline(true);
  });
  afterAll(async () => {
    await phone?.close();
    await proxy?.close();
    await server?.close();
  });
  return harness;
}
