/**
 * How long the first lookup of a batch waits for others. A fleet powered on at once opens
 * thousands of sockets together, and each upgrade looks its token up in an event-loop turn of
 * its own: one at a time, 5,000 upgrades were about 5,000 statements and as many writes to
 * Postgres (bench/README.md, finding 28). Three milliseconds gather a storm's lookups about 19 to
 * a statement (one millisecond: about 5, and a third more CPU per socket; finding 38), and are
 * lost in a websocket handshake.
 */
export const LOOKUP_WINDOW_MS = 3;

/** Keys a batch holds at most (bounds the statement's array parameter). */
export const MAX_LOOKUP_BATCH = 500;

interface Waiting<V> {
  resolve: (value: V | undefined) => void;
  reject: (err: Error) => void;
}

/**
 * Lookups by key that arrive in storms, answered by one statement per batch: the keys asked for
 * within LOOKUP_WINDOW_MS of the first (or MAX_LOOKUP_BATCH of them) go to `lookUp` together,
 * which returns what it found by key. Each caller gets its key's value, or undefined when
 * nothing was found; one key asked for twice is looked up once. If `lookUp` fails, every lookup
 * of that batch fails with its error (a lost connection would have failed each of them alone).
 * `keyOf` turns a key into a Map key (a Buffer's hex, say).
 */
export class LookupBatcher<K, V> {
  private waiting = new Map<string, { key: K; callers: Array<Waiting<V>> }>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly lookUp: (keys: K[]) => Promise<Map<string, V>>,
    private readonly keyOf: (key: K) => string,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const id = this.keyOf(key);
      let entry = this.waiting.get(id);
      if (!entry) this.waiting.set(id, (entry = { key, callers: [] }));
      entry.callers.push({ resolve, reject });
      if (this.waiting.size >= MAX_LOOKUP_BATCH) this.flush();
      else this.timer ??= setTimeout(this.flush, LOOKUP_WINDOW_MS);
    });
  }

  private readonly flush = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = new Map();
    if (batch.size > 0) void this.answer(batch);
  };

  private async answer(batch: Map<string, { key: K; callers: Array<Waiting<V>> }>): Promise<void> {
    let found: Map<string, V>;
    try {
      found = await this.lookUp([...batch.values()].map((entry) => entry.key));
    } catch (err) {
      for (const entry of batch.values()) for (const caller of entry.callers) caller.reject(err as Error);
      return;
    }
    for (const [id, entry] of batch) for (const caller of entry.callers) caller.resolve(found.get(id));
  }
}
