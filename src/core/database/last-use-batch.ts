import { Logger } from '@nestjs/common';

/** When each id was last used (ms since the epoch), as one flush hands it to `write`. */
export type LastUses = ReadonlyMap<string, number>;

/** The parameters of a batch's UPDATE ... FROM unnest($1::uuid[], $2::timestamptz[]): the ids and their times. */
export const lastUseParams = (uses: LastUses): [string[], Date[]] => {
  const ids = [...uses.keys()];
  return [ids, ids.map((id) => new Date(uses.get(id)!))];
};

/**
 * "When was this last used" columns (an API key's `last_used_at`, a session's `last_seen_at`)
 * written in batches instead of once per request: `mark` remembers the newest use of each id in
 * memory, and every `everyMs` (and at shutdown) `write` gets them all at once, one statement for
 * the lot. A flush that fails (Postgres out of reach) keeps its uses for the next one, a newer
 * use marked meanwhile winning. `write` must not move a column backwards (another node may have
 * written a newer use first): `WHERE col < v.at`.
 */
export class LastUseBatch {
  private readonly logger: Logger;
  private pending = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly column: string,
    private readonly write: (uses: LastUses) => Promise<unknown>,
  ) {
    this.logger = new Logger(`LastUseBatch(${column})`);
  }

  /** Starts the periodic flush (the timer does not keep the process alive). */
  start(everyMs: number): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is pending. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  mark(id: string, at: number): void {
    if ((this.pending.get(id) ?? 0) < at) this.pending.set(id, at);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.write(batch);
    } catch (err) {
      for (const [id, at] of batch) this.mark(id, at);
      this.logger.warn(`${this.column} flush failed, kept for the next: ${(err as Error).message}`);
    }
  }
}
