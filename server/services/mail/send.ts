// Sends one message and records the outcome in email_log (sent, failed, or skipped by a
// recipient's setting), so every email the server was asked for can be accounted for.
import type { ErrorCode, TokenClaims } from '../../../src/domain';
import { ERROR_TEXT } from '../../../src/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { Logger } from '../../logger';
import { senderOf } from '../../repositories/accounts';
import { insertEmailLog, recipientsSentIn } from '../../repositories/emailLog';
import type { Mailer, OutgoingMail } from './transport';

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  auth: TokenClaims;
  log: Logger;
}

export interface LoggedMail extends OutgoingMail {
  template: string | null;
  orderId: number | null;
  batchKey?: string | null;
}

/** What every email_log row of this message records: who, which template, to whom, about what. */
function logFields(deps: MailDeps, mail: { template: string | null; to: string; subject: string; orderId: number | null }) {
  return {
    companyId: deps.auth.company_id,
    accountId: deps.auth.account_id,
    template: mail.template,
    recipient: mail.to,
    subject: mail.subject,
    orderId: mail.orderId,
  };
}

export async function sendAndLog(deps: MailDeps, mail: LoggedMail): Promise<boolean> {
  const base = { ...logFields(deps, mail), transport: deps.mailer.kind, batchKey: mail.batchKey ?? null };
  try {
    const sent = await deps.mailer.send(mail);
    await insertEmailLog(deps.db, { ...base, status: 'sent', messageId: sent.messageId });
    deps.log.info({ template: mail.template, file: sent.file, messageId: sent.messageId }, sent.file ? 'email captured' : 'email sent');
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
    await insertEmailLog(deps.db, { ...base, status: 'failed', error: reason });
    deps.log.warn({ template: mail.template, reason }, 'email failed'); // SPEC §8: logged as a warning
    return false;
  }
}

/** Records a message a recipient's setting turned off (nothing is sent). */
export async function logSkipped(
  deps: MailDeps,
  mail: { template: string | null; to: string; subject: string; orderId: number | null; code: ErrorCode },
): Promise<void> {
  await insertEmailLog(deps.db, {
    ...logFields(deps, mail),
    status: 'skipped',
    error: ERROR_TEXT[mail.code],
    transport: 'none',
  });
}

/** Recipients a batch (same key) already reached, so a retried batch sends only the rest. */
export async function alreadySent(db: Db, batchKey: string): Promise<Set<string>> {
  return new Set(await recipientsSentIn(db, batchKey));
}

export interface SenderIdentity {
  fromName: string;
  replyTo?: string;
  companyName: string;
}

/**
 * The display name and Reply-To. The From address is always the server's; a senderEmail is
 * accepted only as Reply-To and only when it is the caller's own address or the company's.
 */
export async function senderIdentity(
  db: Db,
  auth: TokenClaims,
  opts: { senderName?: string; senderEmail?: string; fromNoReply: boolean },
): Promise<SenderIdentity> {
  const row = await senderOf(db, auth);
  if (!row) throw new HttpError(401, 'NotAuthenticated');
  const allowed = [row.ownEmail, row.companyEmail].filter((e): e is string => Boolean(e)).map((e) => e.toLowerCase());
  if (opts.senderEmail && !allowed.includes(opts.senderEmail)) {
    throw new HttpError(400, 'InvalidRequest', "senderEmail must be your own address or your company's");
  }
  // The name a message is from is the driver's own or the company's, as its Reply-To is: a
  // free name let a driver's mail read as from "Accounts Receivable".
  const names = [row.firstName, `${row.firstName} ${row.lastName}`, row.companyName].map((n) => n.trim().toLowerCase());
  if (opts.senderName && !names.includes(opts.senderName.trim().toLowerCase())) {
    throw new HttpError(400, 'InvalidRequest', "senderName must be your own name or your company's");
  }
  const fromName = (opts.senderName || row.companyName).replace(/[\r\n"]/g, ' ').trim();
  const replyTo = opts.fromNoReply ? undefined : (opts.senderEmail ?? row.companyEmail ?? undefined);
  return { fromName, replyTo, companyName: row.companyName };
}
