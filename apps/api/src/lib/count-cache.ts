/**
 * Remembers list totals for a few seconds. Counting every matching row costs far more than reading
 * one page off an index, and a total that lags a write by a few seconds harms no one; a process's
 * own writes clear it at once. Concurrent requests for the same total share one query.
 */
export type CountCache = {
  get(key: string, count: () => Promise<number>): Promise<number>;
  clear(): void;
};

export function createCountCache({ ttlMs = 10_000, maxEntries = 1_000 } = {}): CountCache {
  const entries = new Map<string, { total: Promise<number>; expiresAt: number }>();

  return {
    get(key, count) {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.total;

      // A Map iterates in insertion order, so the first key is the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const total = count();
      entries.set(key, { total, expiresAt: now + ttlMs });
      // A failed count must not be served from the cache.
      total.catch(() => entries.delete(key));
      return total;
    },
    clear() {
      entries.clear();
    },
  };
}
