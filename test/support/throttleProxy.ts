// A TCP proxy on 127.0.0.1 (port 0) that plays a weak mobile link in front of a real server:
// each direction carries at most `upBytesPerS` / `downBytesPerS` (shared by all connections,
// served round-robin like a radio link shared by a phone's flows), every byte arrives half the
// round trip after it was let through, and `stalled` lets nothing through (no signal) while
// connections stay open. It counts the requests that reached it by their request line, so a
// test can tell an upload sent once from one started again from zero.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface LinkShape {
  /** Phone → server, bytes per second (64 kbit/s = 8,000). */
  upBytesPerS: number;
  /** Server → phone, bytes per second. */
  downBytesPerS: number;
  /** Added round trip, ms (half on each direction). */
  rttMs: number;
}

export interface ThrottleProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  shape: LinkShape;
  /** Nothing gets through either way while true; what waits is let through when it clears. */
  stalled: boolean;
  /** Requests whose method and path ("POST /upload") match, counted as their request line arrives. */
  requests(match: RegExp): number;
  /** Every request's method and path, in the order their request lines arrived. */
  log(): readonly string[];
  /** The same, with when each arrived (performance.now()). */
  timeline(): { line: string; ms: number }[];
  /** Bytes let through phone → server so far. */
  bytesUp(): number;
  /** Breaks every open connection now (both sides see it reset), as a link that drops; new ones are taken. */
  cut(): void;
  close(): Promise<void>;
}

/** How much a connection may queue at the proxy before its socket is paused (a phone's buffer). */
const QUEUE_HIGH_WATER = 16 * 1024;
/** Bytes a flow may send per turn of the round-robin. */
const SLICE = 1024;
const TICK_MS = 20;

interface Flow {
  from: Socket;
  to: Socket;
  queue: Buffer[];
  queued: number;
  ended: boolean;
  inFlight: number;
}

/** One direction of the link: flows queue their bytes, the link lets them out at its rate. */
function createDirection(rate: () => number, delayMs: () => number, stalled: () => boolean, counted: (n: number) => void) {
  const flows = new Set<Flow>();
  let credit = 0;
  let last = performance.now();
  let turn = 0;
  const deliver = (flow: Flow, chunk: Buffer): void => {
    flow.inFlight += 1;
    counted(chunk.length);
    setTimeout(() => {
      flow.inFlight -= 1;
      if (!flow.to.destroyed) flow.to.write(chunk);
      finish(flow);
    }, delayMs());
  };
  const finish = (flow: Flow): void => {
    if (flow.ended && flow.queued === 0 && flow.inFlight === 0 && !flow.to.destroyed) flow.to.end();
  };
  const tick = (): void => {
    const now = performance.now();
    const elapsed = (now - last) / 1000;
    last = now;
    const waiting = [...flows].filter((f) => f.queued > 0);
    if (stalled() || waiting.length === 0) {
      credit = 0;
      return;
    }
    credit = Math.min(credit + elapsed * rate(), rate()); // at most a second's worth saved up
    while (credit >= 1) {
      const busy = [...flows].filter((f) => f.queued > 0);
      if (!busy.length) break;
      const flow = busy[turn++ % busy.length] as Flow;
      const size = Math.min(SLICE, Math.floor(credit), flow.queued);
      const head = Buffer.concat(flow.queue);
      const chunk = head.subarray(0, size);
      const rest = head.subarray(size);
      flow.queue = rest.length ? [rest] : [];
      flow.queued -= size;
      credit -= size;
      deliver(flow, Buffer.from(chunk));
      if (flow.queued < QUEUE_HIGH_WATER && flow.from.isPaused()) flow.from.resume();
    }
  };
  const timer = setInterval(tick, TICK_MS);
  return {
    add(from: Socket, to: Socket, onData?: (chunk: Buffer) => void): Flow {
      const flow: Flow = { from, to, queue: [], queued: 0, ended: false, inFlight: 0 };
      flows.add(flow);
      from.on('data', (chunk: Buffer) => {
        onData?.(chunk);
        flow.queue.push(chunk);
        flow.queued += chunk.length;
        if (flow.queued >= QUEUE_HIGH_WATER) from.pause();
      });
      from.once('end', () => {
        flow.ended = true;
        finish(flow);
      });
      return flow;
    },
    remove(flow: Flow): void {
      flows.delete(flow);
    },
    stop: () => clearInterval(timer),
  };
}

export async function startThrottleProxy(target: { host: string; port: number }, shape: LinkShape): Promise<ThrottleProxy> {
  const sockets = new Set<Socket>();
  const requestLines: string[] = [];
  const arrivals: number[] = [];
  let up = 0;
  const isStalled = () => proxy.stalled;
  const upLink = createDirection(
    () => proxy.shape.upBytesPerS,
    () => proxy.shape.rttMs / 2,
    isStalled,
    (n) => (up += n),
  );
  const downLink = createDirection(
    () => proxy.shape.downBytesPerS,
    () => proxy.shape.rttMs / 2,
    isStalled,
    () => undefined,
  );
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
    }
    // Request lines as they arrive (the phone's attempts), a line split across chunks included.
    let carry = '';
    const flows = [
      upLink.add(client, upstream, (chunk) => {
        const text = carry + chunk.toString('latin1');
        for (const match of text.matchAll(/(GET|HEAD|POST|PUT|PATCH|DELETE) (\/\S*) HTTP\/1\.1\r\n/g)) {
          if ((match.index ?? 0) + match[0].length > carry.length) {
            requestLines.push(`${match[1] as string} ${match[2] as string}`);
            arrivals.push(performance.now());
          }
        }
        carry = text.slice(-256);
      }),
      downLink.add(upstream, client),
    ];
    // A side that hangs up or breaks ends the other: the phone gave up, or the server went away.
    const drop = (): void => {
      upLink.remove(flows[0] as Flow);
      downLink.remove(flows[1] as Flow);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.once('close', drop);
    upstream.once('close', () => {
      // The server closed: what it sent still crosses the link first.
      if ((flows[1] as Flow).queued === 0 && (flows[1] as Flow).inFlight === 0) drop();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const proxy: ThrottleProxy = {
    url: `http://127.0.0.1:${port}`,
    shape: { ...shape },
    stalled: false,
    requests: (match) => requestLines.filter((line) => match.test(line)).length,
    log: () => requestLines,
    timeline: () => requestLines.map((line, i) => ({ line, ms: arrivals[i] as number })),
    bytesUp: () => up,
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        upLink.stop();
        downLink.stop();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
