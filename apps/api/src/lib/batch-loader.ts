import DataLoader from 'dataloader';

/** The most requests in one batch (so in one call of `answerGroup`); more in one turn make several. */
export const MAX_BATCH_SIZE = 1_000;

/**
 * Requests that arrive together, answered together (docs/decisions/031): what reaches this process
 * in one turn of its event loop is split into groups by `groupOf`, and each group is answered by one
 * call of `answerGroup` (a statement or a transaction for all of it), which gives one answer or
 * error per request, in the group's order. A group that fails fails its own requests only. Not a
 * cache: every request is answered from the database, with the others of its turn.
 */
export function createBatchLoader<Request, Answer>(
  groupOf: (request: Request) => string,
  answerGroup: (group: Request[]) => Promise<(Answer | Error)[]>,
) {
  return new DataLoader<Request, Answer>(
    async (requests) => {
      const groups = new Map<string, number[]>();
      for (const [index, request] of requests.entries()) {
        const key = groupOf(request);
        const indexes = groups.get(key);
        if (indexes) indexes.push(index);
        else groups.set(key, [index]);
      }
      const answers = new Array<Answer | Error>(requests.length);
      await Promise.all(
        [...groups.values()].map(async (indexes) => {
          const group = indexes.map((index) => requests[index] as Request);
          const groupAnswers = await answerGroup(group).catch((error: Error) => group.map(() => error));
          for (const [position, index] of indexes.entries())
            answers[index] = groupAnswers[position] as Answer;
        }),
      );
      return answers;
    },
    {
      cache: false,
      // DataLoader's default collects only what one request's promise chain adds; setImmediate
      // waits until the event loop has read every request that has arrived.
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
      // A statement takes at most 65,535 parameters (a like sends two per person).
      maxBatchSize: MAX_BATCH_SIZE,
    },
  );
}
