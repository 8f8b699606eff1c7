import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A list query's state for a page that is on screen before its data: a failed call reads as an
 * empty list, and the answer is rendered as a transition. React Query updates through
 * useSyncExternalStore, which React renders in one synchronous task; deferred, the list renders
 * in slices of a few milliseconds, so its arrival never holds up a tap or a scroll.
 */
export function useDeferredList<T>({ data, status }: Pick<UseQueryResult<T[]>, 'data' | 'status'>) {
  const deferredData = useDeferredValue(data);
  const deferredStatus = useDeferredValue(status);
  return {
    isPending: deferredStatus === 'pending',
    list: deferredStatus === 'error' ? [] : (deferredData ?? []),
  };
}
