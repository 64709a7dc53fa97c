import { describe, expect, it } from 'vitest';
import { encodeWithin, fitWithin, JPEG_QUALITIES, MAX_PHOTO_BYTES, outputTypeOf, type Render } from '../../src/workers/compressPhoto';

describe('photo compression sizing', () => {
  it('keeps small photos as they are', () => {
    expect(fitWithin(1280, 960, 1920)).toEqual({ width: 1280, height: 960 });
  });
  it('scales the long edge down to the limit, keeping the aspect ratio', () => {
    expect(fitWithin(4032, 3024, 1920)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(3024, 4032, 1920)).toEqual({ width: 1440, height: 1920 });
  });
  it('keeps PNG as PNG and re-encodes everything else as JPEG', () => {
    expect(outputTypeOf('image/png')).toBe('image/png');
    expect(outputTypeOf('image/jpeg')).toBe('image/jpeg');
  });
});

/** A surface whose JPEG size follows quality and area, like a camera photo's does. */
function fakeRender(bytesPerPixelAtFull: number, pngBytes: number) {
  const calls: string[] = [];
  const render: Render = (width, height) => ({
    context: { drawImage: () => undefined, fillStyle: '', fillRect: () => undefined },
    encode: (as, quality) => {
      calls.push(`${as}@${width}x${height}q${quality}`);
      const size = as === 'image/png' ? pngBytes : Math.round(width * height * bytesPerPixelAtFull * quality);
      // Only the size is read. Real bytes of "a photo that never fits" were ~110 MB per encode,
      // and that test timed out in a full run (6.6 s) under load.
      return Promise.resolve(Object.defineProperty(new Blob(), 'size', { value: size }));
    },
  });
  return { render, calls };
}

describe('photo compression within the byte budget', () => {
  it('keeps the first quality when it fits', async () => {
    const { render, calls } = fakeRender(0.1, 0);
    const out = await encodeWithin(1920, 1440, 'image/jpeg', MAX_PHOTO_BYTES, render);
    expect(out).toMatchObject({ type: 'image/jpeg', width: 1920, height: 1440 });
    expect(calls).toEqual([`image/jpeg@1920x1440q${JPEG_QUALITIES[0]}`]);
  });

  it('lowers the quality, then the size, until the photo is at most 400 KB', async () => {
    const { render } = fakeRender(0.4, 0); // q0.82 at 1920x1440 ≈ 907 KB, like a busy 12 MP scene
    const out = await encodeWithin(1920, 1440, 'image/jpeg', MAX_PHOTO_BYTES, render);
    expect(out.blob.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(1920);
    const { render: heavy } = fakeRender(2, 0);
    const small = await encodeWithin(1920, 1440, 'image/jpeg', MAX_PHOTO_BYTES, heavy);
    expect(small.blob.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    expect(small.width).toBeLessThan(1920);
    expect(small.width / small.height).toBeCloseTo(4 / 3, 1);
  });

  it('keeps a PNG that fits, and turns one that does not into a JPEG', async () => {
    const fits = await encodeWithin(800, 600, 'image/png', MAX_PHOTO_BYTES, fakeRender(0.1, 100_000).render);
    expect(fits.type).toBe('image/png');
    const big = await encodeWithin(1920, 1080, 'image/png', MAX_PHOTO_BYTES, fakeRender(0.1, 3_000_000).render);
    expect(big.type).toBe('image/jpeg');
    expect(big.blob.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
  });

  it('stops shrinking at 640 px for a photo that never fits', async () => {
    const { render } = fakeRender(50, 0);
    const out = await encodeWithin(1920, 1440, 'image/jpeg', MAX_PHOTO_BYTES, render);
    expect(Math.max(out.width, out.height)).toBe(640);
  });
});
