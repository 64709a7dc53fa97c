// Photo compression (DESIGN §4): long edge ≤ MAX_IMAGE_EDGE_PX and re-encoded, which also
// drops EXIF/GPS metadata (a canvas keeps only pixels). PNG stays PNG (screenshots,
// diagrams); everything else becomes JPEG. Runs in photo.worker.ts on an OffscreenCanvas,
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
  context: { drawImage(image: ImageBitmap, dx: number, dy: number, dw: number, dh: number): void; fillStyle: unknown; fillRect(x: number, y: number, w: number, h: number): void };
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

export async function compressPhoto(input: Blob, maxEdge: number, makeSurface: SurfaceFactory): Promise<CompressedPhoto> {
  // Honour the camera's EXIF orientation before the metadata is dropped.
  const bitmap = await createImageBitmap(input, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const type = outputTypeOf(input.type);
    const surface = makeSurface(width, height);
    if (type === 'image/jpeg') {
      // JPEG has no alpha: paint white under a transparent source instead of black.
      surface.context.fillStyle = '#ffffff';
      surface.context.fillRect(0, 0, width, height);
    }
    surface.context.drawImage(bitmap, 0, 0, width, height);
    const blob = await surface.encode(type, JPEG_QUALITY);
    return { bytes: await blob.arrayBuffer(), type, width, height };
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
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Canvas encoding failed'))), type, quality),
      ),
  };
};
