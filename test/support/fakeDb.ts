import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { enableDevMode, openBlobStore, openDatabase, type BlobStore, type DriverDatabase } from '../../src/db';

/**
 * A fresh in-memory IndexedDB per call. Returns a function that opens PWADB in it again,
 * as a second realm (the worker) or after a "crash" would.
 */
export function freshIndexedDB(): { factory: IDBFactory; open(): Promise<DriverDatabase>; blobs(): Promise<BlobStore> } {
  const factory = new IDBFactory();
  return {
    factory,
    open: async () => openDatabase({ indexedDB: factory, IDBKeyRange, ignoreDuplicate: true, wrapStorage: await enableDevMode() }),
    blobs: () => openBlobStore({ indexedDB: factory }),
  };
}
