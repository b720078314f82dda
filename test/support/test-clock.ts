import { Clock } from '../../src/core/common/clock/clock';

/**
 * A clock the test moves by hand. It stands still unless `tick()` makes it follow real time
 * (for timing that runs on real timers, such as webhook retries); `set` and `advance` move it
 * either way.
 */
export class TestClock extends Clock {
  private ticking = false;
  private offset = 0;

  constructor(private current = Date.now()) {
    super();
  }
  now(): number {
    return this.ticking ? Date.now() + this.offset : this.current;
  }
  set(ms: number): void {
    if (this.ticking) this.offset = ms - Date.now();
    else this.current = ms;
  }
  advance(ms: number): void {
    if (this.ticking) this.offset += ms;
    else this.current += ms;
  }
  /** From now on the clock runs with real time (ahead by whatever it was moved). */
  tick(): this {
    this.offset = this.current - Date.now();
    this.ticking = true;
    return this;
  }
}
