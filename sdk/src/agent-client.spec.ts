import { AgentClient, fillPath } from './agent-client';

describe('fillPath', () => {
  it('fills each placeholder, URL-encoded, and refuses a missing one', () => {
    expect(fillPath('/api/v1/traces/{id}', { id: 'a/b c' })).toBe('/api/v1/traces/a%2Fb%20c');
    expect(fillPath('/api/v1/messages')).toBe('/api/v1/messages');
    expect(() => fillPath('/api/v1/traces/{id}', {})).toThrow(/missing path parameter id/);
  });
});

describe('AgentClient options', () => {
  it('needs an agk_ key and a base URL, and a sane refresh point', () => {
    expect(() => new AgentClient({ baseUrl: 'http://localhost:4000' })).toThrow(/agk_ key/);
    expect(() => new AgentClient({ apiKey: 'agk_a.b' })).toThrow(/baseUrl/);
    expect(() => new AgentClient({ baseUrl: 'http://localhost:4000', apiKey: 'mpk_a.b' })).toThrow(/agk_ key/);
    expect(() => new AgentClient({ baseUrl: 'http://localhost:4000', apiKey: 'agk_a.b', refreshAfter: 1.5 })).toThrow(/refreshAfter/);
    expect(new AgentClient({ baseUrl: 'http://localhost:4000', apiKey: 'agk_a.b' }).auth).toBe('access_token');
  });
});
