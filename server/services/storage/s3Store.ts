// The S3-compatible object store (AWS S3, MinIO, Ceph, R2, …) behind FileStore, configured
// by S3_* (see s3Config.ts). The bucket stays private: the server reads objects with its own
// credentials and streams them to a driver of the file's company (routes/files.ts).
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStoreUnavailable, type ObjectStore } from './fileStore';

export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** Absent: AWS's own endpoint for the region. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's default credential chain (instance role, AWS_* variables, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix, '' or ending in '/'. */
  prefix: string;
  /** Absent or partial: DEFAULT_S3_TIMEOUTS for what is not given. */
  timeouts?: Partial<S3Timeouts>;
}

/**
 * How long a store that does not answer may hold a request (S3_*_TIMEOUT_MS, s3Config.ts).
 * A request is cut for lack of progress, not for its total time: a large object moving
 * slowly is fine, a connection where nothing moves for `idleMs` is not.
 */
export interface S3Timeouts {
  /** TCP (and TLS) connection to the endpoint. */
  connectMs: number;
  /** No byte sent or received on the connection for this long, at any stage (waiting for the answer, its body). */
  idleMs: number;
  /** The start's check (HeadBucket), in total, retries included: the start stops with a message after it. */
  checkMs: number;
}

// The phone gives up on a request after 30 s (src/replication/http.ts); an idle store is cut
// well before that, so the phone gets the 503 and its outbox retries later.
export const DEFAULT_S3_TIMEOUTS: S3Timeouts = { connectMs: 5_000, idleMs: 15_000, checkMs: 10_000 };

interface SdkError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown): number | undefined => (err as SdkError | null)?.$metadata?.httpStatusCode;
const isMissing = (err: unknown): boolean => {
  const name = (err as SdkError | null)?.name;
  return statusOf(err) === 404 || name === 'NoSuchKey' || name === 'NotFound';
};
const isTimeout = (err: unknown): boolean => (err as SdkError | null)?.name === 'TimeoutError';
const reasonOf = (err: unknown): string => {
  const e = err as SdkError | null;
  const status = statusOf(err);
  return `${e?.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}: ${e?.message ?? String(err)}`;
};

export function s3ObjectStore(config: S3StoreConfig): ObjectStore {
  const timeouts = { ...DEFAULT_S3_TIMEOUTS, ...config.timeouts };
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's
    // default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // The handler's socketTimeout is the no-progress cut (the socket's inactivity timer, kept
    // while the answer's body streams). Its requestTimeout only logs a warning unless
    // throwOnRequestTimeout, and would cut slow large transfers by total time: not used.
    requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
  });
  // A timed-out attempt is final: the SDK retries timeouts like resets (3 attempts, so a hung
  // store held a request for 3 idle periods and the backoff), and an endpoint where nothing
  // moved for a whole idle period will not answer the next attempt either. Resets, 5xx and
  // throttling are still retried. The name is changed so the retry strategy no longer counts
  // it as transient; message and stack stay.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        if (isTimeout(err)) Object.assign(err as object, { name: 'StoreTimeout' });
        throw err;
      }
    },
    { step: 'deserialize', name: 'storeTimeoutIsFinal' },
  );
  const description = `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ` (${config.region})`}`;
  const keyOf = (key: string): string => `${config.prefix}${key}`;
  const unavailable = (what: string, err: unknown): FileStoreUnavailable =>
    new FileStoreUnavailable(`${what} on ${description} failed: ${reasonOf(err)}`, { cause: err });

  return {
    description,
    async put(key, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: keyOf(key),
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
        );
      } catch (err) {
        throw unavailable(`storing ${key}`, err);
      }
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        const body = out.Body;
        if (!(body instanceof Readable)) throw new Error('the object body is not a Node stream');
        return { body, size: out.ContentLength };
      } catch (err) {
        if (isMissing(err)) return null;
        throw unavailable(`reading ${key}`, err);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
      } catch (err) {
        if (!isMissing(err)) throw unavailable(`deleting ${key}`, err);
      }
    },
    async check() {
      const deadline = AbortSignal.timeout(timeouts.checkMs);
      try {
        await client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: deadline });
      } catch (err) {
        const status = statusOf(err);
        const hint =
          status === 404
            ? 'the bucket does not exist'
            : status === 403 || status === 401
              ? 'access denied: check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket policy'
              : deadline.aborted
                ? `the endpoint did not answer within ${timeouts.checkMs} ms: check S3_ENDPOINT and the network`
                : 'the endpoint did not answer: check S3_ENDPOINT and the network';
        throw new Error(`Object storage ${description} is not usable (${hint}). ${reasonOf(err)}`, { cause: err });
      }
    },
  };
}
