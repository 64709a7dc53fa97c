// Image checks for uploads: the bytes must be JPEG or PNG by their magic numbers (never by
// the file name), and sharp must decode them. Re-encoding drops every metadata block
// (EXIF with GPS, XMP, ICC comments) because sharp keeps none unless asked.
import sharp from 'sharp';
import { HttpError } from '../http/errors';

export type ImageKind = { mime: 'image/jpeg'; extension: 'jpg' } | { mime: 'image/png'; extension: 'png' };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Bounds decompression bombs: a 15 MB PNG could otherwise inflate to gigabytes.
const MAX_INPUT_PIXELS = 60_000_000;

export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return { mime: 'image/png', extension: 'png' };
  return null;
}

export interface CleanImage {
  kind: ImageKind;
  bytes: Buffer;
  width: number;
  height: number;
}

/** Checks and re-encodes one upload; a 400 WrongImageExtension when it is not a usable image. */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  const kind = sniffImage(input);
  if (!kind) throw new HttpError(400, 'WrongImageExtension');
  try {
    // rotate() bakes the EXIF orientation into the pixels before the EXIF is dropped.
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const encoded = kind.mime === 'image/jpeg' ? pipeline.jpeg({ quality: 85 }) : pipeline.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { kind, bytes: data, width: info.width, height: info.height };
  } catch {
    throw new HttpError(400, 'WrongImageExtension', 'The image could not be read as a jpg or png');
  }
}
