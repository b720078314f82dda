import { Clock } from '../core/common/clock/clock';
import { FixedWindowThrottlerStorage } from './fixed-window.storage';

class ManualClock extends Clock {
  constructor(public t: number) {
    super();
  }
  now(): number {
    return this.t;
  }
}

const TTL = 60_000;

describe('FixedWindowThrottlerStorage', () => {
  it('counts hits per key in a window aligned to multiples of the period', () => {
    const clock = new ManualClock(10 * TTL + 45_000);
    const storage = new FixedWindowThrottlerStorage(clock, 100);
    const first = storage.hit('a', TTL, 2, 'machine');
    expect(first).toMatchObject({ totalHits: 1, isBlocked: false, windowEndsAt: 11 * TTL, timeToExpire: 15, tracked: true });
    expect(storage.hit('a', TTL, 2, 'machine').totalHits).toBe(2);
    expect(storage.hit('a', TTL, 2, 'machine')).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 15 });
    expect(storage.hit('b', TTL, 2, 'machine').totalHits).toBe(1);
  });

  it('starts every key afresh when the aligned window rolls over, dropping the old window', () => {
    const clock = new ManualClock(10 * TTL + 59_999);
    const storage = new FixedWindowThrottlerStorage(clock, 100);
    storage.hit('a', TTL, 1, 'machine');
    storage.hit('b', TTL, 1, 'machine');
    expect(storage.hit('a', TTL, 1, 'machine').isBlocked).toBe(true);
    expect(storage.size).toBe(2);
    clock.t = 11 * TTL; // one millisecond later: a new window
    expect(storage.hit('a', TTL, 1, 'machine')).toMatchObject({ totalHits: 1, isBlocked: false, windowEndsAt: 12 * TTL });
    expect(storage.size).toBe(1);
  });

  it('never reports less than one second to wait', () => {
    const clock = new ManualClock(11 * TTL - 1);
    const storage = new FixedWindowThrottlerStorage(clock, 100);
    expect(storage.hit('a', TTL, 1, 'machine').timeToExpire).toBe(1);
  });

  it('bounds memory: past the key budget new keys are admitted untracked, old keys keep their counts', () => {
    const clock = new ManualClock(5 * TTL);
    const overflows: string[] = [];
    const storage = new FixedWindowThrottlerStorage(clock, 3, (name) => overflows.push(name));
    for (const key of ['a', 'b', 'c']) storage.hit(key, TTL, 1, 'machine');
    for (let i = 0; i < 1000; i++) {
      const r = storage.hit(`spoofed-${i}`, TTL, 1, 'machine');
      expect(r).toMatchObject({ totalHits: 1, isBlocked: false, tracked: false });
    }
    expect(storage.size).toBe(3);
    expect(overflows).toEqual(['machine']); // told once per window
    // a tracked key is still limited: the flood did not reset it
    expect(storage.hit('a', TTL, 1, 'machine').isBlocked).toBe(true);
    clock.t = 6 * TTL;
    storage.hit('fresh', TTL, 1, 'machine');
    expect(storage.size).toBe(1);
  });

  it('implements the @nestjs/throttler storage contract (increment resolves the same record)', async () => {
    const clock = new ManualClock(7 * TTL);
    const storage = new FixedWindowThrottlerStorage(clock, 10);
    await expect(storage.increment('k', TTL, 5, 0, 'machine')).resolves.toMatchObject({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  });

  it('keeps separate windows per throttler name and period', () => {
    const clock = new ManualClock(3 * TTL);
    const storage = new FixedWindowThrottlerStorage(clock, 10);
    storage.hit('k', TTL, 1, 'machine');
    expect(storage.hit('k', TTL, 1, 'other').totalHits).toBe(1);
    expect(storage.hit('k', 1000, 1, 'machine').totalHits).toBe(1);
  });
});
