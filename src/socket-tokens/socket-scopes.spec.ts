import { socketScopes } from './socket-scopes';

describe('socketScopes', () => {
  it('carries only the socket scopes the credential holds, in canonical order', () => {
    expect(socketScopes(['messages:read', 'agent_commands:read', 'sockets:connect', 'tasks:write'])).toEqual([
      'sockets:connect',
      'agent_commands:read',
    ]);
  });

  it('carries all three when all are held', () => {
    expect(socketScopes(['events:read', 'agent_commands:read', 'sockets:connect'])).toEqual([
      'sockets:connect',
      'events:read',
      'agent_commands:read',
    ]);
  });

  it('carries nothing from a credential without socket scopes', () => {
    expect(socketScopes(['messages:read'])).toEqual([]);
  });
});
