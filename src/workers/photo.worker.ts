import * as Comlink from 'comlink';
import { compressPhoto, offscreenSurface, type CompressedPhoto } from './compressPhoto';

// Decoding and re-encoding a 12-megapixel camera photo takes long enough to freeze the
// page, so it happens here. The bytes are transferred back, not copied.
const api = {
  async compress(input: Blob, maxEdge: number): Promise<CompressedPhoto> {
    const result = await compressPhoto(input, maxEdge, offscreenSurface);
    return Comlink.transfer(result, [result.bytes]);
  },
};

export type PhotoWorkerApi = typeof api;

Comlink.expose(api);
