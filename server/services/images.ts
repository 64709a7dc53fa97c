// Image checks for uploads: the bytes must be JPEG or PNG by their magic numbers (never by
// the file name), and sharp must decode them. Re-encoding drops every metadata block
// (EXIF with GPS, XMP, ICC comments) because sharp keeps none unless asked.
// Decodes are few at a time per instance (issue 20: a 190 KB PNG of 7,700×7,700 is ~59
// megapixels; 8 parallel uploads of 5 such decoded at once took the server from ~0.5 to
// ~1.3 GB): createImageCleaner queues them through one gate (the password hashes' gate,
// auth/hashGate.ts, with no queue limit: the requests waiting are bounded per account upstream).
import sharp from 'sharp';
import { createHashGate } from '../auth/hashGate';
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

export interface ImageDecodingOptions {
  /** Images decoded and re-encoded at once in this process (default 1: the other core stays with the event loop and PGlite). */
  concurrency?: number;
  /** Called as each decode starts, with the number running now (this one included); awaited (tests hold decodes with it). */
  onDecode?: (running: number) => void | Promise<void>;
}

export interface ImageCleaner {
  /** cleanImage, waiting for a decode slot first. */
  clean(input: Buffer): Promise<CleanImage>;
}

export function createImageCleaner(opts: ImageDecodingOptions = {}): ImageCleaner {
  const gate = createHashGate({ concurrency: opts.concurrency ?? 1, queue: Number.POSITIVE_INFINITY });
  let running = 0;
  return {
    clean: (input) =>
      gate.run(async () => {
        running += 1;
        try {
          await opts.onDecode?.(running);
          return await cleanImage(input);
        } finally {
          running -= 1;
        }
      }),
  };
}

/** Checks and re-encodes one upload; a 400 WrongImageExtension when it is not a usable image. Not gated: call through an ImageCleaner. */
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
