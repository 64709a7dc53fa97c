import { openBlobStore, type BlobStore } from './blobStore';
import { enableDevMode, openDatabase, type DriverDatabase } from './database';

// One PWADB instance per realm (page or worker), opened lazily and shared.
let database: Promise<DriverDatabase> | null = null;
let blobStore: Promise<BlobStore> | null = null;

export function getDatabase(): Promise<DriverDatabase> {
  database ??= import.meta.env.DEV ? enableDevMode().then((wrapStorage) => openDatabase({ wrapStorage })) : openDatabase();
  return database;
}

export function getBlobStore(): Promise<BlobStore> {
  blobStore ??= openBlobStore();
  return blobStore;
}
