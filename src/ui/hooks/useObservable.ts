import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of an rxjs Observable, or undefined until it first emits. Callers
 * memoize the observable (useMemo): a new one resubscribes. The value is tagged with its
 * source so a switch (e.g. another order id) never shows the previous source's value.
 */
export function useObservable<T>(source: Observable<T>): T | undefined {
  const [state, setState] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    const sub = source.subscribe({
      // A transition: what PWADB sends is rendered in slices that yield to taps and paints
      // (a first Home of Chakra cards was one ~400 ms task at 4× CPU: Lighthouse's TBT).
      next: (value) => startTransition(() => setState({ source, value })),
      // Surface a broken query to the route's error boundary instead of spinning forever.
      error: (error: unknown) =>
        setState(() => {
          throw error;
        }),
    });
    return () => sub.unsubscribe();
  }, [source]);
  return state && state.source === source ? state.value : undefined;
}
