import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ServiceAgentsService } from '../src/agents/service-agents.service';
import { CredentialRevoker } from '../src/credentials/credential-revoker.service';
import { WorkspacesService } from '../src/identity/workspaces.service';
import { makeWorkspace, Registered } from './support/builders';
import { expectProblem } from './support/problem';
import { issueKey } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const INSUFFICIENT_SCOPE = 'The token does not have sufficient scope';
const SOCKET_SCOPES = ['sockets:connect', 'events:read', 'agent_commands:read'];
const sha256 = (s: string) => createHash('sha256').update(s).digest();

describe('POST /api/v1/socket_tokens', () => {
  let t: TestApp;
  let db: DataSource;
  let w: Registered;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    w = await makeWorkspace(t);
  });
  afterAll(() => t.close());

  it('mints a 600-second token for /socket, bound to the credential, with the socket scopes it holds', async () => {
    const res = await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', w.apiKey).expect(200);
    expect(res.body).toEqual({
      scopes: SOCKET_SCOPES,
      socket_path: '/socket',
      expires_in: 600,
      service_agent_id: w.keyAgentId,
      workspace_id: w.workspaceId,
      socket_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);

    // stored as SHA-256 only, with its credential, scopes and expiry
    const rows = await db.query(`SELECT credential_id, token_hash, scopes, expires_at FROM socket_tokens WHERE token_hash = $1`, [
      sha256(res.body.socket_token),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].credential_id).toBe(w.credentialId);
    expect(rows[0].scopes).toEqual(SOCKET_SCOPES);
    expect(new Date(rows[0].expires_at).getTime()).toBe(t.clock.now() + 600_000);
    const plain = await db.query(`SELECT 1 FROM socket_tokens WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`, [
      res.body.socket_token,
    ]);
    expect(plain).toHaveLength(0);
  });

  it('accepts a Bearer access token, and carries only the scopes that token holds', async () => {
    const full = await t.http().post('/api/v1/socket_tokens').set('authorization', `Bearer ${w.accessToken}`).expect(200);
    expect(full.body.scopes).toEqual(SOCKET_SCOPES);

    const exchanged = await t
      .http()
      .post('/api/v1/agent_tokens')
      .set('x-agent-api-key', w.apiKey)
      .send({ scopes: ['sockets:connect', 'messages:read'] })
      .expect(200);
    const narrow = await t.http().post('/api/v1/socket_tokens').set('authorization', `Bearer ${exchanged.body.token}`).expect(200);
    expect(narrow.body.scopes).toEqual(['sockets:connect']);
    expect(narrow.body.socket_token).not.toBe(full.body.socket_token);
  });

  it('requires the scope sockets:connect, even when the other socket scopes are held', async () => {
    const { key } = await issueKey(t, w, ['events:read', 'agent_commands:read', 'messages:read']);
    const res = await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', key);
    expectProblem(res, 403, 'forbidden', { detail: INSUFFICIENT_SCOPE });
  });

  it('answers 401 for a missing, invalid, revoked or expired credential', async () => {
    expectProblem(await t.http().post('/api/v1/socket_tokens'), 401, 'unauthorized', { detail: 'api_key_required' });
    expectProblem(await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', 'agk_nope'), 401, 'unauthorized', {
      detail: 'invalid_api_key',
    });
    expectProblem(await t.http().post('/api/v1/socket_tokens').set('authorization', 'Bearer nope'), 401, 'unauthorized', {
      detail: 'invalid_token',
    });

    const revoked = await issueKey(t, w, ['sockets:connect']);
    await t.app.get(CredentialRevoker).changeStatus(revoked.credentialId, w.workspaceId, 'revoked');
    expectProblem(await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', revoked.key), 401, 'unauthorized', {
      detail: 'api_key_revoked',
    });

    const expiring = await issueKey(t, w, ['sockets:connect'], { expiresAt: new Date(t.clock.now() + 1000) });
    t.clock.advance(1000);
    expectProblem(await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', expiring.key), 401, 'unauthorized', {
      detail: 'api_key_expired',
    });
  });

  it('refuses an inactive agent and a frozen workspace with 403 before minting anything', async () => {
    const other = await makeWorkspace(t);
    const agentKey = await issueKey(t, other, ['sockets:connect']);
    const before = await db.query(`SELECT count(*)::int AS n FROM socket_tokens WHERE credential_id = ANY($1::uuid[])`, [
      [agentKey.credentialId, other.credentialId],
    ]);

    await t.app.get(ServiceAgentsService).update(other.workspaceId, other.defaultAgentId, { status: 'inactive' });
    expectProblem(await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', agentKey.key), 403, 'forbidden', {
      detail: 'service_agent_inactive',
    });

    await t.app.get(WorkspacesService).update(other.workspaceId, { status: 'frozen' });
    expectProblem(await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', other.apiKey), 403, 'forbidden', {
      error: 'workspace_frozen',
    });

    const after = await db.query(`SELECT count(*)::int AS n FROM socket_tokens WHERE credential_id = ANY($1::uuid[])`, [
      [agentKey.credentialId, other.credentialId],
    ]);
    expect(after[0].n).toBe(before[0].n);
  });

  it('a socket token is no HTTP credential', async () => {
    const { body } = await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', w.apiKey).expect(200);
    expectProblem(await t.http().post('/api/v1/socket_tokens').set('authorization', `Bearer ${body.socket_token}`), 401, 'unauthorized', {
      detail: 'invalid_token',
    });
    expectProblem(await t.http().get('/api/v1/messages').set('authorization', `Bearer ${body.socket_token}`), 401, 'unauthorized', {
      detail: 'invalid_token',
    });
    expectProblem(await t.http().get('/api/v1/messages').set('x-agent-api-key', body.socket_token), 401, 'unauthorized', {
      detail: 'invalid_api_key',
    });
    expectProblem(await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', body.socket_token), 401, 'unauthorized', {
      detail: 'invalid_api_key',
    });
  });

  it('is documented in OpenAPI with machine auth and its problem responses', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const op = doc.paths['/api/v1/socket_tokens'].post;
    expect(op.security).toEqual(expect.arrayContaining([{ machine: [] }, { 'agent-api-key': [] }]));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
  });
});
