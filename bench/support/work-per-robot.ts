/**
 * Issue 58, in-process: the service's own structures whose size follows the fleet, each timed at
 * two fleet sizes with the same code the service runs (no copy): the cost per unit of work (a
 * lookup, an event, a socket) at the larger size over the smaller, target within 1.5x.
 * - the credential cache (CredentialCache, one per kind of machine credential): a lookup, and the
 *   invalidation a credential, agent or workspace event runs (MachineCredentialVerifier: through
 *   the cache's index; and, for the record, the scan of every entry it ran before), with one
 *   cached key per robot;
 * - the socket registry (SocketRegistry): a push's lookup of an agent's sockets, and a socket's
 *   connect and disconnect, with one socket per robot.
 */
import { randomUUID } from 'node:crypto';
import { CREDENTIAL_EVENT_INDEXES, CredentialCache } from '../../src/credentials/credential-cache';
import { SocketConnection, SocketKeys, SocketRegistry } from '../../src/gateway/socket-registry';
import type { CredentialRecord } from '../../src/credentials/credentials.repository';
import type { WebSocket } from 'ws';

export interface UnitCost {
  name: string;
  unit: string;
  small: number;
  large: number;
  /** ns per unit at each size. */
  smallNs: number;
  largeNs: number;
  ratio: number;
  met: boolean;
}

export const UNIT_COST_TARGET = 1.5;

/** ns per call of `fn`, the median of 5 runs of about 50 ms each (after a warm-up run). */
function nsPerCall(fn: (i: number) => void): number {
  let iterations = 1_000;
  for (;;) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn(i);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (ms >= 50) break;
    iterations *= ms < 5 ? 10 : 2;
  }
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn(i);
    runs.push(Number(process.hrtime.bigint() - start) / iterations);
  }
  return runs.sort((a, b) => a - b)[2];
}

/** A verified key of a robot's agent as the cache holds it (only the ids matter to the cache). */
const record = (workspaceId: string): CredentialRecord =>
  ({ credentialId: randomUUID(), workspaceId, serviceAgentId: randomUUID() }) as unknown as CredentialRecord;

function credentialCase(n: number) {
  const now = Date.now();
  // as MachineCredentialVerifier makes its caches: indexed by what the events name
  const cache = new CredentialCache<CredentialRecord>(3_600_000, 50_000, CREDENTIAL_EVENT_INDEXES);
  const workspaceId = randomUUID();
  const records = Array.from({ length: n }, () => record(workspaceId));
  const keys = records.map((r) => r.credentialId.slice(0, 12));
  records.forEach((r, i) => cache.set(keys[i], r, now, cache.generation));
  const lookup = nsPerCall((i) => {
    if (!cache.get(keys[i % n], now)) throw new Error('cache miss');
  });
  // an agent.changed of an agent cached nowhere (nothing is dropped, so every call sees the same
  // cache): through the agent index, as MachineCredentialVerifier's handler drops it, and as it
  // did before issue 58, visiting every entry with a predicate
  const absent = randomUUID();
  const invalidation = nsPerCall(() => cache.invalidateWhere('agent', absent));
  const scan = nsPerCall(() => cache.invalidate((r) => r.serviceAgentId === absent));
  if (cache.size !== n) throw new Error('the invalidation dropped entries');
  return { lookup, invalidation, scan };
}

const principal = (workspaceId: string) => ({
  kind: 'service_agent' as const,
  credentialId: randomUUID(),
  workspaceId,
  serviceAgentId: randomUUID(),
  scopes: ['agent_commands:read' as const],
  credentialExpiresAt: null,
});

function socketCase(n: number) {
  const registry = new SocketRegistry();
  const workspaceId = randomUUID();
  const conns = Array.from({ length: n }, () => new SocketConnection({} as WebSocket, principal(workspaceId)));
  conns.forEach((c) => registry.add(c));
  const agentKeys = conns.map((c) => SocketKeys.commandReceivers(c.identity.kind === 'service_agent' ? c.identity.serviceAgentId : ''));
  const push = nsPerCall((i) => {
    if (registry.find(agentKeys[i % n]).length !== 1) throw new Error('no receiver');
  });
  // a robot reconnecting: its socket out of every index and back in
  const churn = nsPerCall((i) => {
    const conn = conns[i % n];
    registry.remove(conn.ws);
    registry.add(conn);
  });
  if (registry.size !== n) throw new Error('sockets lost');
  return { push, churn };
}

/** Every case at `small` and `large` robots. */
export function workPerRobot(small: number, large: number): UnitCost[] {
  const c = [credentialCase(small), credentialCase(large)];
  const s = [socketCase(small), socketCase(large)];
  const row = (name: string, unit: string, smallNs: number, largeNs: number): UnitCost => {
    const ratio = largeNs / smallNs;
    return { name, unit, small, large, smallNs, largeNs, ratio, met: ratio <= UNIT_COST_TARGET };
  };
  return [
    row('credential cache: lookup', 'a lookup', c[0].lookup, c[1].lookup),
    row('credential cache: an agent event, through its index', 'an event, one cache', c[0].invalidation, c[1].invalidation),
    row('credential cache: an agent event, visiting every entry (before issue 58)', 'an event, one cache', c[0].scan, c[1].scan),
    row("socket registry: a push's receivers (find)", 'a push', s[0].push, s[1].push),
    row('socket registry: a reconnect (remove + add)', 'a socket', s[0].churn, s[1].churn),
  ];
}
