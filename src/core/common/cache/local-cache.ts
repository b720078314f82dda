interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * A bounded, short-lived, in-process cache of records that other nodes' events invalidate
 * (verified credentials, a workspace's gateway rules). Entries are dropped when an event says
 * their record changed, and after a short TTL regardless. While the event bus is down the owner
 * suspends the cache: every lookup reads the database.
 *
 * `generation` closes the race between a database read and an invalidation that lands while the
 * read is in flight: a read started before the latest invalidation is not cached.
 */
export class LocalCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generationCounter = 0;
  private suspended = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get generation(): number {
    return this.generationCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): T | undefined {
    if (this.suspended) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now: number, readGeneration: number): void {
    if (readGeneration !== this.generationCounter || this.suspended) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // Map iteration order is insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  /**
   * The cached record for `key`, else what `load` reads (cached unless an invalidation landed
   * while it was being read).
   */
  async read(key: string, now: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const cached = this.get(key, now);
    if (cached !== undefined) return cached;
    const generation = this.generationCounter;
    const loaded = await load();
    if (loaded !== undefined) this.set(key, loaded, now, generation);
    return loaded;
  }

  /** Drops every entry whose record matches; invalidations are rare, so a scan is fine. */
  invalidate(match: (record: T) => boolean): void {
    this.generationCounter++;
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  /**
   * Stops serving and storing entries (the events that would drop them may be missed), or starts
   * again from empty. Either way what was cached is dropped.
   */
  setSuspended(suspended: boolean): void {
    this.suspended = suspended;
    this.clear();
  }

  clear(): void {
    this.generationCounter++;
    this.entries.clear();
  }
}
