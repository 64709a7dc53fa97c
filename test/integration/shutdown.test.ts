// SIGTERM with keep-alive clients (issue 20 item 6): a request in flight when the signal
// comes finishes, its answer says `Connection: close`, and the process exits 0 at once
// instead of waiting out SHUTDOWN_GRACE_MS for the keep-alive sockets (it exited 1 after the
// whole grace period). The grace is set large so a regression fails clearly.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../src/domain';
import { startMain, type MainProcess } from '../support/mainProcess';
import { SUMMIT_DRIVER } from './helpers';

const GRACE_MS = 20_000;

const cleanups: MainProcess[] = [];
afterEach(async () => {
  for (const main of cleanups.splice(0)) await main.cleanup();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A request on `agent` whose body goes in two parts: `between` runs after the first, before the second. */
function twoPartRequest(url: string, agent: Agent, body: Buffer, between: () => Promise<void>): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      `${url}${API.login}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.subarray(0, half));
    between().then(() => req.end(body.subarray(half)), reject);
  });
}

function get(url: string, agent: Agent): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    request(`${url}${API.health}`, { agent }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    })
      .on('error', reject)
      .end();
  });
}

describe('SIGTERM with keep-alive connections', () => {
  it('the request in flight finishes with Connection: close and the process exits 0 well before the grace period', async () => {
    const main = await startMain({ SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    cleanups.push(main);
    // One client is idle on a keep-alive connection, another one is in the middle of a request.
    const idle = new Agent({ keepAlive: true });
    const busy = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(main.url, idle)).headers.connection).toBe('keep-alive');
      expect((await get(main.url, busy)).status).toBe(200); // the busy client's socket, reused below
      let signalledAt = 0;
      const answer = await twoPartRequest(main.url, busy, Buffer.from(JSON.stringify(SUMMIT_DRIVER)), async () => {
        await main.logLine((line) => line.msg === 'incoming request' && line.req?.url === API.login);
        signalledAt = performance.now();
        main.child.kill('SIGTERM');
        await main.logLine((line) => /^SIGTERM: shutting down/.test(line.msg ?? ''));
      });
      expect(answer.status, answer.text).toBe(200);
      const code = await main.exited;
      const exitMs = performance.now() - signalledAt;
      console.log(`exit ${code} ${Math.round(exitMs)} ms after SIGTERM (grace ${GRACE_MS} ms)`);
      expect(code, main.stderr()).toBe(0);
      expect(exitMs).toBeLessThan(GRACE_MS / 4);
      expect(answer.headers.connection).toBe('close'); // the client does not send on a closing connection
    } finally {
      idle.destroy();
      busy.destroy();
    }
  });

  it('idle keep-alive connections alone do not hold the stop', async () => {
    const main = await startMain({ SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    cleanups.push(main);
    const idle = new Agent({ keepAlive: true });
    try {
      expect((await get(main.url, idle)).headers.connection).toBe('keep-alive');
      const signalledAt = performance.now();
      main.child.kill('SIGTERM');
      const code = await main.exited;
      const exitMs = performance.now() - signalledAt;
      console.log(`idle only: exit ${code} ${Math.round(exitMs)} ms after SIGTERM`);
      expect(code, main.stderr()).toBe(0);
      expect(exitMs).toBeLessThan(GRACE_MS / 4);
    } finally {
      idle.destroy();
    }
  });
});
