// Driver settings (SPEC §3, §5, §7): read the profile, edit it (name, phone, email, picture,
// password), and the three email-notification flags. Only the caller's own account.
// Changing the password or the email needs the current password (issue 20: a stolen token
// alone took the account over): 403, not 401, since a 401 means a dead session to the app
// (SPEC §8 transport: it would sign the driver out over a typo).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PROFILE_API, PROFILE_PICTURES_FOLDER, needsCurrentPassword, normalizePhone, requestSchemaOf,
  type DriverSettings, type TokenClaims, type UpdateDriverSettingsBody,
} from '../../../src/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accounts, accountSettings, uploads } from '../../db/schema';
import { authOf, sessionHashOf } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { saveAccountSettings } from '../../services/accountSettings';
import { runIdempotent } from '../../http/keyedAnswers';
import { isUniqueViolation, parseBody } from './shared';

export async function readDriverSettings(db: Executor, auth: TokenClaims): Promise<DriverSettings> {
  const [row] = await db.select({
    firstName: accounts.firstName, lastName: accounts.lastName, phone: accounts.phone, email: accounts.email,
    assigned: sql<boolean>`coalesce(${accountSettings.emailNewOrderAssigned}, true)`,
    reassigned: sql<boolean>`coalesce(${accountSettings.emailOrderReassigned}, true)`,
    finished: sql<boolean>`coalesce(${accountSettings.emailOrderFinishedAtShop}, true)`,
    imageGuid: uploads.guid, imageMime: uploads.mime, imageExtension: uploads.extension,
  }).from(accounts)
    .leftJoin(accountSettings, eq(accountSettings.accountId, accounts.id))
    .leftJoin(uploads, and(eq(uploads.guid, accountSettings.profileImageGuid), eq(uploads.companyId, accounts.companyId)))
    .where(and(eq(accounts.id, auth.account_id), eq(accounts.companyId, auth.company_id)));
  if (!row) throw notFound();
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phone,
    email: row.email,
    profile_image_attributes: row.imageGuid && row.imageMime && row.imageExtension ? {
      guid: row.imageGuid, mime_type: row.imageMime, extension: row.imageExtension,
      download_urls: [`/files/${row.imageGuid}.${row.imageExtension}`],
    } : null,
    email_notifications_new_order_assigned: row.assigned,
    email_notifications_order_reassigned: row.reassigned,
    email_notifications_order_finished_at_shop: row.finished,
  };
}

const currentPasswordIncorrect = (): HttpError => new HttpError(403, 'CurrentPasswordIncorrect');

/**
 * When the edit changes the password or the email: the current password, or 403
 * CurrentPasswordRequired / CurrentPasswordIncorrect. Wrong ones count per account (429 past the
 * limit, before the hash); the hash goes through ctx.passwords' gate. Answers the stored hash it
 * checked (null when no check was needed), so the update can make sure it is still the account's.
 */
