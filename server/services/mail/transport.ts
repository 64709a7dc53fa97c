// The mail transport (DESIGN §7): SMTP through nodemailer when SMTP_URL is set, else every
// message is captured as an .eml file under DATA_DIR/mail (and the caller logs it), so a
// demo or a test machine never needs a mail server and never loses a message.
import { clockDate } from '../../clock';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export interface OutgoingMail {
  /** Display name of the sender; the address is always the server's own (DMARC-safe). */
  fromName: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files the server made itself (a delivery certificate), as bytes; never a path or a URL. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file, in capture mode. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'capture';
  /** The address messages come from, e.g. no-reply@driver-app.local. */
  readonly fromAddress: string;
  /** Resolves when the server accepted the message (or it was captured); rejects otherwise. */
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  /** Where captured messages go when there is no SMTP_URL. */
  captureDir: string;
  /** MAIL_FROM: a bare address or "Name <address>"; only the address is used. */
  from?: string;
}

export const DEFAULT_FROM_ADDRESS = 'no-reply@driver-app.local';

function addressOf(from: string | undefined): string {
  if (!from) return DEFAULT_FROM_ADDRESS;
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1];
  return (angled ?? from).trim();
}

export function createMailer(opts: MailerOptions): Mailer {
  const fromAddress = addressOf(opts.from);
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      // A dead mail server must not hold a driver's request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      fromAddress,
      async send(mail) {
        const info = await transport.sendMail(toNodemailer(mail, fromAddress));
        return { messageId: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const capture = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'capture',
    fromAddress,
    async send(mail) {
      const info = await capture.sendMail(toNodemailer(mail, fromAddress));
      mkdirSync(opts.captureDir, { recursive: true });
      const stamp = clockDate().toISOString().replace(/[:.]/g, '-');
      const file = join(opts.captureDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      if (!Buffer.isBuffer(info.message)) throw new Error('capture transport did not buffer the message');
      writeFileSync(file, info.message, { mode: 0o600 }); // customer addresses: not world-readable
      return { messageId: String(info.messageId), file };
    },
    close: () => capture.close(),
  };
}

function toNodemailer(mail: OutgoingMail, fromAddress: string): SendMailOptions {
  return {
    from: { name: mail.fromName, address: fromAddress },
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments: mail.attachments,
    disableFileAccess: true, // never attach server files, whatever a template produced
    disableUrlAccess: true,
  };
}
