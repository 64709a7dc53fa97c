import { map, type Observable } from 'rxjs';
import type { SettingsForm } from '../domain';
import type { BlobStore } from './blobStore';
import type { DriverDatabase } from './database';
import { watchLocal } from './watchLocal';
import { driverKey } from './driverScope';
import type { Session } from './localState';

// What the driver typed on /settings/edit, kept as an RxDB local document per company and
// driver until it is saved, so going offline, a reload or the phone killing the tab loses
// nothing. The passwords (the new one and the current one) are deliberately not part of it: a
// password is never written to the phone's storage (it lives in the form's memory only, like a
// card number).

export type SettingsDraftFields = Omit<SettingsForm, 'password' | 'current_password'>;

/** A new profile picture, compressed, its bytes in the blob store under `id`. */
export interface DraftPicture {
  id: string;
  type: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
}

export interface SettingsDraft {
  fields: SettingsDraftFields;
  picture: DraftPicture | null;
  updated_at: string;
}

function draftId(session: Session): string {
  return `settings-draft:${driverKey(session.claims)}`;
}

export function settingsDraft$(db: DriverDatabase, session: Session): Observable<SettingsDraft | null> {
  return watchLocal<SettingsDraft>(db, draftId(session)).pipe(map((doc) => (doc ? (doc.toJSON().data as SettingsDraft) : null)));
}

export async function readSettingsDraft(db: DriverDatabase, session: Session): Promise<SettingsDraft | null> {
  const doc = await db.getLocal<SettingsDraft>(draftId(session));
  return doc ? doc.toJSON().data : null;
}

export async function writeSettingsDraft(db: DriverDatabase, session: Session, draft: SettingsDraft): Promise<void> {
  await db.upsertLocal<SettingsDraft>(draftId(session), draft);
}

/** Saved or discarded: the draft goes, and with it the bytes of a picture it held. */
export async function clearSettingsDraft(db: DriverDatabase, blobs: BlobStore, session: Session): Promise<void> {
  const doc = await db.getLocal<SettingsDraft>(draftId(session));
  if (!doc) return;
  const picture = (doc.toJSON().data as SettingsDraft).picture;
  await doc.remove();
  if (picture) await blobs.delete([picture.id]);
}

/** The blob-store id of a downloaded profile picture (the screens show it offline). */
export function profilePictureBlobId(guid: string): string {
  return `profile-picture:${guid}`;
}
