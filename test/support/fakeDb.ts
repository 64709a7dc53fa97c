import { randomBytes } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DATABASE_NAME, enableDevMode, openBlobStore, openDatabase, type BlobStore, type DriverDatabase } from '../../src/db';

/**
 * A fresh in-memory IndexedDB per call. Returns a function that opens PWADB in it again,
 * as a second realm (the worker) or after a "crash" would.
 *
 * The database gets a name of its own: in Node, RxDB's multi-instance events go through
 * broadcast-channel's node method (files and sockets under os.tmpdir()/pubkey.bc), which
 * reaches every process on the machine. With the one name `pwadb`, concurrent test runs (and
 * other phones of the same run) received each other's writes, e.g. another server's token.
 * Instances opened from the same fake IndexedDB still share the name, so they still hear
 * each other (the page and the worker).
 */
export function freshIndexedDB(
  /** `fast`: one realm only, and no dev-mode checks unless this worker turned them on already (the replay tool, which opens one engine at a time). */
  opts: { fast?: boolean } = {},
): { factory: IDBFactory; name: string; open(): Promise<DriverDatabase>; blobs(): Promise<BlobStore> } {
  const factory = new IDBFactory();
  const name = `${DATABASE_NAME}${randomBytes(8).toString('hex')}`;
  return {
    factory,
    name,
    open: async () =>
      openDatabase({
        name,
        indexedDB: factory,
        IDBKeyRange,
        ...(opts.fast ? { multiInstance: false } : { ignoreDuplicate: true, wrapStorage: await enableDevMode() }),
      }),
    blobs: () => openBlobStore({ indexedDB: factory }),
  };
}
