// The bytes the fleet's phones send: one photo as the app's photo worker leaves it (a long edge
// of 1920 px, JPEG at the worker's quality: ~300 KB, BENCHMARKS.md) and one signature PNG as the
// signature pad draws it. Every delivery sends these same bytes under new image ids.
import sharp from 'sharp';
import { JPEG_QUALITY } from '../../src/workers/compressPhoto';
import { cameraLikeJpeg } from '../../test/support/images';
import type { FleetImages } from './driverDelivery';

const bytesOf = (buffer: Buffer): ArrayBuffer => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

const SIGNATURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#ffffff"/>
  <path d="M 30 120 C 70 40, 90 170, 130 100 C 170 30, 200 180, 250 110 C 300 50, 330 160, 380 95 C 430 40, 470 170, 560 100"
    fill="none" stroke="#1b2a4a" stroke-width="4" stroke-linecap="round"/></svg>`;

/** `longEdgePx`: the photo's long edge (4:3); tests use a small one to keep the server's re-encoding cheap. */
export async function fleetImages(longEdgePx = 1920): Promise<FleetImages> {
  const width = Math.max(16, Math.round(longEdgePx));
  const height = Math.max(12, Math.round((width * 3) / 4));
  const photo = await cameraLikeJpeg(width, height, Math.round(JPEG_QUALITY * 100));
  const signature = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  return { photo: { bytes: bytesOf(photo), width, height }, signature: { bytes: bytesOf(signature), width: 600, height: 200 } };
}
