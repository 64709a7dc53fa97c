// Debian's Chromium driven over a bare DevTools pipe, for the benchmark's cold starts: a page as a
// driver's phone runs it, with no DevTools domain enabled but Page (its init script) and the
// emulation. A test driver (Playwright, Lighthouse) enables Runtime and Network on every page;
// with Runtime on, V8 keeps a detailed stack for each Error the page creates, and React creates
// five as react-dom loads: V8 re-parsed react-dom and main's chunk for their source positions,
// ~215 ms of an offline cold start at 4× CPU that no phone pays (ARCHITECTURE.md, issue 24).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, PHONE_VIEWPORT, SHELL_EXECUTABLE } from '../e2e/phone';

interface Reply {
  id?: number;
  method?: string;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

/** One page of the bare browser: DevTools calls in its session. */
export interface BarePage {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  /** Evaluates `expression` in the page (awaiting a promise it returns) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export interface BareChromium {
  /** A new tab at about:blank, the phone's screen (PHONE_VIEWPORT) at 2×, touch on, `initScript` run in every document it loads. */
  newPage(initScript: string): Promise<BarePage>;
  close(): Promise<void>;
}

/**
 * Launches the headless shell on `userDataDir` (a profile a Playwright phone filled and closed).
 * `offline`: every request the browser makes goes to a proxy that is not there, so it fails at
 * once as with no signal, the page, its workers and the service worker alike. Calls wait in the
 * pipe until the browser is up.
 */
export function launchBareChromium(userDataDir: string, opts: { offline: boolean }): BareChromium {
  const args = [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe', 'about:blank'];
  if (opts.offline) args.push('--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>');
  const child: ChildProcess = spawn(SHELL_EXECUTABLE, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end = buffered.indexOf('\0');
    while (end >= 0) {
      const reply = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      const call = reply.id === undefined ? undefined : waiting.get(reply.id);
      if (!call || reply.id === undefined) continue;
      waiting.delete(reply.id);
      if (reply.error) call.reject(new Error(reply.error.message));
      else call.resolve(reply.result);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    for (const call of waiting.values()) call.reject(new Error('the bare Chromium exited'));
    waiting.clear();
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });

  return {
    async newPage(initScript) {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      const inPage = <T>(method: string, params: object = {}): Promise<T> => send<T>(method, params, sessionId);
      await inPage('Emulation.setDeviceMetricsOverride', { ...PHONE_VIEWPORT, deviceScaleFactor: 2, mobile: false });
      await inPage('Emulation.setTouchEmulationEnabled', { enabled: true });
      await inPage('Page.enable');
      await inPage('Page.addScriptToEvaluateOnNewDocument', { source: initScript });
      return {
        send: inPage,
        async evaluate<T>(expression: string) {
          const answer = await inPage<{ result?: { value?: unknown }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
            expression,
            returnByValue: true,
            awaitPromise: true,
          });
          if (answer.exceptionDetails) throw new Error(`in the page: ${answer.exceptionDetails.text}`);
          return answer.result?.value as T;
        },
        close: () => send('Target.closeTarget', { targetId }).then(() => undefined),
      };
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await exited;
    },
  };
}
