import { describe, expect, it } from 'vitest';
import { createBatchLoader, MAX_BATCH_SIZE } from './batch-loader';

type Request = { group: string; value: number };

/** A loader that doubles values, one call per group, recording the groups it was called with. */
function doublingLoader(failGroup?: string) {
  const calls: Request[][] = [];
  const loader = createBatchLoader<Request, number>(
    (request) => request.group,
    async (group) => {
      calls.push(group);
      if (group[0]?.group === failGroup) throw new Error(`group ${failGroup} failed`);
      return group.map((request) => (request.value < 0 ? new Error('negative') : request.value * 2));
    },
  );
  return { loader, calls };
}

describe('createBatchLoader', () => {
  it('answers the requests of one event-loop turn with one call per group, each its own answer', async () => {
    const { loader, calls } = doublingLoader();
    const requests = [
      { group: 'a', value: 1 },
      { group: 'b', value: 2 },
      { group: 'a', value: 3 },
    ];
    // Loads started from separate callbacks of one turn, as requests read from separate sockets are.
    const answers = await Promise.all(
      requests.map(
        (request) => new Promise<number>((resolve) => setImmediate(() => resolve(loader.load(request)))),
      ),
    );
    expect(answers).toEqual([2, 4, 6]);
    expect(calls).toEqual([
      [
        { group: 'a', value: 1 },
        { group: 'a', value: 3 },
      ],
      [{ group: 'b', value: 2 }],
    ]);
  });

  it('fails only the requests of a failing group, and only the request given an error', async () => {
    const { loader } = doublingLoader('bad');
    const answers = await Promise.allSettled([
      loader.load({ group: 'bad', value: 1 }),
      loader.load({ group: 'good', value: -1 }),
      loader.load({ group: 'good', value: 5 }),
    ]);
    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason.message)),
    ).toEqual(['group bad failed', 'negative', 10]);
  });

  it('keeps nothing: a request repeated later is answered afresh', async () => {
    const { loader, calls } = doublingLoader();
    await loader.load({ group: 'a', value: 1 });
    await loader.load({ group: 'a', value: 1 });
    expect(calls).toHaveLength(2);
  });

  it('splits a turn with more requests than one statement should carry into several calls', async () => {
    const { loader, calls } = doublingLoader();
    const many = Array.from({ length: MAX_BATCH_SIZE * 2 + 1 }, (_, value) => ({ group: 'a', value }));
    const answers = await Promise.all(many.map((request) => loader.load(request)));
    expect(answers[MAX_BATCH_SIZE * 2]).toBe(MAX_BATCH_SIZE * 4);
    expect(calls.map((call) => call.length)).toEqual([MAX_BATCH_SIZE, MAX_BATCH_SIZE, 1]);
  });
});
