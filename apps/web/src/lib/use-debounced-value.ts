import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (search boxes: DEBOUNCE_MS in shared). */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
