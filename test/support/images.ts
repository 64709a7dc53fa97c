import sharp from 'sharp';

/** A real JPEG of the given size with a colour that makes each photo's bytes distinct. */
export async function makeJpeg(seed: number, width = 64, height = 48): Promise<ArrayBuffer> {
  const buf = await sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

/**
 * A camera-like JPEG: smooth light and shade with the grain of a phone sensor (harder to
 * compress than a flat test card). 4000×3000 at quality 92 is a 12 MP camera's file; 1920×1440
 * at 82 is what the app's photo worker leaves of it (~300 KB, BENCHMARKS.md).
 */
export async function cameraLikeJpeg(width = 4000, height = 3000, quality = 92): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 25) - 12;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const shade = 128 + 60 * Math.sin(x / 180) * Math.cos(y / 140) + 40 * Math.sin((x + y) / 37);
      pixels[i] = Math.max(0, Math.min(255, shade + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, shade * 0.9 + 20 + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, shade * 0.7 + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
