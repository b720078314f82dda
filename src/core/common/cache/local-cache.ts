import { MultiIndex } from './multi-index';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** Named fields of a record by which its entries can be dropped at once (LocalCache.invalidateWhere). */
export type CacheIndexes<T> = Record<string, (record: T) => string>;

/**
 * A bounded, short-lived, in-process cache of records that other nodes' events invalidate
 * (verified credentials, a workspace's gateway rules). Entries are dropped when an event says
 * their record changed, and after a short TTL regardless. While the event bus is down the owner
 * suspends the cache: every lookup reads the database.
 *
 * `generation` closes the race between a database read and an invalidation that lands while the
 * read is in flight: a read started before the latest invalidation is not cached.
 *
 * With `indexes`, the cache also keeps, per named field, the keys of the entries holding each
 * value, so that an event naming one credential, agent or workspace drops its entries in time
 * proportional to them (invalidateWhere) instead of visiting every entry: a batch retiring 10,000
 * robots sends 10,000 agent events to a cache holding their 10,000 keys (issue 58).
 */
export class LocalCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Per index: a field's value to the keys of the entries holding it. */
  private readonly byValue: MultiIndex<string>[];
  private readonly indexOf: ReadonlyMap<string, number>;
  private readonly fields: ((record: T) => string)[];
  private generationCounter = 0;
  private suspended = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    indexes: CacheIndexes<T> = {},
  ) {
    const names = Object.keys(indexes);
    this.fields = names.map((name) => indexes[name]);
    this.indexOf = new Map(names.map((name, i) => [name, i]));
    this.byValue = names.map(() => new MultiIndex<string>());
  }

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
      this.remove(key, entry);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now: number, readGeneration: number): void {
    if (readGeneration !== this.generationCounter || this.suspended) return;
    const held = this.entries.get(key);
    // a key set again keeps its place in the eviction order, as Map.set keeps it
    if (held) this.unindex(key, held.value);
    else if (this.entries.size >= this.maxEntries) {
      // Map iteration order is insertion order: drop the oldest entry.
      const oldest = this.entries.entries().next().value;
      if (oldest !== undefined) this.remove(oldest[0], oldest[1]);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    for (let i = 0; i < this.fields.length; i++) this.byValue[i].add(this.fields[i](value), key);
  }

  /** Takes an entry out of the cache and of every index. */
  private remove(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.unindex(key, entry.value);
  }

  private unindex(key: string, value: T): void {
    for (let i = 0; i < this.fields.length; i++) this.byValue[i].delete(this.fields[i](value), key);
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

  /** Drops every entry whose record matches, visiting every entry (invalidateWhere visits only those). */
  invalidate(match: (record: T) => boolean): void {
    this.generationCounter++;
    for (const [key, entry] of this.entries) if (match(entry.value)) this.remove(key, entry);
  }

  /** Drops the entries whose field `index` (one of the constructor's `indexes`) is `value`. */
  invalidateWhere(index: string, value: string): void {
    const i = this.indexOf.get(index);
    if (i === undefined) throw new Error(`no cache index ${index}`);
    this.generationCounter++;
    for (const key of this.byValue[i].values(value)) {
      const entry = this.entries.get(key);
      if (entry) this.remove(key, entry);
    }
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
    for (const index of this.byValue) index.clear();
  }
}
