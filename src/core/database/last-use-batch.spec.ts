import { LastUseBatch, lastUseParams, type LastUses } from './last-use-batch';

describe('LastUseBatch', () => {
  it('writes the newest use of each id in one call per flush, and nothing when none was marked', async () => {
    const written: LastUses[] = [];
    const batch = new LastUseBatch('last_seen_at', async (uses) => written.push(uses));
    batch.mark('a', 10);
    batch.mark('a', 30);
    batch.mark('a', 20); // older than the one marked: ignored
    batch.mark('b', 5);
    await batch.flush();
    await batch.flush();
    expect(written.map((w) => [...w])).toEqual([
      [
        ['a', 30],
        ['b', 5],
      ],
    ]);
    expect(lastUseParams(written[0])).toEqual([
      ['a', 'b'],
      [new Date(30), new Date(5)],
    ]);
  });

  it('keeps a failed flush for the next one, a newer use marked meanwhile winning', async () => {
    const written: LastUses[] = [];
    let fail = true;
    const batch = new LastUseBatch('last_used_at', async (uses) => {
      if (fail) throw new Error('connect ECONNREFUSED');
      written.push(uses);
    });
    batch.mark('a', 10);
    batch.mark('b', 10);
    await batch.flush();
    fail = false;
    batch.mark('a', 40);
    await batch.stop();
    expect(written.map((w) => Object.fromEntries(w))).toEqual([{ a: 40, b: 10 }]);
  });
});
