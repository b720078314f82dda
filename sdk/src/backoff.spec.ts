import { abortable, backoffDelay, sleep } from './backoff';
import { TransportError } from './errors';

describe('backoffDelay (exponential, equal jitter)', () => {
  const options = { initialDelayMs: 100, maxDelayMs: 1_000, multiplier: 2 };

  it('waits between half and all of min(max, initial * 2^attempt)', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, options, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, options, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('spreads a fleet: many clients at the same attempt do not pick the same delay', () => {
    const delays = new Set(Array.from({ length: 200 }, () => backoffDelay(3, options)));
    expect(delays.size).toBeGreaterThan(50);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(400);
      expect(d).toBeLessThanOrEqual(800);
    }
  });

  it('past every growth step (the socket passes Infinity for a refusal an operator may lift) it is the jittered maximum', () => {
    expect(backoffDelay(Number.POSITIVE_INFINITY, options, () => 0)).toBe(500);
    expect(backoffDelay(Number.POSITIVE_INFINITY, options, () => 1)).toBe(1000);
    expect(new Set(Array.from({ length: 100 }, () => backoffDelay(Number.POSITIVE_INFINITY, options))).size).toBeGreaterThan(20);
  });

  it('defaults to 500 ms growing to 30 s', () => {
    expect(backoffDelay(0, {}, () => 1)).toBe(500);
    expect(backoffDelay(20, {}, () => 1)).toBe(30_000);
  });
});

describe('sleep and abortable', () => {
  it('sleep rejects with an aborted TransportError when its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'TransportError', kind: 'aborted' });
  });

  it('abortable stops waiting without cancelling the shared promise', async () => {
    const controller = new AbortController();
    let resolve!: (v: string) => void;
    const shared = new Promise<string>((r) => (resolve = r));
    const waiting = abortable(shared, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(TransportError);
    resolve('done');
    await expect(shared).resolves.toBe('done');
    await expect(abortable(shared)).resolves.toBe('done');
  });
});
