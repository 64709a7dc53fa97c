// A reverse proxy on 127.0.0.1 that forwards as the README's nginx block does: the request's
// own X-Forwarded-For with the client's address appended ($proxy_add_x_forwarded_for), and
// X-Forwarded-Proto. Tests put it in front of a real server to check which address counts.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

export async function startForwardingProxy(target: string, proto = 'https'): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const client = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      'x-forwarded-for': prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${client}` : client,
      'x-forwarded-proto': proto,
    };
    const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
