import * as v from 'valibot';
import { DetailedError, Upload, type HttpRequest, type HttpResponse, type HttpStack, type PreviousUpload } from 'tus-js-client';
import { TUS_CHUNK_BYTES, TUS_UPLOAD_PATH, UPLOAD_RESULT_HEADER, UploadResultSchema, type UploadResult } from '../../domain';
import type { ResumableUpload } from '../../db';
import type { HttpClient } from '../http';
import { httpError, TransportError } from '../transportError';

// The resumable upload (issue 23 item 2): tus-js-client, the ecosystem's client of the tus
// protocol, over our HttpClient — so every request has our token, contract version, budgets
// (a chunk is cut only when nothing moves), the transport the tests inject faults into and
// the worker's XMLHttpRequest progress, and the reachability that observes it. The client's
// own retries are off: the outbox's back-off retries (backoff.ts), and each retry resumes.
// The upload's id is the image's, and where it stands is kept per image (ResumeRecords, PWADB
// in the outbox): a retry asks the server's offset (HEAD) and sends the rest by PATCH.

/** tus-js-client resolves the server's Location against an absolute endpoint; only the path is sent. */
const BASE = 'http://server';

/** Where each image's upload stands, kept across retries (and reloads, when in PWADB). */
export interface ResumeRecords {
  read(imageId: string): Promise<ResumableUpload | null>;
  write(imageId: string, upload: ResumableUpload): Promise<void>;
  remove(imageId: string): Promise<void>;
}

/** For a caller with no database at hand (the profile picture): records for the worker's lifetime. */
export function memoryResumeRecords(): ResumeRecords {
  const records = new Map<string, ResumableUpload>();
  return {
    read: (id) => Promise.resolve(records.get(id) ?? null),
    write: (id, upload) => Promise.resolve(void records.set(id, upload)),
    remove: (id) => Promise.resolve(void records.delete(id)),
  };
}

/** tus-js-client's requests as HttpClient sends. */
function httpStackOf(http: HttpClient): HttpStack {
  return {
    getName: () => 'driver-app',
    createRequest(method, url): HttpRequest {
      const headers: Record<string, string> = {};
      let onProgress: (sent: number) => void = () => undefined;
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => void (headers[name] = value),
        getHeader: (name) => headers[name],
        setProgressHandler: (handler) => void (onProgress = handler),
        async send(body: Blob | null): Promise<HttpResponse> {
          const answer = await http.send(method as 'HEAD' | 'POST' | 'PATCH', new URL(url).pathname, {
            headers,
            bytes: body ?? null,
            onUploadProgress: body ? (sent) => onProgress(sent) : undefined,
          });
          return {
            getStatus: () => answer.status,
            getHeader: (name) => answer.headers.get(name) ?? undefined,
            getBody: () => answer.text,
            getUnderlyingObject: () => answer,
          };
        },
        abort: () => Promise.resolve(), // never asked: the outbox does not abort an upload
        getUnderlyingObject: () => null,
      };
    },
  };
}

/** A Blob read in chunks, the same in the worker and in Node. */
const blobReader = {
  openFile: (input: Blob) =>
    Promise.resolve({
      size: input.size,
      slice: (start: number, end: number) => Promise.resolve({ value: input.slice(start, end), done: end >= input.size }),
      close: () => undefined,
    }),
};

/** The finished upload's answer: the last PATCH's, or a HEAD's after the last answer was lost; null when not understood. */
function resultOf(response: HttpResponse): UploadResult | null {
  try {
    return v.parse(UploadResultSchema, JSON.parse(response.getHeader(UPLOAD_RESULT_HEADER) ?? '') as unknown);
  } catch {
    return null;
  }
}

/** A failure as the outbox knows them: no signal or a time-out as it was, a refusal by its status. */
function failureOf(error: Error): TransportError {
  if (error instanceof TransportError) return error;
  if (error instanceof DetailedError) {
    if (error.causingError instanceof TransportError) return error.causingError;
    const response = error.originalResponse;
    // The upload moved on meanwhile (an offset we no longer hold) or is busy: the retry resumes.
    if (response && (response.getStatus() === 409 || response.getStatus() === 423)) {
      return new TransportError('retry', 'GeneralError', 'The upload resumes from where the server has it', response.getStatus());
    }
    if (response) return httpError(response.getStatus(), response.getBody());
  }
  return new TransportError('retry', 'GeneralError', error.message, null);
}

export interface ResumableImage {
  id: string;
  extension: string;
  type: string;
  bytes: ArrayBuffer;
}

/**
 * Sends the image by tus: from the server's offset when a record says it was started (HEAD,
 * then PATCH of the rest; a fresh creation when the server has none), else a creation (POST)
 * — whose record is written first, so a retry after a lost answer asks the server before
 * creating again. Chunks of TUS_CHUNK_BYTES. Resolves the server's [{path, mimetype}].
 */
export async function sendResumable(
  http: HttpClient,
  image: ResumableImage,
  headers: Record<string, string>,
  records: ResumeRecords,
  onUploadProgress?: (sent: number, total: number) => void,
): Promise<UploadResult> {
  const file = new Blob([image.bytes], { type: image.type });
  const path = `${TUS_UPLOAD_PATH}/${image.id}`;
  const known = await records.read(image.id);
  // One write at a time, in order: the last chunk's offset never lands after the record's removal.
  let writing = Promise.resolve();
  const inOrder = (op: () => Promise<void>): Promise<void> => (writing = writing.then(op, op));
  if (!known) await records.write(image.id, { url: path, size: file.size, offset: 0 });
  return new Promise<UploadResult>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${BASE}${TUS_UPLOAD_PATH}`,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: null,
      metadata: { id: image.id, filename: `${image.id}.${image.extension}` },
      headers,
      httpStack: httpStackOf(http),
      fileReader: blobReader,
      fingerprint: () => Promise.resolve(image.id),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      urlStorage: {
        findAllUploads: () => Promise.resolve([]),
        findUploadsByFingerprint: async (id): Promise<PreviousUpload[]> => {
          const record = await records.read(id);
          if (!record) return [];
          return [{ size: record.size, metadata: {}, creationTime: '', urlStorageKey: id, uploadUrl: `${BASE}${record.url}`, parallelUploadUrls: null }];
        },
        removeUpload: (id) => inOrder(() => records.remove(id)),
        addUpload: async (id, previous) => {
          await inOrder(() => records.write(id, { url: new URL(previous.uploadUrl ?? `${BASE}${path}`).pathname, size: file.size, offset: 0 }));
          return id;
        },
      },
      onProgress: (sent, total) => onUploadProgress?.(sent, total),
      onChunkComplete: (_chunk, accepted) => {
        inOrder(() => records.write(image.id, { url: path, size: file.size, offset: accepted })).catch(() => undefined);
      },
      onSuccess: ({ lastResponse }) => {
        const result = resultOf(lastResponse);
        if (result) resolve(result);
        else reject(new TransportError('retry', 'GeneralError', 'The upload answer was not understood', null));
      },
      onError: (error) => reject(failureOf(error)),
    });
    const resume = known ? upload.findPreviousUploads() : Promise.resolve([]);
    resume
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch((error: Error) => reject(failureOf(error)));
  });
}
