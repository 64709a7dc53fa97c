// Photo compression (DESIGN §4): long edge ≤ MAX_IMAGE_EDGE_PX, at most MAX_PHOTO_BYTES, and
// re-encoded, which also drops EXIF/GPS metadata (a canvas keeps only pixels). PNG stays PNG
// (screenshots, diagrams) while it fits; everything else becomes JPEG. Runs in photo.worker.ts on an OffscreenCanvas,
// or on the main thread's canvas where OffscreenCanvas is missing.

export type PhotoType = 'image/jpeg' | 'image/png';

export interface CompressedPhoto {
  bytes: ArrayBuffer;
  type: PhotoType;
  width: number;
  height: number;
}

export const JPEG_QUALITY = 0.82;

/** Something to draw on and encode: an OffscreenCanvas or an HTMLCanvasElement. */
export interface Surface {
  context: {
    drawImage(image: ImageBitmap, dx: number, dy: number, dw: number, dh: number): void;
    fillStyle: unknown;
    fillRect(x: number, y: number, w: number, h: number): void;
  };
  encode(type: PhotoType, quality: number): Promise<Blob>;
}

export type SurfaceFactory = (width: number, height: number) => Surface;

/** Scales (width, height) down so the long edge is at most maxEdge; never scales up. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge) return { width, height };
  const ratio = maxEdge / longEdge;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export function outputTypeOf(inputType: string): PhotoType {
  return inputType === 'image/png' ? 'image/png' : 'image/jpeg';
}

/** What one photo may weigh after compression (issue budget: a phone on one bar of signal). */
export const MAX_PHOTO_BYTES = 400 * 1024;
/** JPEG qualities tried in turn until the photo fits; below the last, the photo gets smaller instead. */
export const JPEG_QUALITIES = [JPEG_QUALITY, 0.7, 0.58, 0.46] as const;
/** Each further try shrinks the long edge by this much, down to MIN_EDGE_PX. */
const SHRINK = 0.8;
const MIN_EDGE_PX = 640;

/** Draws the photo at (width, height) for `type` (a white background under JPEG). */
export type Render = (width: number, height: number, type: PhotoType) => Surface;

/**
 * Encodes within `maxBytes`: PNG as it is when it fits, else JPEG at falling quality, then
 * at a smaller size; a photo that never fits (pure noise) is sent at the smallest try.
 */
export async function encodeWithin(
  width: number,
  height: number,
  inputType: PhotoType,
  maxBytes: number,
  render: Render,
): Promise<{ blob: Blob; type: PhotoType; width: number; height: number }> {
  if (inputType === 'image/png') {
    const png = await render(width, height, 'image/png').encode('image/png', 1);
    if (png.size <= maxBytes) return { blob: png, type: 'image/png', width, height };
  }
  let size = { width, height };
  for (;;) {
    const surface = render(size.width, size.height, 'image/jpeg');
    let blob: Blob | null = null;
    for (const quality of JPEG_QUALITIES) {
      blob = await surface.encode('image/jpeg', quality);
      if (blob.size <= maxBytes) return { blob, type: 'image/jpeg', ...size };
    }
    const longEdge = Math.max(size.width, size.height);
    if (!blob || longEdge <= MIN_EDGE_PX) return { blob: blob ?? (await surface.encode('image/jpeg', 0.46)), type: 'image/jpeg', ...size };
    size = fitWithin(size.width, size.height, Math.max(MIN_EDGE_PX, Math.floor(longEdge * SHRINK)));
  }
}

export async function compressPhoto(input: Blob, maxEdge: number, makeSurface: SurfaceFactory, maxBytes = MAX_PHOTO_BYTES): Promise<CompressedPhoto> {
  // Honour the camera's EXIF orientation before the metadata is dropped.
  const bitmap = await createImageBitmap(input, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const render: Render = (w, h, type) => {
      const surface = makeSurface(w, h);
      if (type === 'image/jpeg') {
        // JPEG has no alpha: paint white under a transparent source instead of black.
        surface.context.fillStyle = '#ffffff';
        surface.context.fillRect(0, 0, w, h);
      }
      surface.context.drawImage(bitmap, 0, 0, w, h);
      return surface;
    };
    const out = await encodeWithin(width, height, outputTypeOf(input.type), maxBytes, render);
    return { bytes: await out.blob.arrayBuffer(), type: out.type, width: out.width, height: out.height };
  } finally {
    bitmap.close();
  }
}

export const offscreenSurface: SurfaceFactory = (width, height) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('OffscreenCanvas 2d context unavailable');
  return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }) };
};

export const domSurface: SurfaceFactory = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2d context unavailable');
  return {
    context,
    encode: (type, quality) =>
      new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Canvas encoding failed'))), type, quality)),
  };
};
