import { Clock } from '../../src/core/common/clock/clock';

/** A clock the test moves by hand. */
export class TestClock extends Clock {
  constructor(private current = Date.now()) {
    super();
  }
  now(): number {
    return this.current;
  }
  set(ms: number): void {
    this.current = ms;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
