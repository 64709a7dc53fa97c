import { useEffect, useState } from 'react';
import { useBlobStore } from './useDatabase';

/** An object URL for image bytes kept in the blob store (photos, signature, check), revoked on unmount. */
export function useBlobUrl(id: string): string | null {
  const blobs = useBlobStore();
  const [url, setUrl] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void blobs.get(id).then((stored) => {
      if (!live || !stored) return;
      objectUrl = URL.createObjectURL(new Blob([stored.bytes], { type: stored.type }));
      setUrl({ id, url: objectUrl });
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [blobs, id]);
  return url && url.id === id ? url.url : null;
}
