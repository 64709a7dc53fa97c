// The operator socket (issue 20 item 10): on PGlite the running server owns <DATA_DIR>/pglite
// (one process per data dir), so `npm run admin` asks it over a unix socket in the data dir,
// <DATA_DIR>/admin.sock, created with mode 600: only the user the server runs as (and root) can
// connect; nothing listens on the network. HTTP over the socket: POST / with an AdminRequest as
// JSON → 200 with the AdminResult, or 4xx {error, message}. A socket left by a killed server is
// replaced; one another live process answers on is left alone (this server then serves none).
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { HttpError } from '../http/errors';
import { AdminError, type AdminRequest, type AdminResult } from './operations';

export const OPERATOR_SOCKET_NAME = 'admin.sock';
/** sun_path holds 108 bytes with its NUL on Linux (104 on macOS). */
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_BODY_BYTES = 16 * 1024;

export const operatorSocketPath = (dataDir: string): string => join(resolve(dataDir), OPERATOR_SOCKET_NAME);

export interface OperatorLog {
  info(obj: object, msg: string): void;
  warn(msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OperatorSocket {
  path: string;
  close(): Promise<void>;
}

const STATUS: Record<AdminError['code'], number> = {
  UnknownAccount: 404,
  NotADriver: 409,
  AlreadyRemoved: 409,
  AccountRemoved: 409,
  InvalidArguments: 400,
  Busy: 429,
};

/** Serves `run` on `path`; null (the reason logged) when the path cannot be ours. */
export async function startOperatorSocket(
  path: string,
  run: (request: AdminRequest) => Promise<AdminResult>,
  log: OperatorLog,
): Promise<OperatorSocket | null> {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    log.warn(`operator socket not served: ${path} is too long for a unix socket (npm run admin then needs the server stopped)`);
    return null;
  }
  const taken = await takenBy(path);
  if (taken) {
    log.warn(`operator socket not served: ${taken}`);
    return null;
  }
  const server = createServer((req, res) => {
    void answer(req, res, run, log);
  });
  try {
    await listenPrivately(server, path);
  } catch (err) {
    log.warn(`operator socket not served: ${(err as Error).message}`);
    return null;
  }
  return {
    path,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => {
          try {
            unlinkSync(path); // libuv usually removed it already
          } catch {
            // gone
          }
          done();
        });
      }),
  };
}

/** Why `path` cannot be used, or null once it is free (a dead server's socket removed). */
async function takenBy(path: string): Promise<string | null> {
  let isSocket: boolean;
  try {
    isSocket = lstatSync(path).isSocket();
  } catch {
    return null; // nothing there
  }
  if (!isSocket) return `${path} exists and is not a socket`;
  const alive = await new Promise<boolean>((done) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      done(true);
    });
    probe.once('error', () => done(false));
  });
  if (alive) return `another process answers on ${path} (a second server on this data dir?)`;
  try {
    unlinkSync(path);
    return null;
  } catch (err) {
    return `the old socket ${path} cannot be removed: ${(err as Error).message}`;
  }
}

/** Binds with umask 177 so the socket is born 600 (bind is synchronous in listen), then chmods to be sure. */
async function listenPrivately(server: ReturnType<typeof createServer>, path: string): Promise<void> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    let previous: number | null = null;
    try {
      previous = process.umask(0o177);
    } catch {
      // worker threads cannot set the umask: the chmod below closes the gap
    }
    try {
      server.listen(path, () => {
        server.off('error', fail);
        done();
      });
    } finally {
      if (previous !== null) process.umask(previous);
    }
  });
  chmodSync(path, 0o600);
}

async function answer(req: IncomingMessage, res: ServerResponse, run: (request: AdminRequest) => Promise<AdminResult>, log: OperatorLog): Promise<void> {
  const send = (status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  try {
    if (req.method !== 'POST' || req.url !== '/') return send(404, { error: 'NotFound', message: 'POST / with a command' });
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return send(413, { error: 'InvalidArguments', message: 'The request is too large' });
      chunks.push(chunk);
    }
    let request: AdminRequest;
    try {
      request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AdminRequest;
    } catch {
      return send(400, { error: 'InvalidArguments', message: 'The request is not JSON' });
    }
    const result = await run(request);
    log.info({ operator: request.command, email: request.email }, 'operator command done');
    send(200, result);
  } catch (err) {
    if (err instanceof AdminError) return send(STATUS[err.code], { error: err.code, message: err.message });
    if (err instanceof HttpError && err.statusCode === 429)
      return send(429, { error: 'Busy', message: 'The server is busy hashing passwords, try again in a moment' });
    log.error({ err }, 'operator command failed');
    send(500, { error: 'InternalError', message: 'The command failed: see the server log' });
  }
}
