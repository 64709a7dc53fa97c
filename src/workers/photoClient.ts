import * as Comlink from 'comlink';
import { MAX_IMAGE_EDGE_PX } from '../domain';
import { compressPhoto, domSurface, type CompressedPhoto } from './compressPhoto';
import type { PhotoWorkerApi } from './photo.worker';

// The page's entry to photo compression: the worker when the browser has OffscreenCanvas,
// the main thread's canvas otherwise (or if the worker fails on this device).
let remote: Comlink.Remote<PhotoWorkerApi> | null = null;

function photoWorker(): Comlink.Remote<PhotoWorkerApi> {
  remote ??= Comlink.wrap<PhotoWorkerApi>(new Worker(new URL('./photo.worker.ts', import.meta.url), { type: 'module', name: 'photo' }));
  return remote;
}

export async function compressPhotoFile(file: Blob, maxEdge: number = MAX_IMAGE_EDGE_PX): Promise<CompressedPhoto> {
  if (typeof OffscreenCanvas !== 'undefined' && typeof Worker !== 'undefined') {
    try {
      return await photoWorker().compress(file, maxEdge);
    } catch (error) {
      console.warn('photo worker failed, compressing on the main thread', error);
    }
  }
  return compressPhoto(file, maxEdge, domSurface);
}
