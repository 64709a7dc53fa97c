// A real SMTP server on loopback (smtp-server) that keeps every message it accepts, can be
// told to refuse some recipients, and a small MIME reader for what nodemailer produces.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { logIn, type Accounts, type StartedServer } from './helpers';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: Received[];
  /** RCPT TO for these addresses is refused (550), so the send fails. */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: Received[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'], // plain loopback: no self-signed certificate to trust
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  headers: Map<string, string>;
  html: string;
  text: string;
  /** Parts sent as attachments: their file name, type and decoded bytes. */
  attachments: { filename: string; contentType: string; bytes: Buffer }[];
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
  );
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const normal = raw.replace(/\r\n/g, '\n');
  const at = normal.indexOf('\n\n');
  const head = at < 0 ? normal : normal.slice(0, at);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: at < 0 ? '' : normal.slice(at + 2) };
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQp(body);
  return body;
}

/** Headers (lower-case names, encoded words decoded) and the decoded text and HTML parts. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const result: ParsedMail = { headers, html: '', text: '', attachments: [] };
  const visit = (partHeaders: Map<string, string>, partBody: string): void => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const piece of partBody.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        const inner = splitHead(piece.replace(/^\n/, ''));
        visit(inner.headers, inner.body);
      }
    } else if (/^attachment/i.test(partHeaders.get('content-disposition') ?? '')) {
      const filename = /filename="?([^";]+)"?/i.exec(partHeaders.get('content-disposition') ?? '')?.[1] ?? '';
      result.attachments.push({ filename, contentType: type.split(';')[0] ?? type, bytes: Buffer.from(partBody.replace(/\s+/g, ''), 'base64') });
    } else if (type.startsWith('text/html')) {
      result.html = decodePart(partHeaders, partBody);
    } else if (type.startsWith('text/plain')) {
      result.text = decodePart(partHeaders, partBody);
    }
  };
  visit(headers, body);
  return result;
}

/** Waits until `count` messages arrived (sendMail resolves on the server's 250, so this is quick). */
export async function waitForMessages(capture: SmtpCapture, count: number, timeoutMs = 5000): Promise<Received[]> {
  const start = Date.now();
  while (capture.messages.length < count) {
    if (Date.now() - start > timeoutMs) throw new Error(`expected ${count} messages, got ${capture.messages.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return capture.messages;
}

/** A second Summit office admin who turned delivered emails off (send_email false). */
export async function addOptedOutAdmin(server: TestServer): Promise<void> {
  await server.query(`INSERT INTO accounts (company_id, email, password_hash, role, first_name, last_name, phone)
    SELECT company_id, 'dispatch@summit.test', 'locked', 'office_admin', 'Glenda', 'Esh', '(717) 555-0104' FROM accounts WHERE email = 'admin@summit.test'`);
  await server.query(`INSERT INTO account_settings (account_id, company_id, send_email)
    SELECT id, company_id, false FROM accounts WHERE email = 'dispatch@summit.test'`);
}

/**
 * useTestServer sending through a loopback SMTP capture: before the file's tests, the capture,
 * a server mailing through it, the opted-out admin, then the logins; the capture is emptied
 * before each test; after them, the server then the capture close.
 */
export function useMailTestServer<A extends Accounts>(accounts: A, onStart: (started: StartedServer<A> & { smtp: SmtpCapture }) => void): void {
  let smtp: SmtpCapture | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({ build: { smtpUrl: smtp.url } });
    await addOptedOutAdmin(server);
    onStart({ ...(await logIn(server, accounts)), smtp });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    if (!smtp) return;
    smtp.messages.length = 0;
    smtp.refuse.clear();
  });
}
