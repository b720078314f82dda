import { LOOKUP_WINDOW_MS, LookupBatcher, MAX_LOOKUP_BATCH } from './lookup-batcher';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batcher over a table of squares, recording every batch it was asked for. */
function squares(fail?: (keys: number[]) => Error | undefined) {
  const batches: number[][] = [];
  const batcher = new LookupBatcher<number, number>(
    async (keys) => {
      batches.push(keys);
      const err = fail?.(keys);
      if (err) throw err;
      return new Map(keys.filter((k) => k >= 0).map((k) => [String(k), k * k]));
    },
    (key) => String(key),
  );
  return { batcher, batches };
}

describe('LookupBatcher', () => {
  it(`looks up together the keys asked for in turns of their own within ${LOOKUP_WINDOW_MS} ms, and answers each with its own value`, async () => {
    // the window's timer under jest's control, the turns of the event loop real
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const { batcher, batches } = squares();
      const asked: Array<Promise<number | undefined>> = [];
      for (const key of [2, 3, -1, 4]) {
        asked.push(batcher.load(key));
        await nextTurn();
      }
      jest.advanceTimersByTime(LOOKUP_WINDOW_MS - 0.5);
      expect(batches).toEqual([]); // still within the window
      jest.advanceTimersByTime(0.5);
      expect(batches).toEqual([[2, 3, -1, 4]]);
      expect(await Promise.all(asked)).toEqual([4, 9, undefined, 16]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('looks a key asked for twice up once, and answers both callers', async () => {
    const { batcher, batches } = squares();
    const answers = await Promise.all([batcher.load(5), batcher.load(5), batcher.load(6)]);
    expect(answers).toEqual([25, 25, 36]);
    expect(batches).toEqual([[5, 6]]);
  });

  it('fails every lookup of a batch whose lookup failed, and looks the next batch up afresh', async () => {
    const { batcher, batches } = squares((keys) => (keys.includes(7) ? new Error('connection lost') : undefined));
    const failed = await Promise.allSettled([batcher.load(7), batcher.load(8)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toEqual(new Error('connection lost'));
    await expect(batcher.load(8)).resolves.toBe(64);
    expect(batches).toEqual([[7, 8], [8]]);
  });

  it(`sends ${MAX_LOOKUP_BATCH} keys at once without waiting for the window; the next key starts a batch of its own`, async () => {
    const { batcher, batches } = squares();
    const full = Array.from({ length: MAX_LOOKUP_BATCH }, (_, k) => batcher.load(k));
    expect(batches).toHaveLength(1); // sent in the same turn
    expect(batches[0]).toHaveLength(MAX_LOOKUP_BATCH);
    const next = batcher.load(MAX_LOOKUP_BATCH);
    expect((await Promise.all(full)).slice(0, 3)).toEqual([0, 1, 4]);
    await expect(next).resolves.toBe(MAX_LOOKUP_BATCH * MAX_LOOKUP_BATCH);
    expect(batches.map((b) => b.length)).toEqual([MAX_LOOKUP_BATCH, 1]);
  });
});
