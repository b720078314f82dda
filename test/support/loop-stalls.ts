const TICK_MS = 10;
/** A timer is a millisecond or two late on an idle loop; only longer lateness is a stall. */
const JITTER_MS = 4;

/**
 * Time this process could not run since it started: the sum of a 10 ms timer's lateness beyond
 * the jitter of an idle loop. A timing bound of a test whose client and server share the process
 * (a jest worker with a heap of gigabytes, on a host busy with other suites) adds it: a stalled
 * loop delays the server's timer and the client's observation alike, and is not what the bound is
 * about.
 */
export class LoopStalls {
  private stalled = 0;
  private last = Date.now();
  private readonly timer = setInterval(() => {
    const now = Date.now();
    const late = now - this.last - TICK_MS;
    if (late > JITTER_MS) this.stalled += late;
    this.last = now;
  }, TICK_MS);

  /** Milliseconds of lateness so far. */
  get ms(): number {
    const late = Date.now() - this.last - TICK_MS;
    return this.stalled + (late > JITTER_MS ? late : 0);
  }

  stop(): number {
    clearInterval(this.timer);
    return this.ms;
  }
}
