import { Logger } from '@nestjs/common';

/**
 * A piece of housekeeping every node runs on a timer (expiring approvals, re-enqueueing stalled
 * batch operations, flushing buffered writes). Runs never overlap on one node; what several nodes
 * do at once is the task's own business (its SQL takes rows with SKIP LOCKED or is idempotent). A
 * failed run is logged as a warning and the next tick tries again, so a database or Redis outage
 * only delays the work. The timer does not keep the process alive; `stop()` waits for a run in
 * progress.
 */
export class PeriodicTask {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly run: () => Promise<unknown>,
  ) {
    this.logger = new Logger(`PeriodicTask:${name}`);
  }

  start(everyMs: number): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  /** Runs now (unless a run is in progress, which is then awaited); never throws. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) return this.running;
    this.running = this.run()
      .then(() => undefined)
      .catch((err: unknown) => this.logger.warn(`${this.name}: ${(err as Error).message}; retried on the next tick`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * A run that starts after everything done before this call: waits for a run in progress (it
   * may have taken its work before the caller's last change), then runs. For "write what is
   * buffered now" (a flush).
   */
  async tickAfterRunning(): Promise<void> {
    await this.running;
    await this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
