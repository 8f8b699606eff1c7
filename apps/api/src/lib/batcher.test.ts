import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

describe('createBatcher', () => {
  it('runs the calls of one turn together, each answered with its own result', async () => {
    const batches: number[][] = [];
    const double = createBatcher(
      async (items: number[]) => {
        batches.push(items);
        return items.map((item) => item * 2);
      },
      { maxSize: 10 },
    );
    const results = await Promise.all([double(1), double(2), double(3)]);
    expect(results).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);

    // The next turn starts a new batch.
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('cuts a large turn into batches of at most maxSize', async () => {
    const sizes: number[] = [];
    const echo = createBatcher(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxSize: 4 },
    );
    const items = Array.from({ length: 10 }, (_, index) => index);
    expect(await Promise.all(items.map(echo))).toEqual(items);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('runs a failed batch one call at a time, so only the failing call fails', async () => {
    const batches: string[][] = [];
    const check = createBatcher(
      async (items: string[]) => {
        batches.push(items);
        if (items.includes('bad')) throw new Error(`refused ${items.join(',')}`);
        return items.map((item) => `ok ${item}`);
      },
      { maxSize: 10 },
    );
    const results = await Promise.allSettled([check('a'), check('bad'), check('b')]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'ok a' },
      { status: 'rejected', reason: new Error('refused bad') },
      { status: 'fulfilled', value: 'ok b' },
    ]);
    expect(batches).toEqual([['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
  });

  it('fails every call of a batch answered with the wrong number of results, and runs nothing again', async () => {
    let runs = 0;
    const broken = createBatcher(
      async (items: number[]) => {
        runs += 1;
        return items.slice(1);
      },
      { maxSize: 10 },
    );
    const results = await Promise.allSettled([broken(1), broken(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
  });
});
