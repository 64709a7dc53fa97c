import { use } from 'react';
import { getBlobStore, getDatabase, type BlobStore, type DriverDatabase } from '../../db';

// getDatabase() and getBlobStore() return one cached promise each, so React's use()
// suspends the first render (the shell shows a spinner) and never waits on the network.

export function useDatabase(): DriverDatabase {
  return use(getDatabase());
}

export function useBlobStore(): BlobStore {
  return use(getBlobStore());
}
