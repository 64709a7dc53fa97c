// The tests' S3-compatible server (test/support/s3Server.ts, s3rver) survives what the server's
// storage does under load: deleting a key (an upload's finished parts) while another key under
// the same prefix is being written (another upload's first part). Unpatched, s3rver removed the
// emptied directory between the put's mkdir and its open and died of the unhandled ENOENT (the
// fleet load test, scripts/fleet, lost its bucket that way).
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../support/s3Server';

let s3: TestS3;
let client: S3Client;

beforeAll(async () => {
  s3 = await startTestS3();
  const config = s3.config();
  client = new S3Client({ endpoint: config.endpoint, region: config.region, forcePathStyle: true, credentials: config.credentials });
});

afterAll(async () => {
  client.destroy();
  await s3.stop();
});

describe('the test bucket', () => {
  it('keeps serving when a key is deleted while another is written beside it', async () => {
    const body = Buffer.alloc(64 * 1024, 7);
    for (let i = 0; i < 40; i++) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `parts/${i}/a`, Body: body }));
      await Promise.all([
        client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `parts/${i}/a` })),
        client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `parts/${i}/b`, Body: body })),
      ]);
    }
    const last = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'parts/39/b' }));
    expect((await last.Body?.transformToByteArray())?.length).toBe(body.length);
    await expect(client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'parts/39/a' }))).rejects.toThrow();
  });
});
