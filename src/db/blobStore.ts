// Photos, signatures and check images live here as bytes, never as data URLs in a synced
// document. Plain IndexedDB so the page and the sync worker can both read them; bytes
// (not Blob) because every IndexedDB implementation clones an ArrayBuffer.

export interface StoredBlob {
  id: string;
  type: string;
  bytes: ArrayBuffer;
  created_at: string;
}

export interface BlobStore {
  put(blob: StoredBlob): Promise<void>;
  get(id: string): Promise<StoredBlob | null>;
  delete(ids: readonly string[]): Promise<void>;
  keys(): Promise<string[]>;
  close(): void;
}

const STORE = 'blobs';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export async function openBlobStore(opts: { name?: string; indexedDB?: IDBFactory } = {}): Promise<BlobStore> {
  const factory = opts.indexedDB ?? indexedDB;
  const open = factory.open(opts.name ?? 'PWADB-blobs', 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  const idb = await request(open);
  return {
    async put(blob) {
      const tx = idb.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(blob);
      await done(tx);
    },
    async get(id) {
      const found = (await request(idb.transaction(STORE).objectStore(STORE).get(id))) as StoredBlob | undefined;
      return found ?? null;
    },
    async delete(ids) {
      if (!ids.length) return;
      const tx = idb.transaction(STORE, 'readwrite');
      for (const id of ids) tx.objectStore(STORE).delete(id);
      await done(tx);
    },
    async keys() {
      return (await request(idb.transaction(STORE).objectStore(STORE).getAllKeys())).map(String);
    },
    close() {
      idb.close();
    },
  };
}
