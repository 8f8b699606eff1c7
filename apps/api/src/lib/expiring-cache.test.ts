import { describe, expect, it, vi } from 'vitest';
import { createExpiringCache } from './expiring-cache';

describe('createExpiringCache', () => {
  it('counts once per key while fresh, and shares a count in flight', async () => {
    const cache = createExpiringCache<number>({ ttlMs: 10_000 });
    const count = vi.fn(async () => 42);
    const totals = await Promise.all([cache.get('a', count), cache.get('a', count), cache.get('a', count)]);
    expect(totals).toEqual([42, 42, 42]);
    expect(count).toHaveBeenCalledTimes(1);
    await cache.get('b', count);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('counts again after the time to live or a clear', async () => {
    vi.useFakeTimers();
    try {
      const cache = createExpiringCache<number>({ ttlMs: 1_000 });
      const count = vi.fn(async () => 1);
      await cache.get('a', count);
      vi.advanceTimersByTime(1_001);
      await cache.get('a', count);
      expect(count).toHaveBeenCalledTimes(2);
      cache.clear();
      await cache.get('a', count);
      expect(count).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed count, and stays within its size', async () => {
    const cache = createExpiringCache<number>({ ttlMs: 10_000, maxEntries: 2 });
    await expect(cache.get('a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(cache.get('a', async () => 7)).resolves.toBe(7);
    const count = vi.fn(async () => 1);
    await cache.get('b', count);
    await cache.get('c', count);
    // 'a' was the oldest and made room for 'c'.
    await expect(cache.get('a', async () => 8)).resolves.toBe(8);
  });

  it('keeps nothing when its time to live is 0', async () => {
    const cache = createExpiringCache<number>({ ttlMs: 0 });
    const count = vi.fn(async () => 1);
    await Promise.all([cache.get('a', count), cache.get('a', count)]);
    expect(count).toHaveBeenCalledTimes(2);
  });
});
