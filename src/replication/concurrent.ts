// A run's independent reads go together (issue 24 item 5): on a link of 800 ms round trip, ten
// reads one after the other cost eight seconds of waiting for answers, side by side one or two
// round trips. Both helpers let every started request settle before a failure is thrown, so no
// read of a run goes on writing after the run has ended.

/** Reads in flight at once: a browser keeps 6 connections per host, and the page loads its code on them too. */
export const READS_AT_ONCE = 4;

/**
 * Awaits every promise; when one rejected, throws the first rejection (in the given order) once
 * all have settled. Otherwise their values.
 */
export async function allSettledOrThrow<T extends readonly unknown[]>(work: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled: PromiseSettledResult<unknown>[] = await Promise.allSettled<Promise<unknown>>(work as readonly Promise<unknown>[]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Runs `task` on each item in the given order, at most `limit` at once. The first failure
 * starts nothing more and is thrown once the tasks in flight have settled.
 */
export async function inTurns<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}
