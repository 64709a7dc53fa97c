import { writeUploadProgress, type DriverDatabase, type UploadProgress } from '../../db';

/** Progress reaches PWADB at most this often: each write is a change event the page's cards parse. */
export const PROGRESS_WRITE_MS = 250;

export interface ProgressWriter {
  report(progress: UploadProgress): void;
  /** Stops writing and clears the record (the upload is over, either way). */
  close(): Promise<void>;
}

/**
 * The upload in flight's progress, written to PWADB coalesced: the first report at once, then
 * the latest one at most every PROGRESS_WRITE_MS (XMLHttpRequest reports every ~50 ms), one
 * write at a time so they land in order. A failed write is only a stale percentage.
 */
export function progressWriter(db: DriverDatabase): ProgressWriter {
  let latest: UploadProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  /** Writes the latest report, if any; returns whether it wrote. */
  const flush = (): boolean => {
    const value = latest;
    latest = null;
    if (!value || closed) return false;
    writing = writing.then(() => writeUploadProgress(db, value)).catch(() => undefined);
    return true;
  };
  /** A window of PROGRESS_WRITE_MS after each write; a report inside it waits for its end. */
  const openWindow = (): void => {
    timer = setTimeout(() => {
      timer = null;
      if (flush()) openWindow();
    }, PROGRESS_WRITE_MS);
  };
  return {
    report(progress) {
      if (closed) return;
      latest = progress;
      if (timer !== null) return;
      flush();
      openWindow();
    },
    async close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await writing;
      await writeUploadProgress(db, null).catch(() => undefined);
    },
  };
}
