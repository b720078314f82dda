import type { Clock } from '../core/common/clock/clock';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

export interface FixedWindowRecord extends ThrottlerStorageRecord {
  /** Epoch ms at which the current window (and every key's count in it) resets. */
  windowEndsAt: number;
  /** False when the key could not be tracked because the per-window key budget was spent. */
  tracked: boolean;
}

/**
 * A @nestjs/throttler storage with fixed windows aligned to the period (a 60 s window starts at
 * a multiple of 60 s since the epoch), counted in process memory: no Redis round trip on the hot
 * path, which the contract allows ("counted per application node").
 *
 * Because every window is aligned, all keys expire together: when a new window starts, the whole
 * previous map is dropped in O(1), so expired windows never accumulate. Within a window at most
 * `maxKeys` distinct keys are tracked; past that budget (a flood of distinct spoofed keys), new
 * keys are admitted untracked instead of growing memory, and `onOverflow` is told once per window.
 * Keys tracked before the flood keep their counts, so a flood cannot reset anyone's limit.
 *
 * Several throttler periods may share the storage; each (name, ttl) has its own window.
 */
export class FixedWindowThrottlerStorage implements ThrottlerStorage {
  /** Current window per throttler name; a different period under the same name gets its own entry. */
  private readonly windows = new Map<string, Window[]>();

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys: number,
    private readonly onOverflow: (throttlerName: string) => void = () => undefined,
  ) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<FixedWindowRecord> {
    return this.hit(key, ttl, limit, throttlerName);
  }

  /** Synchronous form of increment, for the hot path. `blockDuration` is not used by fixed windows. */
  hit(key: string, ttl: number, limit: number, throttlerName: string): FixedWindowRecord {
    const now = this.clock.now();
    const start = now - (now % ttl);
    const window = this.current(throttlerName, ttl, start);
    const windowEndsAt = window.endsAt;
    const timeToExpire = Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
    let hits = window.hits.get(key);
    let tracked = true;
    if (hits === undefined) {
      if (window.hits.size >= this.maxKeys) {
        if (!window.overflowed) {
          window.overflowed = true;
          this.onOverflow(throttlerName);
        }
        hits = 0;
        tracked = false;
      } else {
        hits = 0;
      }
    }
    hits += 1;
    if (tracked) window.hits.set(key, hits);
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0, windowEndsAt, tracked };
  }

  private current(throttlerName: string, ttl: number, start: number): Window {
    let byPeriod = this.windows.get(throttlerName);
    if (!byPeriod) this.windows.set(throttlerName, (byPeriod = []));
    for (let i = 0; i < byPeriod.length; i++) {
      const w = byPeriod[i];
      if (w.ttl !== ttl) continue;
      if (w.start === start) return w;
      return (byPeriod[i] = newWindow(ttl, start)); // rolled over: the old window is dropped whole
    }
    const w = newWindow(ttl, start);
    byPeriod.push(w);
    return w;
  }

  /** Keys tracked in the current windows (for tests and the benchmark). */
  get size(): number {
    let n = 0;
    for (const byPeriod of this.windows.values()) for (const w of byPeriod) n += w.hits.size;
    return n;
  }
}

interface Window {
  ttl: number;
  start: number;
  endsAt: number;
  hits: Map<string, number>;
  overflowed: boolean;
}

const newWindow = (ttl: number, start: number): Window => ({ ttl, start, endsAt: start + ttl, hits: new Map(), overflowed: false });
