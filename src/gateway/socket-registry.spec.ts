import type { WebSocket } from 'ws';
import { SocketConnection, SocketKeys, SocketRegistry } from './socket-registry';

const ws = () => ({}) as WebSocket;
const agent = (credentialId: string, serviceAgentId: string, workspaceId: string) =>
  new SocketConnection(ws(), {
    kind: 'service_agent',
    credentialId,
    serviceAgentId,
    workspaceId,
    scopes: ['sockets:connect'],
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
