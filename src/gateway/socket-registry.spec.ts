import { SocketConnection, SocketKeys, SocketRegistry } from './socket-registry';
import type { MachineScope } from '../auth';
import type { MultiIndex } from '../core/common/cache/multi-index';
import type { WebSocket } from 'ws';

const ws = () => ({}) as WebSocket;
const agent = (credentialId: string, serviceAgentId: string, workspaceId: string, scopes: MachineScope[] = ['sockets:connect']) =>
  new SocketConnection(ws(), {
    kind: 'service_agent',
    credentialId,
    serviceAgentId,
    workspaceId,
    scopes,
    credentialExpiresAt: null,
  });

describe('SocketRegistry', () => {
  it('finds agent sockets by credential, agent and workspace, and operator sockets by session and user', () => {
    const registry = new SocketRegistry();
    const a = agent('c1', 'a1', 'w1');
    const b = agent('c2', 'a1', 'w1');
    const op = new SocketConnection(ws(), { kind: 'operator', sessionId: 's1', userId: 'u1' });
    [a, b, op].forEach((c) => registry.add(c));

    expect(registry.find(SocketKeys.credential('c1'))).toEqual([a]);
    expect(registry.find(SocketKeys.agent('a1'))).toEqual([a, b]);
    expect(registry.find(SocketKeys.workspace('w1'))).toEqual([a, b]);
    expect(registry.find(SocketKeys.session('s1'))).toEqual([op]);
    expect(registry.find(SocketKeys.user('u1'))).toEqual([op]);
    expect(registry.find(SocketKeys.workspace('w2'))).toEqual([]);
    expect(registry.size).toBe(3);
  });

  it('indexes command receivers by agent, from their scopes', () => {
    const registry = new SocketRegistry();
    const commands = agent('c2', 'a1', 'w1', ['sockets:connect', 'agent_commands:read']);
    const both = agent('c3', 'a2', 'w1', ['sockets:connect', 'events:read', 'agent_commands:read']);
    const neither = agent('c4', 'a1', 'w1');
    [commands, both, neither].forEach((c) => registry.add(c));

    expect(registry.find(SocketKeys.commandReceivers('a1'))).toEqual([commands]);
    expect(registry.find(SocketKeys.commandReceivers('a2'))).toEqual([both]);
    expect(registry.find(SocketKeys.workspace('w1'))).toEqual([commands, both, neither]);
    registry.remove(both.ws);
    expect(registry.find(SocketKeys.commandReceivers('a2'))).toEqual([]);
  });

  it('indexes event receivers by workspace and the types their ready asked for, only while they hold events:read', () => {
    const registry = new SocketRegistry();
    const claims = agent('c1', 'a1', 'w1', ['sockets:connect', 'events:read']);
    const all = agent('c2', 'a2', 'w1', ['sockets:connect', 'events:read']);
    const noScope = agent('c3', 'a3', 'w1', ['sockets:connect', 'agent_commands:read']);
    const silent = agent('c4', 'a4', 'w1', ['sockets:connect', 'events:read']);
    const op = new SocketConnection(ws(), { kind: 'operator', sessionId: 's1', userId: 'u1' });
    [claims, all, noScope, silent, op].forEach((c) => registry.add(c));
    // Before any ready, nobody is an event receiver.
    expect(registry.find(SocketKeys.eventReceivers('w1', 'robot.claimed'))).toEqual([]);

    expect(registry.selectEvents(claims, new Set(['robot.claimed', 'robot.retired']))).toEqual(new Set(['robot.claimed', 'robot.retired']));
    expect(registry.selectEvents(all, '*')).toBe('*');
    expect(registry.selectEvents(noScope, '*')).toEqual(new Set());
    expect(registry.selectEvents(op, '*')).toEqual(new Set());
    expect(registry.find(SocketKeys.eventReceivers('w1', 'robot.claimed'))).toEqual([claims]);
    expect(registry.find(SocketKeys.eventReceivers('w1', 'robot.retired'))).toEqual([claims]);
    expect(registry.find(SocketKeys.eventReceivers('w1', '*'))).toEqual([all]);
    expect(registry.find(SocketKeys.eventReceivers('w1', 'api_key.revoked'))).toEqual([]);
    expect(registry.find(SocketKeys.eventReceivers('w2', 'robot.claimed'))).toEqual([]);

    // A later ready replaces the selection; removal drops every per-type entry.
    registry.selectEvents(claims, new Set(['api_key.revoked']));
    expect(registry.find(SocketKeys.eventReceivers('w1', 'robot.claimed'))).toEqual([]);
    expect(registry.find(SocketKeys.eventReceivers('w1', 'api_key.revoked'))).toEqual([claims]);
    registry.remove(claims.ws);
    registry.remove(all.ws);
    expect(registry.find(SocketKeys.eventReceivers('w1', 'api_key.revoked'))).toEqual([]);
    expect(registry.find(SocketKeys.eventReceivers('w1', '*'))).toEqual([]);
    // A socket closed before its ready finished is not indexed again.
    expect(registry.selectEvents(claims, '*')).toEqual(new Set(['api_key.revoked']));
    expect(registry.find(SocketKeys.eventReceivers('w1', '*'))).toEqual([]);
  });

  it('forgets a removed socket everywhere, and drops empty index entries', () => {
    const registry = new SocketRegistry();
    const a = agent('c1', 'a1', 'w1', ['sockets:connect', 'events:read']);
    registry.add(a);
    registry.selectEvents(a, new Set(['robot.claimed']));
    expect(registry.remove(a.ws)).toBe(a);
    expect(registry.remove(a.ws)).toBeUndefined();
    expect(registry.find(SocketKeys.agent('a1'))).toEqual([]);
    expect(registry.get(a.ws)).toBeUndefined();
    expect(registry.size).toBe(0);
    expect((registry as unknown as { index: MultiIndex<unknown> }).index.keys).toBe(0);
  });
});
