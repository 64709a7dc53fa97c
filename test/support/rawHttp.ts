// Raw HTTP/1.1 over node:net: for requests fetch will not send (headers past Node's parser
// limit, a malformed request line), whose answers come from the server's clientError path.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as is to the server of `url` and reads the answer until the server closes. */
export function rawRequest(url: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while we still write (it stops reading at the limit): what it sent counts.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) {
        reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
        return;
      }
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}
