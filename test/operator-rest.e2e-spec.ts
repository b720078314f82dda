import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MACHINE_SCOPES } from '../src/auth/scopes';
import { WorkspacesService } from '../src/identity/workspaces.service';
import { addMembership, AGK_KEY, keyPrefix, makeOperator, Operator, uniqueName } from './support/console';
import { TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OP = '/api/v1/operator';

describe('operator REST: me, service agents and API keys', () => {
  let t: TestApp;
  /** Workspace A's owner (register made them owner). */
  let owner: Operator;
  /** A user with a workspace of their own, and role admin in A. */
  let admin: Operator;
  /** A user with a workspace of their own, and role member in A. */
  let member: Operator;
  /** Owner of an unrelated workspace B. */
  let stranger: Operator;

  const as = (op: Operator, workspaceId?: string) => {
    const headers: Record<string, string> = { cookie: op.cookie };
    if (workspaceId) headers['x-workspace-id'] = workspaceId;
    return {
      get: (path: string) => t.http().get(path).set(headers),
      post: (path: string, body: unknown = {}) =>
        t
          .http()
          .post(path)
          .set(headers)
          .send(body as object),
      patch: (path: string, body: unknown = {}) =>
        t
          .http()
          .patch(path)
          .set(headers)
          .send(body as object),
    };
  };
  const A = () => owner.reg.workspaceId;
  const asOwner = () => as(owner);
  const asAdmin = () => as(admin, A());
  const asMember = () => as(member, A());

  const messagesWith = (key: string) => t.http().get('/api/v1/messages').set('x-agent-api-key', key);
  const messagesWithToken = (token: string) => t.http().get('/api/v1/messages').set('authorization', `Bearer ${token}`);

  async function createAgent(op = asOwner(), body: Record<string, unknown> = {}) {
    const res = await op.post(`${OP}/service_agents`, { name: uniqueName('Agent'), ...body });
    if (res.status !== 201) throw new Error(`create agent: ${res.status} ${res.text}`);
    return res.body.service_agent as { id: string; name: string; scopes: string[]; status: string };
  }

  async function issueKey(agentId: string, body: Record<string, unknown> = {}, op = asOwner()) {
    const res = await op.post(`${OP}/service_agents/${agentId}/api_keys`, body);
    if (res.status !== 201) throw new Error(`issue key: ${res.status} ${res.text}`);
    return res.body.api_key as { key: string; credential_id: string; scopes: string[]; expires_at: string | null };
  }

  function expectValidation(res: Response, field: string) {
    const body = expectProblem(res, 422, 'validation-error', { detail: 'validation_failed' });
    expect(Object.keys(body.errors as object)).toContain(field);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeOperator(t);
    admin = await makeOperator(t);
    member = await makeOperator(t);
    stranger = await makeOperator(t);
    await addMembership(t, admin.reg.email, A(), 'admin');
    await addMembership(t, member.reg.email, A(), 'member');
    // A holds many agents across these tests; the quota has its own workspaces below
    await t.app.get(WorkspacesService).update(A(), { plan: 'enterprise' });
  });
  afterAll(() => t.close());

  describe('GET /api/v1/operator/me', () => {
    it('answers the user, their memberships with roles and the workspace acted on (the oldest by default)', async () => {
      const res = await as(member).get(`${OP}/me`).expect(200);
      expect(res.body).toEqual({
        user: { id: member.reg.body.user.id, email: member.reg.email, name: member.reg.body.user.name, platform_admin: false },
        workspaces: [
          {
            id: member.reg.workspaceId,
            name: member.reg.body.workspace.name,
            slug: member.reg.body.workspace.slug,
            plan: 'free',
            status: 'active',
            role: 'owner',
          },
          {
            id: A(),
            name: owner.reg.body.workspace.name,
            slug: owner.reg.body.workspace.slug,
            plan: 'enterprise',
            status: 'active',
            role: 'member',
          },
        ],
        workspace_id: member.reg.workspaceId,
      });
      expect(res.body.user.id).toMatch(UUID);
      expect(typeof res.body.user.name).toBe('string');
    });

    it("shows each workspace's current plan and status", async () => {
      const db = t.app.get(DataSource);
      const [before] = await db.query(`SELECT plan, status FROM workspaces WHERE id = $1`, [A()]);
      await db.query(`UPDATE workspaces SET plan = 'team', status = 'frozen' WHERE id = $1`, [A()]);
      try {
        const res = await as(member).get(`${OP}/me`).expect(200);
        expect(res.body.workspaces.find((w: { id: string }) => w.id === A())).toMatchObject({
          plan: 'team',
          status: 'frozen',
          role: 'member',
        });
      } finally {
        await db.query(`UPDATE workspaces SET plan = $2, status = $3 WHERE id = $1`, [A(), before.plan, before.status]);
      }
    });

    it('x-workspace-id selects another of the memberships (any letter case)', async () => {
      const res = await as(member, A()).get(`${OP}/me`).expect(200);
      expect(res.body.workspace_id).toBe(A());
      const upper = await as(member, A().toUpperCase()).get(`${OP}/me`).expect(200);
      expect(upper.body.workspace_id).toBe(A());
    });

    it('x-workspace-id of a workspace the user is not a member of: 403 not_a_member', async () => {
      expectProblem(await as(member, stranger.reg.workspaceId).get(`${OP}/me`), 403, 'forbidden', { detail: 'not_a_member' });
      expectProblem(await as(member, randomUUID()).get(`${OP}/me`), 403, 'forbidden', { detail: 'not_a_member' });
      // the selection applies on every operator route, not only on /me
      expectProblem(await as(stranger, A()).get(`${OP}/service_agents`), 403, 'forbidden', { detail: 'not_a_member' });
    });

    it('a garbage x-workspace-id: 403', async () => {
      for (const garbage of ['not-a-uuid', "' OR 1=1 --", `${A()}x`, A().replace(/-/g, '')]) {
        expectProblem(await as(member, garbage).get(`${OP}/me`), 403, 'forbidden', { detail: 'not_a_member' });
      }
    });
  });

  describe('without a session', () => {
    const ROUTES: { method: 'get' | 'post' | 'patch'; path: () => string; body?: object }[] = [
      { method: 'get', path: () => `${OP}/me` },
      { method: 'get', path: () => `${OP}/service_agents` },
      { method: 'post', path: () => `${OP}/service_agents`, body: { name: 'Nobody' } },
      { method: 'patch', path: () => `${OP}/service_agents/${owner.reg.defaultAgentId}`, body: { status: 'inactive' } },
      { method: 'post', path: () => `${OP}/service_agents/${owner.reg.defaultAgentId}/api_keys` },
      { method: 'post', path: () => `${OP}/api_keys/${owner.reg.credentialId}/archive` },
      { method: 'post', path: () => `${OP}/api_keys/${owner.reg.credentialId}/revoke` },
    ];

    it.each(ROUTES.map((r, i) => [i, r] as const))(
      'route %i: 401 problem, also with an unknown cookie or a machine key',
      async (_i, route) => {
        const call = (headers: Record<string, string>) => {
          const req = t.http()[route.method](route.path()).set(headers);
          return route.body ? req.send(route.body) : req;
        };
        expectProblem(await call({}), 401, 'unauthorized', { title: 'Unauthorized', detail: 'session_required' });
        expectProblem(await call({ cookie: `_agent_ops_key=${'A'.repeat(43)}` }), 401, 'unauthorized', { detail: 'session_required' });
        // a machine credential is no operator session
        expectProblem(await call({ 'x-agent-api-key': owner.reg.apiKey }), 401, 'unauthorized', { detail: 'session_required' });
        expectProblem(await call({ authorization: `Bearer ${owner.reg.accessToken}` }), 401, 'unauthorized', {
          detail: 'session_required',
        });
      },
    );

    it('nothing was changed by the refused calls', async () => {
      const res = await asOwner().get(`${OP}/service_agents`).expect(200);
      const dflt = res.body.service_agents.find((a: { id: string }) => a.id === owner.reg.defaultAgentId);
      expect(dflt.status).toBe('active');
      await messagesWith(owner.reg.apiKey).expect(200);
    });
  });

  describe('service agents', () => {
    it('the list contains the default agent and never the hidden workspace-key agent', async () => {
      const res = await asOwner().get(`${OP}/service_agents`).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const ids = res.body.service_agents.map((a: { id: string }) => a.id);
      expect(res.body.count).toBe(ids.length); // API.md: a keyed list carries count
      expect(ids).toContain(owner.reg.defaultAgentId);
      expect(ids).not.toContain(owner.reg.keyAgentId);
      expect(res.text).not.toContain('_workspace-key');
      const dflt = res.body.service_agents.find((a: { id: string }) => a.id === owner.reg.defaultAgentId);
      expect(dflt).toEqual({
        id: owner.reg.defaultAgentId,
        name: 'Warehouse Bot',
        slug: owner.reg.body.service_agent.slug,
        status: 'active',
        scopes: expect.any(Array),
        inserted_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      // lists carry no rate-limit headers (operator session API)
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    });

    it('create → 201 { service_agent } with the given scopes; it is listed, newest first', async () => {
      const name = uniqueName('Picker');
      const res = await asOwner()
        .post(`${OP}/service_agents`, { name, scopes: ['messages:read', 'tasks:read'] })
        .expect(201);
      expect(res.body).toEqual({
        service_agent: {
          id: expect.stringMatching(UUID),
          name,
          slug: expect.stringMatching(/^picker-[a-z0-9-]+$/),
          status: 'active',
          scopes: ['messages:read', 'tasks:read'],
          inserted_at: expect.stringMatching(ISO),
          updated_at: expect.stringMatching(ISO),
        },
      });
      const list = await asOwner().get(`${OP}/service_agents`).expect(200);
      expect(list.body.service_agents[0]).toEqual(res.body.service_agent);
      // not in another workspace's list
      const other = await as(stranger).get(`${OP}/service_agents`).expect(200);
      expect(other.body.service_agents.map((a: { id: string }) => a.id)).not.toContain(res.body.service_agent.id);
    });

    it('the list pages by limit and offset, newest first, filters by status, and refuses bad parameters (ADR 0263)', async () => {
      const ws = await makeOperator(t);
      const created: { id: string; inserted_at: string }[] = [];
      for (const name of ['First', 'Second', 'Third', 'Fourth']) {
        created.push(
          (
            await as(ws)
              .post(`${OP}/service_agents`, { name: uniqueName(name) })
              .expect(201)
          ).body.service_agent,
        );
      }
      await as(ws).patch(`${OP}/service_agents/${created[1].id}`, { status: 'inactive' }).expect(200);
      const all = (await as(ws).get(`${OP}/service_agents`).expect(200)).body;
      expect(all.count).toBe(5); // the four and the default agent
      const newestFirst = [...created].reverse().map((a) => a.id);
      expect(all.service_agents.slice(0, 4).map((a: { id: string }) => a.id)).toEqual(newestFirst);
      expect(all.service_agents.slice(0, 4).map((a: { inserted_at: string }) => a.inserted_at)).toEqual(
        [...created].reverse().map((a) => a.inserted_at),
      );
      expect(all).not.toHaveProperty('pagination');

      const pages = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const page = (await as(ws).get(`${OP}/service_agents?limit=2&offset=${offset}`).expect(200)).body;
        expect(page.count).toBe(page.service_agents.length);
        pages.push(...page.service_agents);
      }
      expect(pages).toEqual(all.service_agents);

      const inactive = (await as(ws).get(`${OP}/service_agents?status=inactive`).expect(200)).body;
      expect(inactive.service_agents.map((a: { id: string }) => a.id)).toEqual([created[1].id]);
      const active = (await as(ws).get(`${OP}/service_agents?status=inactive&filter[status]=active`).expect(200)).body;
      expect(active.count).toBe(4);
      expect(active.service_agents.map((a: { id: string }) => a.id)).not.toContain(created[1].id);

      for (const [query, detail] of [
        ['limit=0', 'invalid_limit'],
        ['limit=501', 'invalid_limit'],
        ['offset=10001', 'invalid_offset'],
        ['offset=-1', 'invalid_offset'],
        ['status=archived', 'invalid_status'],
        ['filter[status][]=active', 'invalid_status'],
      ]) {
        expectProblem(await as(ws).get(`${OP}/service_agents?${query}`), 400, 'bad-request', { detail });
      }
    });

    it('create without scopes: every machine scope', async () => {
      const agent = await createAgent();
      expect([...agent.scopes].sort()).toEqual([...MACHINE_SCOPES].sort());
    });

    it('create: an unknown scope, a blank or missing name, an unknown field → 422', async () => {
      expectValidation(
        await asOwner().post(`${OP}/service_agents`, { name: uniqueName('X'), scopes: ['messages:read', 'root:all'] }),
        'scopes',
      );
      expectValidation(await asOwner().post(`${OP}/service_agents`, { name: '   ' }), 'name');
      expectValidation(await asOwner().post(`${OP}/service_agents`, { name: '' }), 'name');
      expectValidation(await asOwner().post(`${OP}/service_agents`, {}), 'name');
      expectValidation(await asOwner().post(`${OP}/service_agents`, { name: uniqueName('X'), role: 'god' }), 'role');
    });

    it('patch: name and status', async () => {
      const agent = await createAgent();
      const renamed = uniqueName('Renamed');
      const res = await asOwner().patch(`${OP}/service_agents/${agent.id}`, { name: renamed }).expect(200);
      expect(res.body.service_agent).toMatchObject({ id: agent.id, name: renamed, status: 'active' });
      const off = await asOwner().patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' }).expect(200);
      expect(off.body.service_agent).toMatchObject({ id: agent.id, name: renamed, status: 'inactive' });
      const listed = (await asOwner().get(`${OP}/service_agents`).expect(200)).body.service_agents.find(
        (a: { id: string }) => a.id === agent.id,
      );
      expect(listed).toMatchObject({ name: renamed, status: 'inactive' });
      expectValidation(await asOwner().patch(`${OP}/service_agents/${agent.id}`, { status: 'deleted' }), 'status');
      expectValidation(await asOwner().patch(`${OP}/service_agents/${agent.id}`, { name: ' ' }), 'name');
    });

    it('deactivation refuses the agent’s key and tokens at once (403 service_agent_inactive); reactivation restores them', async () => {
      const agent = await createAgent();
      const { key } = await issueKey(agent.id);
      const exchanged = await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key).send({}).expect(200);
      await messagesWith(key).expect(200);
      await messagesWithToken(exchanged.body.token).expect(200);

      await asOwner().patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' }).expect(200);
      expectProblem(await messagesWith(key), 403, 'forbidden', { title: 'Forbidden', detail: 'service_agent_inactive' });
      expectProblem(await messagesWithToken(exchanged.body.token), 403, 'forbidden', { detail: 'service_agent_inactive' });
      expectProblem(await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key).send({}), 403, 'forbidden', {
        detail: 'service_agent_inactive',
      });

      await asOwner().patch(`${OP}/service_agents/${agent.id}`, { status: 'active' }).expect(200);
      await messagesWith(key).expect(200);
      await messagesWithToken(exchanged.body.token).expect(200);
    });

    it('the default agent can be managed like any visible agent', async () => {
      const fresh = await makeOperator(t);
      const res = await as(fresh).patch(`${OP}/service_agents/${fresh.reg.defaultAgentId}`, { name: 'Main line' }).expect(200);
      expect(res.body.service_agent).toMatchObject({ id: fresh.reg.defaultAgentId, name: 'Main line', status: 'active' });
      const { key } = await issueKey(fresh.reg.defaultAgentId, { scopes: ['messages:read'] }, as(fresh));
      await messagesWith(key).expect(200);
    });
  });

  describe('roles', () => {
    it('a member can list but not create, patch, issue, archive or revoke (403 insufficient_role)', async () => {
      const agent = await createAgent();
      const { key, credential_id } = await issueKey(agent.id);

      const list = await asMember().get(`${OP}/service_agents`).expect(200);
      expect(list.body.service_agents.map((a: { id: string }) => a.id)).toContain(agent.id);

      const refused = [
        await asMember().post(`${OP}/service_agents`, { name: uniqueName('Nope') }),
        await asMember().patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' }),
        await asMember().patch(`${OP}/service_agents/${agent.id}`, { name: 'Hijacked' }),
        await asMember().post(`${OP}/service_agents/${agent.id}/api_keys`, {}),
        await asMember().post(`${OP}/api_keys/${credential_id}/archive`),
        await asMember().post(`${OP}/api_keys/${credential_id}/revoke`),
      ];
      for (const res of refused) expectProblem(res, 403, 'forbidden', { title: 'Forbidden', detail: 'insufficient_role' });

      // nothing happened
      const after = (await asOwner().get(`${OP}/service_agents`).expect(200)).body.service_agents;
      expect(after.find((a: { id: string }) => a.id === agent.id)).toMatchObject({ name: agent.name, status: 'active' });
      expect(after.filter((a: { name: string }) => a.name.startsWith('Nope'))).toEqual([]);
      await messagesWith(key).expect(200);
    });

    it('the same user acting on their own workspace (no header) is its owner and may create there', async () => {
      const res = await as(member)
        .post(`${OP}/service_agents`, { name: uniqueName('Own') })
        .expect(201);
      const own = await as(member).get(`${OP}/service_agents`).expect(200);
      expect(own.body.service_agents.map((a: { id: string }) => a.id)).toContain(res.body.service_agent.id);
      const inA = await asOwner().get(`${OP}/service_agents`).expect(200);
      expect(inA.body.service_agents.map((a: { id: string }) => a.id)).not.toContain(res.body.service_agent.id);
    });

    it('an admin can create, patch, issue, archive and revoke', async () => {
      const agent = await createAgent(asAdmin(), { scopes: ['messages:read'] });
      await asAdmin()
        .patch(`${OP}/service_agents/${agent.id}`, { name: uniqueName('Admin renamed') })
        .expect(200);
      const k1 = await issueKey(agent.id, {}, asAdmin());
      const k2 = await issueKey(agent.id, {}, asAdmin());
      await messagesWith(k1.key).expect(200);
      const archived = await asAdmin().post(`${OP}/api_keys/${k1.credential_id}/archive`).expect(200);
      expect(archived.body.api_key.status).toBe('archived');
      const revoked = await asAdmin().post(`${OP}/api_keys/${k2.credential_id}/revoke`).expect(200);
      expect(revoked.body.api_key.status).toBe('revoked');
      await asAdmin().patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' }).expect(200);
      // and it happened in A, where the owner sees it
      const listed = (await asOwner().get(`${OP}/service_agents`).expect(200)).body.service_agents.find(
        (a: { id: string }) => a.id === agent.id,
      );
      expect(listed.status).toBe('inactive');
    });
  });

  describe('API keys', () => {
    it('issue → 201 { api_key } shown once; it works on /api/v1/messages; the default scopes are the agent’s', async () => {
      const agent = await createAgent(asOwner(), { scopes: ['messages:read', 'messages:write'] });
      const res = await asOwner().post(`${OP}/service_agents/${agent.id}/api_keys`, {}).expect(201);
      expect(res.body).toEqual({
        api_key: {
          type: 'api_key',
          key: expect.stringMatching(AGK_KEY),
          scopes: ['messages:read', 'messages:write'],
          credential_id: expect.stringMatching(UUID),
          service_agent_id: agent.id,
          expires_at: null,
          allowed_ips: [],
        },
      });
      const { key } = res.body.api_key;
      await messagesWith(key).expect(200);
      await t.http().post('/api/v1/messages').set('x-agent-api-key', key).send({ body: 'hi' }).expect(201);
      // outside the agent's scopes
      expectProblem(await t.http().get('/api/v1/tasks').set('x-agent-api-key', key), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
    });

    it('issue with a subset of the agent’s scopes binds the key to it; a scope outside the agent’s → 422; unknown → 422', async () => {
      const agent = await createAgent(asOwner(), { scopes: ['messages:read', 'messages:write'] });
      const narrow = await issueKey(agent.id, { scopes: ['messages:read'] });
      expect(narrow.scopes).toEqual(['messages:read']);
      await messagesWith(narrow.key).expect(200);
      expectProblem(await t.http().post('/api/v1/messages').set('x-agent-api-key', narrow.key).send({ body: 'x' }), 403, 'forbidden', {
        detail: 'The token does not have sufficient scope',
      });
      expectValidation(
        await asOwner().post(`${OP}/service_agents/${agent.id}/api_keys`, { scopes: ['messages:read', 'tasks:read'] }),
        'scopes',
      );
      expectValidation(await asOwner().post(`${OP}/service_agents/${agent.id}/api_keys`, { scopes: ['credentials:write'] }), 'scopes');
      expectValidation(await asOwner().post(`${OP}/service_agents/${agent.id}/api_keys`, { scopes: ['made:up'] }), 'scopes');
      expectValidation(await asOwner().post(`${OP}/service_agents/${agent.id}/api_keys`, { scopes: [] }), 'scopes');
      // the refused issues created nothing
      const rows = await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM api_credentials WHERE service_agent_id = $1`, [agent.id]);
      expect(rows[0].n).toBe(1);
    });

    it('expires_at in the past or not a date → 422', async () => {
      const agent = await createAgent();
      expectValidation(
        await asOwner().post(`${OP}/service_agents/${agent.id}/api_keys`, { expires_at: new Date(t.clock.now() - 60_000).toISOString() }),
        'expires_at',
      );
      expectValidation(await asOwner().post(`${OP}/service_agents/${agent.id}/api_keys`, { expires_at: 'next tuesday' }), 'expires_at');
    });

    it('a future expires_at: the key works until the clock passes it, then 401 api_key_expired', async () => {
      const agent = await createAgent();
      const expiresAt = new Date(t.clock.now() + 3600_000);
      const issued = await issueKey(agent.id, { expires_at: expiresAt.toISOString() });
      expect(issued.expires_at).toBe(expiresAt.toISOString());
      await messagesWith(issued.key).expect(200);
      const start = t.clock.now();
      try {
        t.clock.set(expiresAt.getTime() - 1000);
        await messagesWith(issued.key).expect(200);
        t.clock.set(expiresAt.getTime() + 1000);
        expectProblem(await messagesWith(issued.key), 401, 'unauthorized', { detail: 'api_key_expired' });
        expectProblem(await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', issued.key).send({}), 401, 'unauthorized', {
          detail: 'api_key_expired',
        });
      } finally {
        t.clock.set(start);
      }
    });

    it('archive → { api_key } without the secret, status archived; the key is refused at once (401 api_key_archived)', async () => {
      const agent = await createAgent();
      const issued = await issueKey(agent.id);
      await messagesWith(issued.key).expect(200); // warm the credential cache
      const res = await asOwner().post(`${OP}/api_keys/${issued.credential_id}/archive`).expect(200);
      expect(res.body).toEqual({
        api_key: {
          credential_id: issued.credential_id,
          prefix: keyPrefix(issued.key),
          scopes: issued.scopes,
          status: 'archived',
          service_agent_id: agent.id,
          expires_at: null,
          allowed_ips: [],
          last_used_at: null,
          inserted_at: expect.stringMatching(ISO),
        },
      });
      expect(res.body.api_key.prefix).toMatch(/^agk_[A-Za-z0-9_-]{11}$/);
      expect(res.text).not.toContain(issued.key.split('.')[1]);
      expectProblem(await messagesWith(issued.key), 401, 'unauthorized', { detail: 'api_key_archived' });
      expectProblem(await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', issued.key).send({}), 401, 'unauthorized', {
        detail: 'api_key_archived',
      });
    });

    it('revoke → status revoked; the key and the tokens minted from it are refused at once', async () => {
      const agent = await createAgent();
      const issued = await issueKey(agent.id);
      const other = await issueKey(agent.id);
      const token = (await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', issued.key).send({}).expect(200)).body.token;
      await messagesWith(issued.key).expect(200);
      await messagesWithToken(token).expect(200);

      const res = await asOwner().post(`${OP}/api_keys/${issued.credential_id}/revoke`).expect(200);
      expect(res.body.api_key).toMatchObject({ credential_id: issued.credential_id, prefix: keyPrefix(issued.key), status: 'revoked' });
      expect(res.body.api_key).not.toHaveProperty('key');
      expect(res.text).not.toContain(issued.key.split('.')[1]);

      expectProblem(await messagesWith(issued.key), 401, 'unauthorized', { detail: 'api_key_revoked' });
      expectProblem(await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', issued.key).send({}), 401, 'unauthorized', {
        detail: 'api_key_revoked',
      });
      expectProblem(await messagesWithToken(token), 401, 'unauthorized', { detail: 'api_key_revoked' });
      // the agent's other key is untouched
      await messagesWith(other.key).expect(200);
    });

    it('an archived key can still be revoked; a revoked key cannot be brought back by archiving', async () => {
      const agent = await createAgent();
      const issued = await issueKey(agent.id);
      await asOwner().post(`${OP}/api_keys/${issued.credential_id}/archive`).expect(200);
      const revoked = await asOwner().post(`${OP}/api_keys/${issued.credential_id}/revoke`).expect(200);
      expect(revoked.body.api_key.status).toBe('revoked');
      const again = await asOwner().post(`${OP}/api_keys/${issued.credential_id}/archive`).expect(200);
      expect(again.body.api_key.status).toBe('revoked');
      expectProblem(await messagesWith(issued.key), 401, 'unauthorized', { detail: 'api_key_revoked' });
    });

    it('the key never appears again in any later response', async () => {
      const agent = await createAgent();
      const issued = await issueKey(agent.id);
      const secret = issued.key.split('.')[1];
      await messagesWith(issued.key).expect(200);
      const later = [
        await asOwner().get(`${OP}/service_agents`).expect(200),
        await asOwner().get(`${OP}/me`).expect(200),
        await asOwner()
          .patch(`${OP}/service_agents/${agent.id}`, { name: uniqueName('Again') })
          .expect(200),
        await asOwner().get('/app').expect(200),
        await asOwner().post(`${OP}/api_keys/${issued.credential_id}/archive`).expect(200),
        await asOwner().post(`${OP}/api_keys/${issued.credential_id}/revoke`).expect(200),
      ];
      for (const res of later) {
        expect(res.text).not.toContain(secret);
        expect(res.text).not.toContain(issued.key);
      }
      // the overview does show the prefix
      expect(later[3].text).toContain(keyPrefix(issued.key));
    });

    it('unknown or malformed ids → 404', async () => {
      expectProblem(await asOwner().patch(`${OP}/service_agents/${randomUUID()}`, { name: 'x y' }), 404, 'not-found');
      expectProblem(await asOwner().patch(`${OP}/service_agents/not-a-uuid`, { name: 'x y' }), 404, 'not-found');
      expectProblem(await asOwner().post(`${OP}/service_agents/${randomUUID()}/api_keys`, {}), 404, 'not-found');
      expectProblem(await asOwner().post(`${OP}/service_agents/nope/api_keys`, {}), 404, 'not-found');
      expectProblem(await asOwner().post(`${OP}/api_keys/${randomUUID()}/archive`), 404, 'not-found');
      expectProblem(await asOwner().post(`${OP}/api_keys/nope/revoke`), 404, 'not-found');
    });
  });

  describe('the workspace primary key has no operator REST', () => {
    it('its credential → 404 on archive and revoke; the hidden agent → 404 on patch and issue; the key keeps working', async () => {
      const ws = await makeOperator(t);
      await messagesWith(ws.reg.apiKey).expect(200);
      const refused = [
        await as(ws).post(`${OP}/api_keys/${ws.reg.credentialId}/archive`),
        await as(ws).post(`${OP}/api_keys/${ws.reg.credentialId}/revoke`),
        await as(ws).patch(`${OP}/service_agents/${ws.reg.keyAgentId}`, { status: 'inactive' }),
        await as(ws).patch(`${OP}/service_agents/${ws.reg.keyAgentId}`, { name: 'Visible now' }),
        await as(ws).post(`${OP}/service_agents/${ws.reg.keyAgentId}/api_keys`, {}),
      ];
      for (const res of refused) expectProblem(res, 404, 'not-found');
      await messagesWith(ws.reg.apiKey).expect(200);
      await messagesWithToken(ws.reg.accessToken).expect(200);
      const list = await as(ws).get(`${OP}/service_agents`).expect(200);
      expect(list.body.service_agents.map((a: { id: string }) => a.id)).not.toContain(ws.reg.keyAgentId);
    });
  });

  describe('cross-workspace', () => {
    it('workspace B’s owner gets 404 (not 403) for A’s agent ids and credential ids, and nothing changes', async () => {
      const agent = await createAgent();
      const issued = await issueKey(agent.id);
      await messagesWith(issued.key).expect(200);
      const refused = [
        await as(stranger).patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' }),
        await as(stranger).post(`${OP}/service_agents/${agent.id}/api_keys`, {}),
        await as(stranger).post(`${OP}/service_agents/${owner.reg.defaultAgentId}/api_keys`, {}),
        await as(stranger).post(`${OP}/api_keys/${issued.credential_id}/archive`),
        await as(stranger).post(`${OP}/api_keys/${issued.credential_id}/revoke`),
        await as(stranger).post(`${OP}/api_keys/${owner.reg.credentialId}/revoke`),
      ];
      for (const res of refused) expectProblem(res, 404, 'not-found');
      await messagesWith(issued.key).expect(200);
      await messagesWith(owner.reg.apiKey).expect(200);
      const listed = (await asOwner().get(`${OP}/service_agents`).expect(200)).body.service_agents.find(
        (a: { id: string }) => a.id === agent.id,
      );
      expect(listed.status).toBe('active');
    });

    it('an admin of A acting on their own workspace cannot reach A’s ids either', async () => {
      const agent = await createAgent();
      // no x-workspace-id: the admin's oldest membership is their own workspace
      expectProblem(await as(admin).patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' }), 404, 'not-found');
      await asAdmin()
        .patch(`${OP}/service_agents/${agent.id}`, { name: uniqueName('Reached') })
        .expect(200);
    });
  });

  describe('plan quota', () => {
    it('free plan: 10 agents besides the default one, the 11th → 429; on team more are allowed', async () => {
      const ws = await makeOperator(t);
      for (let i = 0; i < 10; i++) {
        await as(ws)
          .post(`${OP}/service_agents`, { name: uniqueName(`Quota ${i}`) })
          .expect(201);
      }
      const refused = await as(ws).post(`${OP}/service_agents`, { name: uniqueName('Eleventh') });
      expectProblem(refused, 429, 'quota-exceeded', { detail: 'agent_quota_reached' });
      const list = await as(ws).get(`${OP}/service_agents`).expect(200);
      expect(list.body.service_agents).toHaveLength(11); // 10 + the default agent
      expect(list.body.service_agents.map((a: { name: string }) => a.name).filter((n: string) => n.startsWith('Eleventh'))).toEqual([]);

      await t.app.get(WorkspacesService).update(ws.reg.workspaceId, { plan: 'team' });
      await as(ws)
        .post(`${OP}/service_agents`, { name: uniqueName('Eleventh') })
        .expect(201);
      await as(ws)
        .post(`${OP}/service_agents`, { name: uniqueName('Twelfth') })
        .expect(201);
      expect((await as(ws).get(`${OP}/service_agents`).expect(200)).body.service_agents).toHaveLength(13);
    });

    it('concurrent creations never overshoot the quota', async () => {
      const ws = await makeOperator(t);
      const results = await Promise.all(
        Array.from({ length: 14 }, (_, i) => as(ws).post(`${OP}/service_agents`, { name: uniqueName(`Race ${i}`) })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    });
  });
});
