// Helpers of the browser suite: Debian's chromium through playwright-core, and a TCP proxy
// in front of the server that the test can make unreachable (the page and its workers
// fetch through it, so "offline" really means no server, not just emulation).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../test/support/server';

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

/** A fresh browser profile (its own user data dir) with a 390x844 phone viewport. */
export async function launchPhone(): Promise<Phone> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'driver-app-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The seeded driver every browser suite signs in as. */
export const DRIVER = { email: 'driver@summit.test', password: 'summit-driver-1' };

/** Where suites save their screenshots (git ignores it). */
export const RESULTS = resolve('test-results');

export interface AppSuite {
  server: TestServer;
  phone: Phone;
  page: Page;
  close(): Promise<void>;
}

/**
 * A browser suite's fixture: the built app (dist/, from `npx vite build`) served by a test
 * server, a fresh phone and its page, whose errors are logged.
 */
export async function startAppSuite(): Promise<AppSuite> {
  const dist = resolve('dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm test does)');
  mkdirSync(RESULTS, { recursive: true });
  const server = await startTestServer({ staticDir: dist });
  const phone = await launchPhone();
  const page = phone.context.pages()[0] ?? (await phone.context.newPage());
  page.on('pageerror', (error) => console.error('[page error]', error));
  return {
    server,
    phone,
    page,
    async close() {
      await phone.close();
      await server.close();
    },
  };
}

/** Signs in on the Login screen at `baseUrl` and waits for Home. */
export async function signIn(page: Page, baseUrl: string, who = DRIVER): Promise<void> {
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
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<Proxy> {
  let reachable = true;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (!reachable) {
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
