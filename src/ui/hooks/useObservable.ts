import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of an rxjs Observable, or undefined until it first emits (or while there is
 * no source yet: the page's database is still opening, useOpenDatabase). Callers memoize the
 * observable (useMemo): a new one resubscribes. The value is tagged with its source so a
 * switch (e.g. another order id) never shows the previous source's value.
 */
export function useObservable<T>(source: Observable<T> | undefined): T | undefined {
  const [state, setState] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    if (!source) return;
    const sub = source.subscribe({
      next: (value) => setState({ source, value }),
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
