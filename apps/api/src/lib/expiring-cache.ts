import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changesState } from '../plugins/cross-site';

/**
 * Remembers values for a few seconds: list totals (counting every matching row costs far more
 * than reading one page off an index, and a total that lags a write by a few seconds harms no one)
 * and the pages guests are shown (docs/decisions/013). Concurrent requests for one key share one
 * computation; a failed one is not kept. `ttlMs: 0` keeps nothing.
 */
export type ExpiringCache<Value> = {
  get(key: string, compute: () => Promise<Value>): Promise<Value>;
  clear(): void;
};

export function createExpiringCache<Value>({
  ttlMs,
  maxEntries = 1_000,
}: {
  ttlMs: number;
  maxEntries?: number;
}): ExpiringCache<Value> {
  const entries = new Map<string, { value: Promise<Value>; expiresAt: number }>();

  return {
    get(key, compute) {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.value;
      if (ttlMs <= 0) return compute();

      // A Map iterates in insertion order, so the first key is the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = compute();
      entries.set(key, { value, expiresAt: now + ttlMs });
      // A failure must not be served from the cache.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * Clears `caches` whenever a route of this plugin (plugins are encapsulated: its routes only)
 * changes data successfully, before the answer leaves: a process's own writes show at once.
 */
export function clearAfterWrites(app: FastifyInstance, ...caches: { clear(): void }[]) {
  app.addHook('onSend', async (request, reply) => {
    if (changesState(request) && reply.statusCode < 400) for (const cache of caches) cache.clear();
  });
}

/** At most this many pages of one list are kept for guests, per process (docs/decisions/013). */
const GUEST_PAGES_MAX = 500;

/**
 * The pages of a public list guests were shown, kept for `ttlMs` (PUBLIC_LIST_CACHE_SECONDS,
 * docs/decisions/013) and keyed by the validated query. `read`: signed-in users always get a fresh
 * page; guests may get one a moment old. Clear it with the plugin's writes (`clearAfterWrites`).
 */
export function createGuestPages<Page>({ ttlMs }: { ttlMs: number }) {
  const pages = createExpiringCache<Page>({ ttlMs, maxEntries: GUEST_PAGES_MAX });
  return {
    read: (request: FastifyRequest, readPage: () => Promise<Page>) =>
      request.viewer ? readPage() : pages.get(JSON.stringify(request.query), readPage),
    clear: () => pages.clear(),
  };
}
