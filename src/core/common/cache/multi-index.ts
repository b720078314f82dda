/**
 * A map from a key to the values filed under it, for indexes where most keys name one value (a
 * credential's one socket, an agent's one cached entry): such a key holds the value itself, and
 * a Set only once a second value shares it, so an index of 10,000 robots is 10,000 map entries,
 * not 10,000 Sets. Values must not themselves be Sets. Used by LocalCache's field indexes and the
 * socket registry.
 */
export class MultiIndex<V> {
  private readonly held = new Map<string, V | Set<V>>();

  /** Files `value` under `key` (once: filing it again changes nothing). */
  add(key: string, value: V): void {
    const held = this.held.get(key);
    if (held === undefined) this.held.set(key, value);
    else if (held instanceof Set) held.add(value);
    else if (held !== value) this.held.set(key, new Set([held, value]));
  }

  /** Takes `value` from under `key`; the key goes once nothing is left under it. */
  delete(key: string, value: V): void {
    const held = this.held.get(key);
    if (held === value) this.held.delete(key);
    else if (held instanceof Set) {
      held.delete(value);
      if (held.size === 0) this.held.delete(key);
    }
  }

  /** Calls `visit` with each value under `key`, without copying them into an array. */
  each(key: string, visit: (value: V) => void): void {
    const held = this.held.get(key);
    if (held === undefined) return;
    if (held instanceof Set) for (const value of held) visit(value);
    else visit(held);
  }

  /** The values under `key`, as a new array (safe to change the index while walking it). */
  values(key: string): V[] {
    const held = this.held.get(key);
    if (held === undefined) return [];
    return held instanceof Set ? [...held] : [held];
  }

  /** How many keys hold something. */
  get keys(): number {
    return this.held.size;
  }

  clear(): void {
    this.held.clear();
  }
}
