// An S3-compatible server for tests: s3rver, in this process, on 127.0.0.1 (a free port),
// storing in a temp dir removed on stop. Its fixed credentials are S3RVER / S3RVER.
import { mkdtempSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StoreConfig } from '../../server/services/storage/s3Store';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** A store configuration on this server (prefix '' unless given). */
  config(prefix?: string): S3StoreConfig;
  /** The S3_* environment of a server process using it. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestS3(bucket = 'driver-app-files'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'driver-app-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  keepDirectories(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: (prefix = '') => ({ bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS, prefix }),
    env: (prefix = '') => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_PREFIX: prefix,
    }),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7 removes a key's emptied parent directories after a delete, while a put of another
 * key under the same prefix may be between its mkdir and its open: the open fails (ENOENT) on a
 * write stream with no error handler and the whole server dies. The fleet load test met it with
 * several phones of one company uploading at once (`partial-uploads/<company>/`: one upload's
 * parts deleted as another's first part was written). A bucket's keys need no tidy directories:
 * here a delete removes the key's files and leaves the directories.
 */
function keepDirectories(server: S3rver): void {
  const store = server.store;
  store.deleteObject = async (bucket, key) => {
    for (const resource of ['object', 'object.md5', 'metadata.json']) {
      await unlink(store.getResourcePath(bucket, key, resource)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  };
}
