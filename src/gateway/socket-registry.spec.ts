import { SocketConnection, SocketKeys, SocketRegistry } from './socket-registry';
import type { MachineScope } from '../auth';
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

  it('indexes the receivers of pushes by their scopes: events by workspace, commands by agent', () => {
    const registry = new SocketRegistry();
    const events = agent('c1', 'a1', 'w1', ['sockets:connect', 'events:read']);
    const commands = agent('c2', 'a1', 'w1', ['sockets:connect', 'agent_commands:read']);
    const both = agent('c3', 'a2', 'w1', ['sockets:connect', 'events:read', 'agent_commands:read']);
    const neither = agent('c4', 'a1', 'w1');
    const op = new SocketConnection(ws(), { kind: 'operator', sessionId: 's1', userId: 'u1' });
    [events, commands, both, neither, op].forEach((c) => registry.add(c));

    expect(registry.find(SocketKeys.eventReceivers('w1'))).toEqual([events, both]);
    expect(registry.find(SocketKeys.commandReceivers('a1'))).toEqual([commands]);
    expect(registry.find(SocketKeys.commandReceivers('a2'))).toEqual([both]);
    expect(registry.find(SocketKeys.workspace('w1'))).toEqual([events, commands, both, neither]);
    registry.remove(both.ws);
    expect(registry.find(SocketKeys.eventReceivers('w1'))).toEqual([events]);
    expect(registry.find(SocketKeys.commandReceivers('a2'))).toEqual([]);
  });

  it('forgets a removed socket everywhere, and drops empty index entries', () => {
    const registry = new SocketRegistry();
    const a = agent('c1', 'a1', 'w1');
    registry.add(a);
    expect(registry.remove(a.ws)).toBe(a);
    expect(registry.remove(a.ws)).toBeUndefined();
    expect(registry.find(SocketKeys.agent('a1'))).toEqual([]);
    expect(registry.get(a.ws)).toBeUndefined();
    expect(registry.size).toBe(0);
    expect((registry as unknown as { index: Map<string, unknown> }).index.size).toBe(0);
  });
});
