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
