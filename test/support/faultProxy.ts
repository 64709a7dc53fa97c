// A TCP proxy on 127.0.0.1 (port 0) in front of a real server, for storage and network
// faults: 'forward' passes bytes both ways; 'blackhole' accepts connections and never
// answers (a server that hangs, or a firewall that drops packets after the handshake). The
// mode switches at run time and applies to open connections too, so a client's pooled
// keep-alive socket hangs like a new one. A connection that dropped bytes stays a blackhole:
// forwarding the rest of a request whose start was lost would only feed the server garbage.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'blackhole';

export interface FaultProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  mode: ProxyMode;
  /** Connections accepted so far. */
  accepted(): number;
  /** Bytes passed so far: client → server (`up`) and server → client (`down`), headers included. */
  bytes(): { up: number; down: number };
  /** Each request passed so far ("GET /healthz"), with the bytes of it and of its answer (HTTP/1.1: one at a time per connection). */
  requests(): readonly ProxiedRequest[];
  close(): Promise<void>;
}

export interface ProxiedRequest {
  line: string;
  up: number;
  down: number;
}

/** A chunk that starts a request: its method and target. */
const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.1\r\n/;

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const bytes = { up: 0, down: 0 };
  const log: ProxiedRequest[] = [];
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = createServer((client) => {
    accepted += 1;
    track(client);
    let poisoned = proxy.mode === 'blackhole';
    const upstream = connect(target.port, target.host);
    track(upstream);
    // The request this connection carries now: its answer's bytes are counted to it.
    let current: ProxiedRequest | null = null;
    const pass = (from: Socket, to: Socket): void => {
      const way = from === client ? 'up' : 'down';
      from.on('data', (chunk: Buffer) => {
        if (proxy.mode === 'blackhole') poisoned = true;
        if (poisoned) return;
        bytes[way] += chunk.length;
        const started = way === 'up' ? REQUEST_LINE.exec(chunk.subarray(0, 2048).toString('latin1')) : null;
        if (started) log.push((current = { line: `${started[1] as string} ${started[2] as string}`, up: 0, down: 0 }));
        if (current) current[way] += chunk.length;
        to.write(chunk);
      });
      from.once('end', () => {
        if (!poisoned) to.end();
      });
      from.once('close', () => {
        if (!poisoned) to.destroy();
      });
    };
    pass(client, upstream);
    pass(upstream, client);
    // A blackholed client that hangs up: drop its upstream too.
    client.once('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    mode: 'forward',
    accepted: () => accepted,
    bytes: () => ({ ...bytes }),
    requests: () => log.map((entry) => ({ ...entry })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
