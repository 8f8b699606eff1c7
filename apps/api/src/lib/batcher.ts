/**
 * Gathers the calls made during one turn of the event loop and runs them as one batch, at most
 * `maxSize` at a time. Under load the server reads many requests in one turn, and one database
 * round trip for all of them costs far less than one each (a statement's round trip, planning and
 * commit are shared). A call made alone waits for nothing but the end of the current turn.
 *
 * `runBatch` answers each item at its position, and must change nothing when it fails (one
 * statement does that): the items of a failed batch are then run one by one, so that a failure is
 * only the failing call's.
 */
export function createBatcher<Item, Result>(
  runBatch: (items: Item[]) => Promise<Result[]>,
  { maxSize }: { maxSize: number },
): (item: Item) => Promise<Result> {
  type Call = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  let waiting: Call[] = [];

  async function run(calls: Call[]) {
    let results: Result[];
    try {
      results = await runBatch(calls.map((call) => call.item));
    } catch (error) {
      // A failed batch changed nothing (one statement, one transaction): each call is run again alone.
      const [only] = calls;
      if (calls.length === 1 && only) only.reject(error);
      else for (const call of calls) void run([call]);
      return;
    }
    if (results.length !== calls.length) {
      const error = new Error(`A batch of ${calls.length} was answered with ${results.length} results`);
      for (const call of calls) call.reject(error);
      return;
    }
    for (const [index, call] of calls.entries()) call.resolve(results[index] as Result);
  }

  function flush() {
    const calls = waiting;
    waiting = [];
    for (let start = 0; start < calls.length; start += maxSize) void run(calls.slice(start, start + maxSize));
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ item, resolve, reject });
    });
}
