import { CredentialCache } from './credential-cache';
import type { CredentialRecord } from './credentials.repository';

/** A record carrying only what the cache and the match predicates look at. */
function record(credentialId: string, workspaceId = 'ws-1', serviceAgentId = 'agent-1'): CredentialRecord {
  return {
    credentialId,
    workspaceId,
    serviceAgentId,
    secretHash: Buffer.from('hash'),
    credentialScopes: [],
    credentialStatus: 'active',
    credentialExpiresAt: null,
    agentStatus: 'active',
    workspaceStatus: 'active',
  } as unknown as CredentialRecord;
}

const T0 = 1_700_000_000_000;
const TTL = 1_000;

describe('CredentialCache', () => {
  describe('get / set', () => {
    it('returns undefined for an unknown key', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      expect(cache.get('missing', T0)).toBeUndefined();
      expect(cache.size).toBe(0);
    });

    it('returns the very record that was set, before the ttl', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const r = record('cred-a');
      cache.set('key-a', r, T0, cache.generation);
      expect(cache.size).toBe(1);
      expect(cache.get('key-a', T0)).toBe(r);
      expect(cache.get('key-a', T0 + 999)).toBe(r);
    });

    it('keeps keys apart', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const a = record('cred-a');
      const b = record('cred-b');
      cache.set('key-a', a, T0, cache.generation);
      cache.set('key-b', b, T0, cache.generation);
      expect(cache.get('key-a', T0)).toBe(a);
      expect(cache.get('key-b', T0)).toBe(b);
    });

    it('expires an entry exactly at now + ttl and removes it', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      cache.set('key-a', record('cred-a'), T0, cache.generation);
      expect(cache.get('key-a', T0 + 1_000)).toBeUndefined();
      expect(cache.size).toBe(0);
      // Removed, not merely hidden: an earlier `now` does not bring it back.
      expect(cache.get('key-a', T0)).toBeUndefined();
    });

    it('measures the ttl from the `now` given to set', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const r = record('cred-a');
      cache.set('key-a', r, T0 + 5_000, cache.generation);
      expect(cache.get('key-a', T0 + 5_999)).toBe(r);
      expect(cache.get('key-a', T0 + 6_000)).toBeUndefined();
    });

    it('re-setting a key replaces its value and restarts its ttl', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const first = record('cred-a');
      const second = record('cred-a2');
      cache.set('key-a', first, T0, cache.generation);
      cache.set('key-a', second, T0 + 500, cache.generation);
      expect(cache.size).toBe(1);
      expect(cache.get('key-a', T0 + 1_200)).toBe(second);
      expect(cache.get('key-a', T0 + 1_500)).toBeUndefined();
    });

    it('defaults to a 30 second ttl', () => {
      const cache = new CredentialCache<CredentialRecord>();
      const r = record('cred-a');
      cache.set('key-a', r, T0, cache.generation);
      expect(cache.get('key-a', T0 + 29_999)).toBe(r);
      expect(cache.get('key-a', T0 + 30_000)).toBeUndefined();
    });
  });

  describe('max entries', () => {
    it('holds at most maxEntries, dropping the oldest insertion', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 3);
      const records = ['k1', 'k2', 'k3', 'k4'].map((k) => record(k));
      records.forEach((r, i) => cache.set(`k${i + 1}`, r, T0, cache.generation));
      expect(cache.size).toBe(3);
      expect(cache.get('k1', T0)).toBeUndefined();
      expect(cache.get('k2', T0)).toBe(records[1]);
      expect(cache.get('k3', T0)).toBe(records[2]);
      expect(cache.get('k4', T0)).toBe(records[3]);
    });

    it('re-setting an existing key at capacity evicts nothing', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 3);
      const r1 = record('c1');
      const r2 = record('c2');
      const r3 = record('c3');
      const r2b = record('c2b');
      cache.set('k1', r1, T0, cache.generation);
      cache.set('k2', r2, T0, cache.generation);
      cache.set('k3', r3, T0, cache.generation);
      // k2 is not the oldest, so a wrongful eviction would show as k1 missing.
      cache.set('k2', r2b, T0, cache.generation);
      expect(cache.size).toBe(3);
      expect(cache.get('k1', T0)).toBe(r1);
      expect(cache.get('k2', T0)).toBe(r2b);
      expect(cache.get('k3', T0)).toBe(r3);
    });
  });

  describe('invalidate', () => {
    it('drops only the matching records and bumps the generation', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const a = record('cred-a', 'ws-1');
      const b = record('cred-b', 'ws-2');
      const c = record('cred-c', 'ws-1');
      cache.set('key-a', a, T0, cache.generation);
      cache.set('key-b', b, T0, cache.generation);
      cache.set('key-c', c, T0, cache.generation);
      expect(cache.generation).toBe(0);

      cache.invalidate((r) => r.workspaceId === 'ws-1');

      expect(cache.generation).toBe(1);
      expect(cache.size).toBe(1);
      expect(cache.get('key-a', T0)).toBeUndefined();
      expect(cache.get('key-b', T0)).toBe(b);
      expect(cache.get('key-c', T0)).toBeUndefined();
    });

    it('bumps the generation even when nothing matches', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const a = record('cred-a');
      cache.set('key-a', a, T0, cache.generation);
      cache.invalidate(() => false);
      cache.invalidate(() => false);
      expect(cache.generation).toBe(2);
      expect(cache.get('key-a', T0)).toBe(a);
    });

    it('ignores a set whose generation was read before an invalidation (read/invalidate race)', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const readGeneration = cache.generation; // database read starts
      cache.invalidate((r) => r.credentialId === 'cred-a'); // invalidation lands mid-read
      cache.set('key-a', record('cred-a'), T0, readGeneration); // stale read finishes
      expect(cache.size).toBe(0);
      expect(cache.get('key-a', T0)).toBeUndefined();
    });

    it('accepts a set made with the current generation after an invalidation', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      cache.invalidate(() => true);
      const r = record('cred-a');
      cache.set('key-a', r, T0, cache.generation);
      expect(cache.get('key-a', T0)).toBe(r);
    });

    it('a stale set does not evict anything at capacity', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 2);
      const r1 = record('c1');
      const r2 = record('c2');
      cache.set('k1', r1, T0, cache.generation);
      cache.set('k2', r2, T0, cache.generation);
      const stale = cache.generation;
      cache.invalidate(() => false);
      cache.set('k3', record('c3'), T0, stale);
      expect(cache.size).toBe(2);
      expect(cache.get('k1', T0)).toBe(r1);
      expect(cache.get('k2', T0)).toBe(r2);
      expect(cache.get('k3', T0)).toBeUndefined();
    });
  });

  describe('clear', () => {
    it('empties the cache and bumps the generation', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      cache.set('key-a', record('cred-a'), T0, cache.generation);
      cache.set('key-b', record('cred-b'), T0, cache.generation);
      const before = cache.generation;
      cache.clear();
      expect(cache.size).toBe(0);
      expect(cache.get('key-a', T0)).toBeUndefined();
      expect(cache.get('key-b', T0)).toBeUndefined();
      expect(before).toBe(0);
      expect(cache.generation).toBe(1);
    });

    it('ignores a set whose generation was read before the clear', () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const stale = cache.generation;
      cache.clear();
      cache.set('key-a', record('cred-a'), T0, stale);
      expect(cache.size).toBe(0);
    });
  });

  describe('read', () => {
    it('serves a cached record without loading, and caches what it loads', async () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const r = record('cred-a');
      const load = jest.fn(async () => r);
      await expect(cache.read('key-a', T0, load)).resolves.toBe(r);
      await expect(cache.read('key-a', T0 + 1, load)).resolves.toBe(r);
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('does not cache a record read while an invalidation landed, nor an absent one', async () => {
      const cache = new CredentialCache<CredentialRecord>(TTL, 10);
      const r = record('cred-a');
      await expect(
        cache.read('key-a', T0, async () => {
          cache.invalidate(() => true);
          return r;
        }),
      ).resolves.toBe(r);
      expect(cache.size).toBe(0);
      await expect(cache.read('key-b', T0, async () => undefined)).resolves.toBeUndefined();
      expect(cache.size).toBe(0);
    });
  });

  describe('invalidateWhere (keyed by the indexes given)', () => {
    const BY = { credential: (r: CredentialRecord) => r.credentialId, agent: (r: CredentialRecord) => r.serviceAgentId };
    const indexed = () => new CredentialCache<CredentialRecord>(TTL, 3, BY);

    it('drops exactly the entries holding the value, and bumps the generation as invalidate does', () => {
      const cache = indexed();
      cache.set('key-a', record('cred-a', 'ws-1', 'agent-1'), T0, cache.generation);
      cache.set('tok-a', record('cred-a', 'ws-1', 'agent-1'), T0, cache.generation);
      cache.set('key-b', record('cred-b', 'ws-1', 'agent-2'), T0, cache.generation);
      const before = cache.generation;
      cache.invalidateWhere('agent', 'agent-1');
      expect(cache.generation).toBe(before + 1);
      expect([cache.get('key-a', T0), cache.get('tok-a', T0)]).toEqual([undefined, undefined]);
      expect(cache.get('key-b', T0)?.credentialId).toBe('cred-b');
      cache.invalidateWhere('credential', 'cred-b');
      expect(cache.size).toBe(0);
      cache.invalidateWhere('agent', 'nobody');
      expect(cache.generation).toBe(before + 3);
    });

    it('follows a key set again, an expiry and an eviction: a dropped entry leaves its indexes', () => {
      const cache = indexed();
      cache.set('key-a', record('cred-a', 'ws-1', 'agent-1'), T0, cache.generation);
      // the same key now holds another agent's record: the first agent's event no longer drops it
      cache.set('key-a', record('cred-a2', 'ws-1', 'agent-9'), T0, cache.generation);
      cache.invalidateWhere('agent', 'agent-1');
      expect(cache.get('key-a', T0)?.credentialId).toBe('cred-a2');
      // expired: removed from the index with the entry, so a new entry of the agent is the only one dropped
      expect(cache.get('key-a', T0 + TTL)).toBeUndefined();
      cache.set('key-b', record('cred-b', 'ws-1', 'agent-9'), T0 + TTL, cache.generation);
      cache.set('key-c', record('cred-c', 'ws-1', 'agent-3'), T0 + TTL, cache.generation);
      cache.set('key-d', record('cred-d', 'ws-1', 'agent-4'), T0 + TTL, cache.generation);
      // full (3): key-e evicts the oldest, key-b
      cache.set('key-e', record('cred-e', 'ws-1', 'agent-9'), T0 + TTL, cache.generation);
      expect(cache.get('key-b', T0 + TTL)).toBeUndefined();
      cache.invalidateWhere('agent', 'agent-9');
      expect(cache.get('key-e', T0 + TTL)).toBeUndefined();
      expect(cache.size).toBe(2);
      cache.clear();
      cache.set('key-f', record('cred-f', 'ws-1', 'agent-3'), T0, cache.generation);
      cache.invalidateWhere('agent', 'agent-3');
      expect(cache.size).toBe(0);
    });

    it('refuses an index it was not given', () => {
      expect(() => indexed().invalidateWhere('workspace', 'ws-1')).toThrow('no cache index workspace');
    });
  });
});
