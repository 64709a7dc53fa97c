// One error type for route code, and the mapping of every failure (ours, Fastify's,
// multipart's, rate limit's) to a clean `{error, message}` body. Bad input never gives 500.
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, type ErrorCode } from '../../src/domain';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers sent with the error (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? code);
  }

  body(): Record<string, unknown> {
    return { ...errorBody(this.code, this.message === this.code ? undefined : this.message), ...this.extra };
  }
}

export const notFound = (): HttpError => new HttpError(404, 'NotFound');
export const invalid = (message?: string): HttpError => new HttpError(400, 'InvalidRequest', message);
/** 429 TooManyRequests with Retry-After (seconds). */
export const tooManyRequests = (retryAfterS: number, message?: string): HttpError =>
  new HttpError(429, 'TooManyRequests', message, {}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) });

const BUSBOY_MALFORMED =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/;

/** Maps Fastify / plugin error codes to ours. */
function mapFrameworkError(err: FastifyError): { status: number; code: ErrorCode; message?: string } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'InvalidRequest', message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'InvalidRequest', message: 'Unsupported content type' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'InvalidRequest', message: 'The JSON body is empty' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'InvalidRequest', message: 'The JSON body is malformed' };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, code: 'FileTooLarge' };
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 400, code: 'TooManyFiles' };
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 400, code: 'InvalidRequest', message: 'The multipart body is not valid' };
    default:
      break;
  }
  if (err instanceof SyntaxError) return { status: 400, code: 'InvalidRequest', message: 'The JSON body is malformed' };
  // busboy's parse errors carry no code: a multipart body without a boundary, or cut short.
  if (BUSBOY_MALFORMED.test(err.message)) return { status: 400, code: 'InvalidRequest', message: 'The multipart body is not valid' };
  if (err.statusCode === 429) return { status: 429, code: 'TooManyRequests' };
  if (err.validation) return { status: 400, code: 'InvalidRequest', message: err.message };
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    const code: ErrorCode = err.statusCode === 404 ? 'NotFound' : err.statusCode === 403 ? 'NotAuthorized' : 'InvalidRequest';
    return { status: err.statusCode, code };
  }
  return null;
}

/**
 * Fastify's router answers a few URL errors itself, before any hook or error handler
 * (a path parameter over maxParamLength, a malformed percent-encoding): give those our
 * `{error, message}` body too (Fastify option `frameworkErrors`). No onRequest hook runs
 * for them, so helmet's headers are copied in from `securityHeaders` (see app.ts).
 */
export function frameworkErrors(securityHeaders: Record<string, string>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
    request.log.info({ code: err.code }, 'request rejected by the router');
    void reply
      .headers(securityHeaders)
      .code(tooLong ? 414 : 400)
      .send(errorBody('InvalidRequest', tooLong ? 'The URL is too long' : 'The URL is not valid'));
  };
}

/** What Node's HTTP parser refused (its error code) → our status and message. */
function clientErrorOf(code: string): { status: number; reason: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', message: 'The request did not arrive in time' };
  return { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers past
 * --max-http-header-size, 16 KB by default; a request line that is not HTTP; a request that
 * never finished arriving) reach no route, hook or error handler: Fastify's default answer
 * was its own `{"error":"Request Header Fields Too Large",…}`, outside the Error enum. Answer
 * `{error: InvalidRequest, message}` with helmet's headers instead (Fastify option
 * `clientErrorHandler`), then close the connection as Fastify and Node do: the parser cannot
 * go on with it.
 */
export function clientErrors(securityHeaders: Record<string, string>) {
  return function onClientError(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, reason, message } = clientErrorOf(err.code);
    // debug, not info: scanners send such requests by the thousand.
    this.log.debug({ code: err.code, status }, 'request refused by the HTTP parser');
    if (socket.writable) {
      const body = JSON.stringify(errorBody('InvalidRequest', message));
      const headers = {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
    }
    socket.destroy(err);
  };
}

/** The headers helmet put on a response, to copy onto answers that skip the hooks. */
export function helmetHeadersOf(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string' && /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|x-(?!ratelimit))/.test(name))
      out[name] = value;
  }
  return out;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).headers(err.headers).send(err.body());
    const mapped = mapFrameworkError(err);
    if (mapped) {
      request.log.info({ code: err.code, status: mapped.status }, 'request rejected');
      return reply.code(mapped.status).send(errorBody(mapped.code, mapped.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('GeneralError'));
  });
}
