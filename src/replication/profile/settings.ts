import {
  isErrorCode,
  needsCurrentPassword,
  parseSettingsBody,
  PROFILE_API,
  PROFILE_PICTURES_FOLDER,
  validateSettingsForm,
  type DriverSettings,
  type ErrorCode,
  type ImageRecord,
  type SettingsForm,
} from '../../domain';
import { CACHE_KEYS, clearSettingsDraft, profilePictureBlobId, readCache, readSettingsDraft, writeCache, type Session } from '../../db';
import { uploadImage } from '../steps/upload';
import { TransportError } from '../transportError';
import type { ProfileContext } from './context';
import { failureOf, plainFailure, type RpcFailure } from './outcome';

// Driver settings (SPEC §3, §5, §7): read and edit, online at the driver's request; each answer
// (the read and the update answer the settings) is stored as the `settings` snapshot so
// /settings opens offline. The three email-notification flags are an outbox kind
// (src/outbox/kinds/updateEmailNotifications.ts): its commit's answer is stored there. The
// profile picture's bytes are kept in the blob store, since the screen cannot fetch a file with
// the bearer token.

/** A failure names the server's identifier when it gave one (the page words the current password's errors by it). */
export type SettingsOutcome = { ok: true; settings: DriverSettings } | (RpcFailure & { code?: ErrorCode });

export interface SaveSettingsInput {
  form: SettingsForm;
  /** The blob-store id of a newly chosen picture (the draft's), or null to leave it as it is. */
  pictureId: string | null;
}

/** Stores the answer, downloading the picture when it is new; a failed download leaves the old one. */
async function storeSettings(
  ctx: ProfileContext,
  session: Session,
  settings: DriverSettings,
  picture?: { bytes: ArrayBuffer; type: string },
): Promise<DriverSettings> {
  const before = await readCache<DriverSettings>(ctx.db, session, CACHE_KEYS.settings);
  const oldGuid = before?.data.profile_image_attributes?.guid ?? null;
  const image = settings.profile_image_attributes;
  if (image) {
    const id = profilePictureBlobId(image.guid);
    const stored = picture ?? ((await ctx.blobs.get(id)) ? null : await downloadPicture(ctx, image.download_urls[0], image.mime_type));
    if (stored) await ctx.blobs.put({ id, type: stored.type, bytes: stored.bytes, created_at: ctx.now() });
  }
  await writeCache(ctx.db, session, CACHE_KEYS.settings, settings, ctx.now());
  if (oldGuid && oldGuid !== image?.guid) await ctx.blobs.delete([profilePictureBlobId(oldGuid)]);
  return settings;
}

async function downloadPicture(ctx: ProfileContext, url: string | undefined, type: string): Promise<{ bytes: ArrayBuffer; type: string } | null> {
  if (!url) return null;
  try {
    const raw = await ctx.http.getRaw(url);
    return { bytes: raw.bytes, type: raw.contentType.startsWith('image/') ? raw.contentType : type };
  } catch (error) {
    ctx.log?.('profile: picture download failed', error instanceof Error ? error.message : error);
    return null;
  }
}

export async function refreshSettings(ctx: ProfileContext): Promise<SettingsOutcome> {
  const session = await ctx.session();
  if (!session) return plainFailure('NotAuthenticated');
  try {
    const before = await readCache<DriverSettings>(ctx.db, session, CACHE_KEYS.settings);
    const answer = await ctx.http.read(`GET ${PROFILE_API.driverSettings}`);
    // Stored while this read was on its way (a change's commit answered, outboxEffects.ts):
    // that copy is not older than this answer, so it stays.
    const stored = await readCache<DriverSettings>(ctx.db, session, CACHE_KEYS.settings);
    if (stored && stored.fetchedAt !== before?.fetchedAt) return { ok: true, settings: stored.data };
    return { ok: true, settings: await storeSettings(ctx, session, answer) };
  } catch (error) {
    return failureOf(error, 'FailedToRefreshDriverSettings');
  }
}

/** Errors the server answers about the current password: shown beside its field. */
const CURRENT_PASSWORD_ERRORS: ReadonlySet<string> = new Set<ErrorCode>(['CurrentPasswordRequired', 'CurrentPasswordIncorrect']);

/** failureOf, with the current password's refusals (a 429 too, when it was asked) put on its field. */
function saveFailureOf(error: unknown, askedCurrentPassword: boolean): SettingsOutcome {
  const failure = failureOf(error, 'FailedToSaveDriverSettings');
  if (!(error instanceof TransportError) || !isErrorCode(error.code)) return failure;
  const code = error.code;
  const onCurrentPassword = CURRENT_PASSWORD_ERRORS.has(code) || (code === 'TooManyRequests' && askedCurrentPassword);
  return { ...failure, code, ...(onCurrentPassword ? { field: 'current_password', detail: error.message } : {}) };
}

/**
 * update_driver_settings: a new picture is uploaded to the profile-pictures folder first (only
 * when one was chosen, SPEC §5; its blob id is the upload's Idempotency-Key, so a retry after a
 * lost answer stores it once), then the profile. Saved, the driver's draft is cleared. A new
 * password or another email than the stored settings' needs the current password (the server
 * checks it; without stored settings the server's answer says so).
 */
export async function saveSettings(ctx: ProfileContext, input: SaveSettingsInput): Promise<SettingsOutcome> {
  const session = await ctx.session();
  if (!session) return plainFailure('NotAuthenticated');
  const savedEmail = (await readCache<DriverSettings>(ctx.db, session, CACHE_KEYS.settings))?.data.email ?? input.form.email;
  const invalid = Object.entries(validateSettingsForm(input.form, savedEmail))[0];
  if (invalid) return { ...plainFailure('FailedToSaveDriverSettings', invalid[1]), field: invalid[0] };
  try {
    let picture: { bytes: ArrayBuffer; type: string } | undefined;
    let record: ImageRecord | undefined;
    if (input.pictureId) {
      const draft = await readSettingsDraft(ctx.db, session);
      const blob = await ctx.blobs.get(input.pictureId);
      if (!blob || draft?.picture?.id !== input.pictureId) {
        return { ...plainFailure('FailedToSaveDriverSettings', 'The new picture is no longer on this phone. Choose it again.'), field: 'picture' };
      }
      picture = { bytes: blob.bytes, type: blob.type };
      record = await uploadImage(
        ctx.http,
        { id: input.pictureId, extension: draft.picture.extension, type: blob.type, bytes: blob.bytes },
        PROFILE_PICTURES_FOLDER,
      );
    }
    const answer = await ctx.http.call(`POST ${PROFILE_API.updateDriverSettings}`, parseSettingsBody(input.form, record), {
      idempotencyKey: crypto.randomUUID(),
    });
    const settings = await storeSettings(ctx, session, answer, picture);
    await clearSettingsDraft(ctx.db, ctx.blobs, session);
    return { ok: true, settings };
  } catch (error) {
    return saveFailureOf(error, needsCurrentPassword(input.form, savedEmail));
  }
}
