import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ServiceAgentsService } from '../src/agents/service-agents.service';
import { MACHINE_SCOPES } from '../src/auth/scopes';
import { Db } from '../src/core/database/db.service';
import { CredentialIssuer } from '../src/credentials/credential-issuer.service';
import { CredentialRevoker } from '../src/credentials/credential-revoker.service';
import { WorkspacesService } from '../src/identity/workspaces.service';
import { makeWorkspace, Registered } from './support/builders';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PRIMARY_SCOPES = MACHINE_SCOPES.filter((s) => s !== 'credentials:write');
const BEARER_REFUSED = 'This endpoint accepts an API key, not a Bearer token';
const INSUFFICIENT_SCOPE = 'The token does not have sufficient scope';
const DAY_MS = 86_400_000;

const sorted = (xs: readonly string[]) => [...xs].sort();
const sha256 = (s: string) => createHash('sha256').update(s).digest();
const b64url = (n: number) => randomBytes(n).toString('base64url');

function expect401(res: Response, detail: string): void {
  expectProblem(res, 401, 'unauthorized', { title: 'Unauthorized', detail });
}

function expect403(res: Response, detail: string): Record<string, unknown> {
  return expectProblem(res, 403, 'forbidden', { title: 'Forbidden', detail });
}

describe('POST /api/v1/agent_tokens', () => {
  let t: TestApp;
  let db: DataSource;
  let door: Db;
  let issuer: CredentialIssuer;
  let revoker: CredentialRevoker;
  let ws: Registered;

  const exchange = () => t.http().post('/api/v1/agent_tokens');
  const withHeader = (key: string, body: Record<string, unknown> = {}) => exchange().set('x-agent-api-key', key).send(body);
  const getMessages = (token: string) => t.http().get('/api/v1/messages').set('authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    door = t.app.get(Db);
    issuer = t.app.get(CredentialIssuer);
    revoker = t.app.get(CredentialRevoker);
    ws = await makeWorkspace(t);
  });
  afterAll(() => t.close());

  describe('200 TokenResponse', () => {
    it('via the x-agent-api-key header: exactly the TokenResponse fields, a working 30-day token', async () => {
      const res = await withHeader(ws.apiKey);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(sorted(Object.keys(res.body))).toEqual(['credential_id', 'expires_in', 'scopes', 'service_agent_id', 'token', 'workspace_id']);
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.token).not.toBe(ws.accessToken);
      expect(res.body.expires_in).toBe(2592000);
      expect(res.body.credential_id).toBe(ws.credentialId);
      expect(res.body.service_agent_id).toBe(ws.keyAgentId);
      expect(res.body.workspace_id).toBe(ws.workspaceId);
      for (const id of [res.body.credential_id, res.body.service_agent_id, res.body.workspace_id]) expect(id).toMatch(UUID);
      // without scopes: every scope of the key
      expect(sorted(res.body.scopes)).toEqual(sorted(PRIMARY_SCOPES));

      // stored as a hash, expiring 30 days from now (the app clock)
      const rows = await db.query(`SELECT credential_id, scopes, expires_at FROM access_tokens WHERE token_hash = $1`, [
        sha256(res.body.token),
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0].credential_id).toBe(ws.credentialId);
      expect(new Date(rows[0].expires_at).getTime()).toBe(t.clock.now() + 30 * DAY_MS);

      await getMessages(res.body.token).expect(200);
    });

    it('via the body api_key', async () => {
      const res = await exchange().send({ api_key: ws.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.credential_id).toBe(ws.credentialId);
      expect(res.body.workspace_id).toBe(ws.workspaceId);
      expect(sorted(res.body.scopes)).toEqual(sorted(PRIMARY_SCOPES));
      await getMessages(res.body.token).expect(200);
    });

    it('every exchange mints a distinct token', async () => {
      const a = await withHeader(ws.apiKey).expect(200);
      const b = await withHeader(ws.apiKey).expect(200);
      expect(a.body.token).not.toBe(b.body.token);
    });

    it('exchanges that arrive together (their inserts merged into one statement) each store and answer their own token and scopes', async () => {
      const asks = [['messages:read'], ['tasks:read'], ['messages:read', 'tasks:read'], undefined];
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => withHeader(ws.apiKey, asks[i % asks.length] ? { scopes: asks[i % asks.length] } : {})),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      expect(new Set(responses.map((r) => r.body.token)).size).toBe(40);
      const rows = await db.query<Array<{ token_hash: Buffer; scopes: string[] }>>(
        `SELECT token_hash, scopes FROM access_tokens WHERE token_hash = ANY($1)`,
        [responses.map((r) => sha256(r.body.token))],
      );
      const stored = new Map(rows.map((r) => [r.token_hash.toString('hex'), r.scopes]));
      responses.forEach((res, i) => {
        expect(sorted(stored.get(sha256(res.body.token).toString('hex'))!)).toEqual(sorted(asks[i % asks.length] ?? PRIMARY_SCOPES));
        expect(sorted(res.body.scopes)).toEqual(sorted(asks[i % asks.length] ?? PRIMARY_SCOPES));
      });
      for (const res of responses.slice(0, 4))
        await getMessages(res.body.token).expect(res.body.scopes.includes('messages:read') ? 200 : 403);
    });

    it('the underscore header x_agent_api_key is not read: 401 api_key_required', async () => {
      const res = await exchange().set('x_agent_api_key', ws.apiKey).send({});
      expect401(res, 'api_key_required');
    });

    it('requested scopes: the token carries exactly those scopes', async () => {
      const res = await withHeader(ws.apiKey, { scopes: ['messages:read', 'tasks:read'] });
      expect(res.status).toBe(200);
      expect(res.body.scopes).toEqual(['messages:read', 'tasks:read']);
      const rows = await db.query(`SELECT scopes FROM access_tokens WHERE token_hash = $1`, [sha256(res.body.token)]);
      expect(sorted(rows[0].scopes)).toEqual(['messages:read', 'tasks:read']);
      // and they are enforced
      await getMessages(res.body.token).expect(200);
      const write = await t.http().post('/api/v1/messages').set('authorization', `Bearer ${res.body.token}`).send({ body: 'x' });
      expect403(write, INSUFFICIENT_SCOPE);
    });

    it('a repeated requested scope is granted once', async () => {
      const res = await withHeader(ws.apiKey, { scopes: ['messages:read', 'messages:read'] });
      expect(res.status).toBe(200);
      expect(res.body.scopes).toEqual(['messages:read']);
    });

    it('a scope the key does not hold (credentials:write on the primary key) is 403 insufficient_scopes, no token minted', async () => {
      const before = await db.query(`SELECT count(*) AS n FROM access_tokens WHERE credential_id = $1`, [ws.credentialId]);
      const res = await withHeader(ws.apiKey, { scopes: ['messages:read', 'credentials:write'] });
      expect403(res, 'insufficient_scopes');
      expect(res.body.token).toBeUndefined();
      const after = await db.query(`SELECT count(*) AS n FROM access_tokens WHERE credential_id = $1`, [ws.credentialId]);
      expect(after[0].n).toBe(before[0].n);
    });

    it('a key with a narrower scope set cannot be exchanged for a wider one', async () => {
      const key = await door.transaction((m) =>
        issuer.issueApiKey(m, { workspaceId: ws.workspaceId, serviceAgentId: ws.keyAgentId }, ['messages:read']),
      );
      const all = await withHeader(key.key);
      expect(all.status).toBe(200);
      expect(all.body.scopes).toEqual(['messages:read']);
      expect403(await withHeader(key.key, { scopes: ['messages:write'] }), 'insufficient_scopes');
    });

    it.each([
      ['an unknown scope', { scopes: ['messages:read', 'bogus:scope'] }],
      ['scopes that is not an array', { scopes: 'messages:read' }],
      ['an unknown body field', { api_key_extra: 'x' }],
    ])('%s is a 422 validation error', async (_label, body) => {
      const res = await withHeader(ws.apiKey, body);
      const problem = expectProblem(res, 422, 'validation-error', { title: 'Unprocessable Content', detail: 'validation_failed' });
      expect(Object.keys(problem.errors as object)).toEqual([Object.keys(body)[0]]);
    });
  });

  describe('400 when a Bearer token is sent', () => {
    it('with a valid API key in the header too', async () => {
      const res = await exchange().set('authorization', `Bearer ${ws.accessToken}`).set('x-agent-api-key', ws.apiKey).send({});
      expectProblem(res, 400, 'bad-request', { detail: BEARER_REFUSED });
    });

    it('with the API key itself as the Bearer token', async () => {
      const res = await exchange().set('authorization', `Bearer ${ws.apiKey}`).send({ api_key: ws.apiKey });
      expectProblem(res, 400, 'bad-request', { detail: BEARER_REFUSED });
    });

    it('with a lowercase scheme', async () => {
      const res = await exchange().set('authorization', `bearer ${ws.accessToken}`).set('x-agent-api-key', ws.apiKey).send({});
      expectProblem(res, 400, 'bad-request', { detail: BEARER_REFUSED });
    });

    it('wins over body validation (400, not 422)', async () => {
      const res = await exchange()
        .set('authorization', `Bearer ${ws.accessToken}`)
        .send({ api_key: 42, scopes: ['bogus:scope'], unknown_field: true });
      expectProblem(res, 400, 'bad-request', { detail: BEARER_REFUSED });
      expect(res.body.errors).toBeUndefined();
    });

    it('mints no token', async () => {
      const before = await db.query(`SELECT count(*) AS n FROM access_tokens WHERE credential_id = $1`, [ws.credentialId]);
      await exchange().set('authorization', `Bearer ${ws.accessToken}`).set('x-agent-api-key', ws.apiKey).send({}).expect(400);
      const after = await db.query(`SELECT count(*) AS n FROM access_tokens WHERE credential_id = $1`, [ws.credentialId]);
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe('401', () => {
    it('api_key_required when nothing is sent', async () => {
      expect401(await exchange().send({}), 'api_key_required');
      expect401(await exchange(), 'api_key_required');
    });

    it.each([
      ['garbage in the header', () => ({ header: 'not-a-key' })],
      ['garbage in the body', () => ({ body: 'not-a-key' })],
      ['a real prefix with the wrong secret', () => ({ header: `${ws.apiKey.split('.')[0]}.${b64url(32)}` })],
      ['a well-formed key that does not exist', () => ({ header: `agk_${b64url(8)}.${b64url(32)}` })],
      ['an age_ enrollment token of the right shape', () => ({ header: `age_${b64url(8)}.${b64url(32)}` })],
      ['the real key relabelled as age_', () => ({ header: ws.apiKey.replace(/^agk_/, 'age_') })],
      ['an access token instead of a key', () => ({ header: ws.accessToken })],
    ])('invalid_api_key: %s', async (_label, make) => {
      const { header, body } = make() as { header?: string; body?: string };
      const req = exchange();
      if (header) req.set('x-agent-api-key', header);
      expect401(await req.send(body ? { api_key: body } : {}), 'invalid_api_key');
    });

    it('api_key_revoked after the key was revoked (right after a successful exchange)', async () => {
      const w = await makeWorkspace(t);
      await withHeader(w.apiKey).expect(200);
      await revoker.changeStatus(w.credentialId, w.workspaceId, 'revoked');
      expect401(await withHeader(w.apiKey), 'api_key_revoked');
      expect401(await exchange().send({ api_key: w.apiKey }), 'api_key_revoked');
    });

    it('api_key_archived after the key was archived', async () => {
      const w = await makeWorkspace(t);
      await withHeader(w.apiKey).expect(200);
      await revoker.changeStatus(w.credentialId, w.workspaceId, 'archived');
      expect401(await withHeader(w.apiKey), 'api_key_archived');
    });

    it('api_key_expired once expires_at has passed (cached key, invalidation published)', async () => {
      const w = await makeWorkspace(t);
      await withHeader(w.apiKey).expect(200);
      await db.query(`UPDATE api_credentials SET expires_at = now() - interval '1 hour' WHERE id = $1`, [w.credentialId]);
      await revoker.publishCredentialChanged(w.credentialId);
      expect401(await withHeader(w.apiKey), 'api_key_expired');
    });

    it('api_key_expired for a fresh key issued with an expiry in the past', async () => {
      const key = await door.transaction((m) =>
        issuer.issueApiKey(m, { workspaceId: ws.workspaceId, serviceAgentId: ws.keyAgentId }, ['messages:read'], {
          expiresAt: new Date(t.clock.now() - 1000),
        }),
      );
      expect401(await withHeader(key.key), 'api_key_expired');
    });

    it('a key whose expiry is still ahead is accepted', async () => {
      const key = await door.transaction((m) =>
        issuer.issueApiKey(m, { workspaceId: ws.workspaceId, serviceAgentId: ws.keyAgentId }, ['messages:read'], {
          expiresAt: new Date(t.clock.now() + 60_000),
        }),
      );
      await withHeader(key.key).expect(200);
    });

    it('401 responses carry no token', async () => {
      const res = await withHeader('not-a-key');
      expect(res.status).toBe(401);
      expect(res.body.token).toBeUndefined();
    });
  });

  describe('403', () => {
    it("service_agent_inactive once the key's agent is deactivated", async () => {
      const w = await makeWorkspace(t);
      const key = await door.transaction((m) =>
        issuer.issueApiKey(m, { workspaceId: w.workspaceId, serviceAgentId: w.defaultAgentId }, ['messages:read']),
      );
      const ok = await withHeader(key.key).expect(200);
      expect(ok.body.service_agent_id).toBe(w.defaultAgentId);
      expect(ok.body.scopes).toEqual(['messages:read']);

      await t.app.get(ServiceAgentsService).update(w.workspaceId, w.defaultAgentId, { status: 'inactive' });
      expect403(await withHeader(key.key), 'service_agent_inactive');

      await t.app.get(ServiceAgentsService).update(w.workspaceId, w.defaultAgentId, { status: 'active' });
      await withHeader(key.key).expect(200);
    });

    it.each([
      ['frozen', /until the freeze is lifted/],
      ['paused', /refused/],
      ['archived', /refused/],
    ] as const)('a %s workspace is refused with error workspace_<status>; reactivating lets the key work again', async (status, detail) => {
      const w = await makeWorkspace(t);
      await withHeader(w.apiKey).expect(200);
      const workspaces = t.app.get(WorkspacesService);

      await workspaces.update(w.workspaceId, { status });
      const res = await withHeader(w.apiKey);
      const body = expectProblem(res, 403, 'forbidden', { title: 'Forbidden', error: `workspace_${status}` });
      expect(body.detail).toMatch(detail);
      expect(body.token).toBeUndefined();
      // also when the key is sent in the body and scopes are requested
      const viaBody = await exchange().send({ api_key: w.apiKey, scopes: ['messages:read'] });
      expectProblem(viaBody, 403, 'forbidden', { error: `workspace_${status}` });

      await workspaces.update(w.workspaceId, { status: 'active' });
      const again = await withHeader(w.apiKey).expect(200);
      await getMessages(again.body.token).expect(200);
    });
  });

  describe('the exchanged token', () => {
    it('works on GET /api/v1/messages', async () => {
      const { body } = await withHeader(ws.apiKey).expect(200);
      const res = await getMessages(body.token);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.messages)).toBe(true);
    });

    it('minted with only messages:read gets 403 insufficient scope on POST /api/v1/messages', async () => {
      const { body } = await withHeader(ws.apiKey, { scopes: ['messages:read'] }).expect(200);
      const res = await t.http().post('/api/v1/messages').set('authorization', `Bearer ${body.token}`).send({ body: 'hello' });
      expect403(res, INSUFFICIENT_SCOPE);
      const count = await db.query(`SELECT count(*) AS n FROM messages WHERE workspace_id = $1 AND body = 'hello'`, [ws.workspaceId]);
      expect(Number(count[0].n)).toBe(0);
    });
  });
});
