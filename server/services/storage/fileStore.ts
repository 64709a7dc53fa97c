// Where stored files live (issue 9, scale-out): uploads (photos, signatures, checks, profile
// pictures) and delivery certificate PDFs. Their rows (`uploads`, `delivery_certificates`)
// always hold the metadata and the company; the bytes are either in the row's `bytes` column
// (the database store, the default and the behaviour before object storage existed) or in an
// object store (S3-compatible, `S3_*`), the row's `bytes` then empty. Either way every
// instance on the same database sees the same files. A row that kept its bytes is served from
// the row whatever the store, so files written before S3 was configured stay readable.
import type { Readable } from 'node:stream';

/** `partial-uploads`: the parts of a resumable upload still arriving (services/tusStore.ts). */
export type FileArea = 'uploads' | 'certificates' | 'partial-uploads';

/** One stored file: its area, its company and its name (`<guid>.<extension>`). */
export interface FileRef {
  area: FileArea;
  companyId: number;
  name: string;
}

export interface StoredObject {
  body: Readable;
  /** Bytes, when the store said. */
  size: number | undefined;
}

/** A byte store keyed by text (the S3 one; tests may bring their own). */
export interface ObjectStore {
  /** For logs and errors: "s3://bucket/prefix at endpoint". */
  readonly description: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Throws a clear Error when the store cannot be used (startup check). */
  check(): Promise<void>;
}

/** The store could not be reached or refused the operation: a server-side failure (503), never the client's. */
export class FileStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileStoreUnavailable';
  }
}

export interface FileStore {
  readonly kind: 'database' | 'object';
  /** Stores the file; answers what the row's `bytes` column keeps (the bytes, or empty when the object store has them). */
  save(ref: FileRef, bytes: Buffer, contentType: string): Promise<Buffer>;
  /** The file of a row: the row's bytes when it kept them, else the object; null when missing. */
  open(ref: FileRef, rowBytes: Buffer): Promise<Buffer | StoredObject | null>;
  /** open(), read whole (certificate rendering needs the photos' bytes). */
  read(ref: FileRef, rowBytes: Buffer): Promise<Buffer | null>;
  /** Removes a file saved for a row that was never written (best effort; the database store has nothing to remove). */
  discard(ref: FileRef): Promise<void>;
  check(): Promise<void>;
}

export function objectKeyOf(ref: FileRef): string {
  return `${ref.area}/${ref.companyId}/${ref.name}`;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The default: bytes in the database rows (one PostgreSQL shared by every instance, or PGlite). */
export function databaseFileStore(): FileStore {
  return {
    kind: 'database',
    save: (_ref, bytes) => Promise.resolve(bytes),
    // An empty row was written while an object store was configured: without it the file is gone.
    open: (_ref, rowBytes) => Promise.resolve(rowBytes.length > 0 ? rowBytes : null),
    read: (_ref, rowBytes) => Promise.resolve(rowBytes.length > 0 ? rowBytes : null),
    discard: () => Promise.resolve(),
    check: () => Promise.resolve(),
  };
}

/** Bytes in an object store; rows keep none. */
export function objectFileStore(store: ObjectStore): FileStore {
  const open = async (ref: FileRef, rowBytes: Buffer): Promise<Buffer | StoredObject | null> => (rowBytes.length > 0 ? rowBytes : store.get(objectKeyOf(ref)));
  return {
    kind: 'object',
    async save(ref, bytes, contentType) {
      if (bytes.length === 0) throw new Error('a stored file is never empty'); // empty means "in the object store"
      await store.put(objectKeyOf(ref), bytes, contentType);
      return Buffer.alloc(0);
    },
    open,
    async read(ref, rowBytes) {
      const found = await open(ref, rowBytes);
      if (found === null || Buffer.isBuffer(found)) return found;
      try {
        return await readAll(found.body);
      } catch (err) {
        throw new FileStoreUnavailable(`reading ${objectKeyOf(ref)} from ${store.description} failed`, { cause: err });
      }
    },
    async discard(ref) {
      await store.delete(objectKeyOf(ref)).catch(() => undefined);
    },
    check: () => store.check(),
  };
}
