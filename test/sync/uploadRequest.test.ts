// Issue 22 item 7: an upload says its photo type and its order (SPEC §5 Images), and a failed
// one reads "Request to upload {image type} image failed" (SPEC §8) before the server's reason,
// keeping the server's identifier. Through the real engine and server.
import { describe, expect, it } from 'vitest';
import { TUS_UPLOAD_PATH } from '../../src/domain';
import type { FetchLike } from '../../src/replication';
import { faultyNetwork } from '../support/faultyFetch';
import { activeEntries, onlotOrderIds, prepareDelivery, syncUntilSettled, useSyncServer } from '../support/device';

const harness = useSyncServer();

/** The headers of every upload the phone started (the resumable upload's creation, POST /upload/tus). */
function recordingNetwork() {
  const uploads: Headers[] = [];
  const record: FetchLike = (url, init) => {
    if (init.method === 'POST' && new URL(url).pathname === TUS_UPLOAD_PATH) uploads.push(new Headers(init.headers));
    return fetch(url, init);
  };
  return { net: faultyNetwork(record), uploads };
}

describe('an upload from the phone', () => {
  it('names its photo type and its order; the server takes it and the delivery commits once', async () => {
    const { net, uploads } = recordingNetwork();
    const device = await harness.signedInDevice({ net });
    const [orderId] = await onlotOrderIds(device);
    await prepareDelivery(device, 'onlot', orderId!, { photos: 2 });
    await syncUntilSettled(device);
    expect(await activeEntries(device)).toHaveLength(0);
    expect(uploads).toHaveLength(2);
    for (const headers of uploads) {
      expect(headers.get('x-upload-folder')).toBe('/deliver-onlot-inventory-order/delivery');
      expect(headers.get('x-photo-type')).toBe('BuildingImage');
      expect(headers.get('x-order-id')).toBe(String(orderId));
    }
    expect(await harness.server.query('SELECT 1 FROM deliveries WHERE order_id = $1', [orderId])).toHaveLength(1);
  });

  it('a refused image reads "Request to upload building image failed" with the reason, under its identifier', async () => {
    const device = await harness.signedInDevice();
    const [, orderId] = await onlotOrderIds(device);
    device.net.offline = true;
    await prepareDelivery(device, 'onlot', orderId!, { photos: 1 });
    const [entry] = await activeEntries(device);
    const photoId = entry?.attachments.photos[0]?.id ?? '';
    const stored = await device.blobs.get(photoId);
    // The bytes went bad on the phone: the server cannot read them as an image.
    await device.blobs.put({ ...stored!, bytes: new TextEncoder().encode('not an image at all\n'.repeat(30)).buffer });
    device.net.offline = false;
    await syncUntilSettled(device);
    const [refused] = await activeEntries(device);
    expect(refused?.status).toBe('needs_attention');
    expect(refused?.last_error).toMatchObject({
      code: 'WrongImageExtension',
      message: 'Request to upload building image failed: Only jpg, jpeg or png images are accepted',
    });
  });
});
