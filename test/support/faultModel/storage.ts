// A phone whose storage is full: every IndexedDB write fails the way a browser's does — the
// write's request errors with a QuotaExceededError DOMException and its transaction aborts with
// that error (IndexedDB 3.0 §5.5, "storing a record" failing) — while reads go on. fake-indexeddb
// binds the store's record-writing step when put/add is called and runs it in the transaction
// later; while the storage is full that step throws, so the failure takes the real path
// (request error event, transaction abort, Dexie and RxDB error handling above it).
import { IDBObjectStore } from 'fake-indexeddb';

interface RawStore {
  storeRecord: (...args: unknown[]) => unknown;
}

export interface Storage {
  full: boolean;
}

const storage: Storage = { full: false };
let installed = false;

/** The process's fake IndexedDB with the storage switch (installed once; off until set). */
export function phoneStorage(): Storage {
  if (installed) return storage;
  installed = true;
  type Write = (this: IDBObjectStore, value: unknown, key?: IDBValidKey) => IDBRequest;
  const proto = IDBObjectStore.prototype as unknown as Record<'put' | 'add', Write>;
  for (const method of ['put', 'add'] as const) {
    const original = proto[method];
    proto[method] = function (this: IDBObjectStore, ...args: Parameters<Write>) {
      if (!storage.full) return original.apply(this, args);
      const raw = (this as unknown as { _rawObjectStore: RawStore })._rawObjectStore;
      const storeRecord = raw.storeRecord;
      raw.storeRecord = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      try {
        return original.apply(this, args);
      } finally {
        raw.storeRecord = storeRecord;
      }
    };
  }
  return storage;
}