async function checkCurrentPassword(ctx: AppContext, auth: TokenClaims, body: UpdateDriverSettingsBody): Promise<string | null> {
  const [account] = await ctx.db.select({ email: accounts.email, passwordHash: accounts.passwordHash }).from(accounts)
    .where(and(eq(accounts.id, auth.account_id), eq(accounts.companyId, auth.company_id)));
  if (!account) throw notFound();
  if (!needsCurrentPassword(body, account.email)) return null;
  if (!body.current_password) throw new HttpError(403, 'CurrentPasswordRequired');
  // A signed-in driver hashes in the known lane: a sign-in spray does not stall their own change.
  ctx.passwords.refuseWhenBusy('known'); // no hash slot free: answer before counting a guess
  const giveBack = await ctx.currentPasswordGuard.forAccount(auth.account_id);
  let ok: boolean;
  try {
    ok = await ctx.passwords.verify(body.current_password, account.passwordHash, 'known');
  } catch (err) {
    await giveBack(); // refused as busy: no guess was made
    throw err;
  }
  if (!ok) throw currentPasswordIncorrect();
  await giveBack(); // the right password: not a failure
  return account.passwordHash;
}

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(PROFILE_API.driverSettings, async (request) => {
    return readDriverSettings(ctx.db, authOf(request));
  });

  app.post(PROFILE_API.updateDriverSettings, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PROFILE_API.updateDriverSettings}`, 'bodySchema'), request.body);
    const phone = normalizePhone(body.phone_number) ?? body.phone_number; // the schema checked it parses
    const image = body.profile_image_attributes;
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => {
        if (image) {
          const [upload] = await ctx.db.select({ guid: uploads.guid }).from(uploads)
            .where(and(eq(uploads.guid, image.guid.toLowerCase()), eq(uploads.companyId, auth.company_id), eq(uploads.folder, PROFILE_PICTURES_FOLDER)));
          if (!upload) throw new HttpError(400, 'ProfileImageNotFound');
        }
        const verifiedHash = await checkCurrentPassword(ctx, auth, body);
        const [taken] = await ctx.db.select({ id: accounts.id }).from(accounts)
          .where(and(sql`lower(${accounts.email}) = ${body.email}`, ne(accounts.id, auth.account_id)));
        if (taken) throw new HttpError(409, 'EmailAlreadyInUse');
        const passwordHash = body.password === undefined ? undefined : await ctx.passwords.hash(body.password);
        // A new password ends every other session (migration 0009's trigger bumps token_version);
        // the one making the change stays signed in: it is kept at the version the bump makes.
        const keptSessionSql = sql`(${accounts.tokenVersion} + 1)::text || ':' || ${sessionHashOf(request) ?? ''}`;
        try {
          const settings = await ctx.db.transaction(async (tx) => {
            const updated = await tx.update(accounts)
              .set({ firstName: body.first_name, lastName: body.last_name, phone, email: body.email, ...(passwordHash ? { passwordHash, keptSession: keptSessionSql } : {}) })
              .where(and(
                eq(accounts.id, auth.account_id), eq(accounts.companyId, auth.company_id),
                // The password checked is still the account's: one changed meanwhile is no longer "current".
                verifiedHash === null ? undefined : eq(accounts.passwordHash, verifiedHash),
              ))
              .returning({ id: accounts.id });
            if (updated.length === 0) throw verifiedHash === null ? notFound() : currentPasswordIncorrect();
            // undefined leaves the picture alone (SPEC §5: sent only when a new one was chosen); null removes it.
            if (image !== undefined) await saveAccountSettings(tx, auth.account_id, auth.company_id, { profileImageGuid: image?.guid.toLowerCase() ?? null });
            const result = await readDriverSettings(tx, auth);
            await complete(tx, 200, result);
            return result;
          });
          return { status: 200, body: settings };
        } catch (err) {
          if (isUniqueViolation(err)) throw new HttpError(409, 'EmailAlreadyInUse'); // lost a race for the address
          throw err;
        }
      },
    });
  });

  app.post(PROFILE_API.updateDriverEmailNotifications, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(requestSchemaOf(`POST ${PROFILE_API.updateDriverEmailNotifications}`, 'bodySchema'), request.body);
    return runIdempotent({
      db: ctx.db, request, reply, auth,
      work: async (complete) => {
        const settings = await ctx.db.transaction(async (tx) => {
          await saveAccountSettings(tx, auth.account_id, auth.company_id, {
            emailNewOrderAssigned: body.email_notifications_new_order_assigned,
            emailOrderReassigned: body.email_notifications_order_reassigned,
            emailOrderFinishedAtShop: body.email_notifications_order_finished_at_shop,
          });
          const result = await readDriverSettings(tx, auth);
          await complete(tx, 200, result);
          return result;
        });
        return { status: 200, body: settings };
      },
    });
  });
}
