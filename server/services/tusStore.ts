// The tus DataStore of resumable uploads (routes/tusUpload.ts): the upload's row in the
// database, its bytes as parts through the file store the multipart route uses (in the part's
// row, or in the object store under partial-uploads/<company>/<id>.<offset>), so every instance
// on the database can resume any upload. A part is what one PATCH delivered, even when the
// link was cut mid-body: the bytes that arrived count, and the phone resumes after them.
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Db } from '../db/client';
import {
  deleteTusPart,
  deleteTusUpload,
  findTusUpload,
  insertTusPart,
  insertTusUpload,
  lockTusUpload,
  tusParts,
  type TusPartRow,
} from '../repositories/tusUploads';
import type { FileRef, FileStore } from './storage/fileStore';

/** What the server sets in an upload's metadata at creation (routes/tusUpload.ts onUploadCreate): whose it is and where it goes. */
export interface UploadScope {
  companyId: number;
  accountId: number;
  folder: string;
  photoType: string | null;
  orderRef: string | null;
}

const SCOPE_KEYS = ['company_id', 'account_id', 'folder', 'photo_type', 'order_id'] as const;

/** The client's metadata with the server's scope over it (a client cannot name another owner). */
export function withScope(metadata: Upload['metadata'], scope: UploadScope): Record<string, string | null> {
  const own = Object.fromEntries(Object.entries(metadata ?? {}).filter(([key]) => !(SCOPE_KEYS as readonly string[]).includes(key)));
  return {
    ...own,
    company_id: String(scope.companyId),
    account_id: String(scope.accountId),
    folder: scope.folder,
    photo_type: scope.photoType,
    order_id: scope.orderRef,
  };
}

function scopeOf(metadata: Upload['metadata']): UploadScope {
  const m = metadata ?? {};
  const companyId = Number(m.company_id);
  const accountId = Number(m.account_id);
  if (!Number.isInteger(companyId) || !Number.isInteger(accountId) || !m.folder) throw new Error('an upload is created only with its scope');
  return { companyId, accountId, folder: m.folder, photoType: m.photo_type ?? null, orderRef: m.order_id ?? null };
}

export const partRef = (companyId: number, part: Pick<TusPartRow, 'uploadId' | 'startOffset'>): FileRef => ({
  area: 'partial-uploads',
  companyId,
  name: `${part.uploadId}.${part.startOffset}`,
});

/** Reads a body whole; a body cut short answers what arrived and the error. */
async function drain(stream: Readable): Promise<{ bytes: Buffer; error: unknown }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return { bytes: Buffer.concat(chunks), error: null };
  } catch (error) {
    return { bytes: Buffer.concat(chunks), error: error ?? new Error('the body was cut') };
  }
}

export class ResumableStore extends DataStore {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {
    super();
    this.extensions = ['creation'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const scope = scopeOf(upload.metadata);
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH; // creation-defer-length is not offered
    const { company_id: _c, account_id: _a, folder: _f, photo_type: _p, order_id: _o, ...own } = upload.metadata ?? {};
    await insertTusUpload(this.db, { id: upload.id, ...scope, size: upload.size, metadata: own });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await findTusUpload(this.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({ id, size: row.size, offset: row.offset, metadata: row.metadata, creation_date: row.createdAt.toISOString() });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { bytes, error } = await drain(stream);
    if (bytes.length > 0) await this.addPart(id, offset, bytes);
    if (error) throw error;
    return offset + bytes.length;
  }

  /** Adds the part at `offset`, which must be the upload's offset now (409 otherwise, nothing written). */
  private async addPart(id: string, offset: number, bytes: Buffer): Promise<void> {
    const upload = await findTusUpload(this.db, id);
    if (!upload) throw ERRORS.FILE_NOT_FOUND;
    const ref = partRef(upload.companyId, { uploadId: id, startOffset: offset });
    let saved = false;
    try {
      await this.db.transaction(async (tx) => {
        const now = await lockTusUpload(tx, id);
        if (now === null) throw ERRORS.FILE_NOT_FOUND;
        if (now !== offset) throw ERRORS.INVALID_OFFSET;
        const kept = await this.files.save(ref, bytes, 'application/octet-stream');
        saved = true;
        await insertTusPart(tx, { uploadId: id, startOffset: offset, byteSize: bytes.length, bytes: kept });
      });
    } catch (err) {
      if (saved) await this.files.discard(ref); // no row names it
      throw err;
    }
  }

  /** The upload's bytes so far, in order. */
  async bytesOf(id: string, companyId: number): Promise<Buffer> {
    const parts = await tusParts(this.db, id);
    const read = [];
    for (const part of parts) {
      const bytes = await this.files.read(partRef(companyId, part), part.bytes);
      if (!bytes) throw new Error(`part ${part.startOffset} of upload ${id} is missing`);
      read.push(bytes);
    }
    return Buffer.concat(read);
  }

  /** Drops the last part, so the phone sends it again (and the upload finishes again). */
  async dropLastPart(id: string, companyId: number): Promise<void> {
    const last = (await tusParts(this.db, id)).at(-1);
    if (!last) return;
    await deleteTusPart(this.db, id, last.startOffset);
    await this.files.discard(partRef(companyId, last));
  }

  /** Discards the parts' objects (their rows are gone or going). */
  async discardParts(companyId: number, parts: readonly Pick<TusPartRow, 'uploadId' | 'startOffset'>[]): Promise<void> {
    await Promise.all(parts.map((part) => this.files.discard(partRef(companyId, part))));
  }

  override async remove(id: string): Promise<void> {
    const upload = await findTusUpload(this.db, id);
    if (!upload) throw ERRORS.FILE_NOT_FOUND;
    const parts = await tusParts(this.db, id);
    await deleteTusUpload(this.db, id);
    await this.discardParts(upload.companyId, parts);
  }
}
