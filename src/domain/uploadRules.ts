// SPEC §5 "Images" and §8 "Uploads": what an upload says about itself, and the words of its
// failure. The server's upload route runs `uploadRefusal` on the request's headers; the worker
// sends what it needs (src/replication/steps/upload.ts) and words a failed upload with
// `uploadFailedText`.
import { IMAGE_TYPES, UPLOAD_FOLDERS, type ImageType, type UploadFolder } from './enums';
import type { ErrorCode } from './errors';
import { MAX_ID } from './ids';

/** The image type of an upload (BuildingImage, Signature, Check, ProfileImage). */
export const PHOTO_TYPE_HEADER = 'x-photo-type';
/** The order an upload belongs to (its id; every type but ProfileImage needs one). */
export const ORDER_ID_HEADER = 'x-order-id';

/** The one image type each folder holds (SPEC §7: delivery, signature and check folders, profile pictures). */
export const IMAGE_TYPE_OF_FOLDER: Record<UploadFolder, ImageType> = {
  '/deliver-customer-order/delivery': 'BuildingImage',
  '/deliver-customer-order/signature': 'Signature',
  '/deliver-customer-order/check': 'Check',
  '/deliver-onlot-inventory-order/delivery': 'BuildingImage',
  '/deliver-inventory-move-order/delivery': 'BuildingImage',
  '/profile-pictures': 'ProfileImage',
};

const IMAGE_TYPE_WORD: Record<ImageType, string> = { BuildingImage: 'building', Signature: 'signature', Check: 'check', ProfileImage: 'profile' };

/** SPEC §8: "Request to upload {image type} image failed", e.g. "Request to upload signature image failed". */
export function uploadFailedText(type: ImageType): string {
  return `Request to upload ${IMAGE_TYPE_WORD[type]} image failed`;
}

const isFolder = (value: unknown): value is UploadFolder => typeof value === 'string' && (UPLOAD_FOLDERS as readonly string[]).includes(value);
const isImageType = (value: unknown): value is ImageType => typeof value === 'string' && (IMAGE_TYPES as readonly string[]).includes(value);
const isOrderId = (value: unknown): boolean => typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value.trim()) && Number(value) <= MAX_ID;

/** An upload request's own words about itself: its headers as they came (undefined when absent). */
export interface UploadHeaders {
  folder: unknown;
  photoType: unknown;
  orderId: unknown;
}

/**
 * SPEC §5 Images: the folder must be one we store to (BucketToUploadPhoto); the photo type must
 * be set (NoPhotoTypeSet) and go to that folder (BucketToUploadPhoto: that type has no
 * destination there); every type but a profile image names its order (NoOrderIdFound).
 * A request naming neither a photo type nor an order is a build from before these headers,
 * still queued on some phone: its folder says its type (each folder holds one), as before.
 */
export function uploadRefusal(headers: UploadHeaders): ErrorCode | null {
  if (!isFolder(headers.folder)) return 'BucketToUploadPhoto';
  if (headers.photoType === undefined && headers.orderId === undefined) return null;
  if (!isImageType(headers.photoType)) return 'NoPhotoTypeSet';
  if (IMAGE_TYPE_OF_FOLDER[headers.folder] !== headers.photoType) return 'BucketToUploadPhoto';
  if (headers.photoType !== 'ProfileImage' && !isOrderId(headers.orderId)) return 'NoOrderIdFound';
  return null;
}

/**
 * Resumable uploads (the tus protocol, issue 23): the same upload, sent in chunks a cut link
 * resumes from the server's offset. The upload's id is the image's id (its Upload-Metadata
 * `id`), so its URL is `${TUS_UPLOAD_PATH}/${image id}`; each request carries the headers of
 * POST /upload (folder, photo type, order).
 */
export const TUS_UPLOAD_PATH = '/upload/tus';
/** A finished upload's answer ([{path, mimetype}], what POST /upload answers), as JSON, on its last PATCH and on any HEAD after it. */
export const UPLOAD_RESULT_HEADER = 'upload-result';
/** The bytes of one PATCH: 8 s at 64 kbit/s, so a cut loses little and each chunk shows progress. */
export const TUS_CHUNK_BYTES = 64 * 1024;
/** What an upload's id may be (the phone's image ids are UUIDs). */
export const TUS_UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;
