import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openBlobStore, type BlobStore } from '../../src/db/blobStore';
import { openDatabase, type DriverDatabase } from '../../src/db/database';

// The page's PWADB for a component test file, as `vi.mock('../../src/db/browserDatabase', () =>
// import('../support/uiDatabase'))`: a real PWADB in a fake IndexedDB of the file's own, one per
// file (RxDB's open-source build allows 13 collections at once), without RxDB's dev-mode (in a
// DOM it loads a page from the internet). Its own name keeps other test runs out (fakeDb.ts).
const indexedDB = new IDBFactory();
const name = `pwadb${Math.random().toString(16).slice(2)}`;
let database: Promise<DriverDatabase> | null = null;
let blobStore: Promise<BlobStore> | null = null;

export function getDatabase(): Promise<DriverDatabase> {
  database ??= openDatabase({ name, indexedDB, IDBKeyRange });
  return database;
}

export function getBlobStore(): Promise<BlobStore> {
  blobStore ??= openBlobStore({ indexedDB });
  return blobStore;
}

/** Closes the file's PWADB if it was opened (test/support/freshModules.ts, after the file). */
export async function closeDatabase(): Promise<void> {
  const open = database;
  database = null;
  if (open) await (await open).close();
}
