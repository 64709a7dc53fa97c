// A file store that failed, as the answer the client gets.
import { HttpError } from '../../http/errors';
import { FileStoreUnavailable } from './fileStore';

/** A store failure as an answer the outbox retries (503), anything else unchanged. */
export function storeFailure(err: unknown, code: 'UploadFailed' | 'GeneralError' = 'GeneralError'): unknown {
  return err instanceof FileStoreUnavailable ? new HttpError(503, code, 'The file store is unavailable, try again later') : err;
}
