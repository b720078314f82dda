import { DataSource } from 'typeorm';
import { addMembership, AGK_KEY, keyPrefix, makeOperator, Operator, uniqueName } from './support/console';
import { TRUST_LOOPBACK, userId } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const PAGE = '/app/agents/workspace-key';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const prefixOnPage = (html: string) => /<code id="key-prefix">([^<]*)<\/code>/.exec(html)?.[1];
const newKeyOnPage = (html: string) => /<code class="secret" id="new-key">([^<]*)<\/code>/.exec(html)?.[1];
const secretOf = (key: string) => key.split('.')[1];

describe('/app/agents/workspace-key and the /app overview', () => {
  let t: TestApp;

  const page = (op: Operator, workspaceId?: string) => {
    const req = t.http().get(PAGE).set('cookie', op.cookie).set('accept', HTML);
    return workspaceId ? req.set('x-workspace-id', workspaceId) : req;
  };
  const rotate = (op: Operator) => t.http().post(PAGE).set('cookie', op.cookie).set('accept', HTML).type('form').send({ confirm: 'yes' });
  /** A rotation as a browser makes it: the POST's 303, then the one view of the key page it points to (ADR 0265). */
  const rotateAndFollow = async (op: Operator) => {
    const posted = await rotate(op).expect(303);
    expect(posted.headers.location).toMatch(/^\/app\/agents\/workspace-key\?shown=[A-Za-z0-9_-]{22}$/);
    expect(posted.text ?? '').not.toMatch(/agk_[A-Za-z0-9_-]{11}\./);
    return { posted, shown: await t.http().get(posted.headers.location).set('cookie', op.cookie).set('accept', HTML).expect(200) };
  };
  const remove = (op: Operator) =>
    t.http().post(`${PAGE}/delete`).set('cookie', op.cookie).set('accept', HTML).type('form').send({ confirm: 'yes' });
  const exchange = (key: string) => t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key).send({});
  const messagesWith = (key: string) => t.http().get('/api/v1/messages').set('x-agent-api-key', key);

  async function rotated(op: Operator): Promise<string> {
    const { shown: res } = await rotateAndFollow(op);
    const key = newKeyOnPage(res.text);
    if (!key) throw new Error(`no new key on the page: ${res.text}`);
    return key;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
  });
  afterAll(() => t.close());

  describe('who reaches the page', () => {
    it('the owner: 200 HTML with the key prefix (agk_ and 11 characters), never the key', async () => {
      const owner = await makeOperator(t);
      const res = await page(owner).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(prefixOnPage(res.text)).toBe(keyPrefix(owner.reg.apiKey));
      expect(prefixOnPage(res.text)).toMatch(/^agk_[A-Za-z0-9_-]{11}$/);
      expect(res.text).not.toContain(owner.reg.apiKey);
      expect(res.text).not.toContain(secretOf(owner.reg.apiKey));
      expect(res.text).not.toContain('id="new-key"');
      expect(res.text).toContain('id="rotate-key"');
      expect(res.text).toContain('id="delete-key"');
      expect(res.text).not.toContain('credentials:write');
    });

    it('an admin of the workspace: 200 with that workspace’s key (default membership, or chosen with x-workspace-id)', async () => {
      const owner = await makeOperator(t);
      const admin = await makeOperator(t);
      await addMembership(t, admin.reg.email, owner.reg.workspaceId, 'admin');
      const chosen = await page(admin, owner.reg.workspaceId).expect(200);
      expect(prefixOnPage(chosen.text)).toBe(keyPrefix(owner.reg.apiKey));
      // without the header the admin acts on their oldest membership: their own workspace
      expect(prefixOnPage((await page(admin).expect(200)).text)).toBe(keyPrefix(admin.reg.apiKey));

      // an admin whose only membership is the owner's workspace reaches it by default
      const solo = await makeOperator(t);
      await t.app.get(DataSource).query(`DELETE FROM memberships WHERE user_id = $1`, [await userId(t, solo.reg.email)]);
      await addMembership(t, solo.reg.email, owner.reg.workspaceId, 'admin');
      const res = await page(solo).expect(200);
      expect(prefixOnPage(res.text)).toBe(keyPrefix(owner.reg.apiKey));
      const overview = await t.http().get('/app').set('cookie', solo.cookie).expect(200);
      expect(overview.text).toContain('href="/app/agents/workspace-key"');
      // and may rotate it
      const key = await rotated(solo);
      await exchange(key).expect(200);
      expectProblem(await exchange(owner.reg.apiKey), 401, 'unauthorized', { detail: 'api_key_revoked' });
    });

    it('a member (not admin): 403 HTML page on GET, rotate and delete; the key is untouched and the overview has no link', async () => {
      const owner = await makeOperator(t);
      const member = await makeOperator(t);
      await t.app.get(DataSource).query(`DELETE FROM memberships WHERE user_id = $1`, [await userId(t, member.reg.email)]);
      await addMembership(t, member.reg.email, owner.reg.workspaceId, 'member');
      await messagesWith(owner.reg.apiKey).expect(200);

      for (const res of [await page(member), await page(member, owner.reg.workspaceId), await rotate(member), await remove(member)]) {
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('data-detail="insufficient_role"');
        expect(res.text).not.toContain(keyPrefix(owner.reg.apiKey));
        expect(res.text).not.toContain('id="new-key"');
      }
      // a JSON client gets a problem
      expectProblem(await t.http().get(PAGE).set('cookie', member.cookie).set('accept', 'application/json'), 403, 'forbidden', {
        detail: 'insufficient_role',
      });

      await messagesWith(owner.reg.apiKey).expect(200);
      expect(prefixOnPage((await page(owner).expect(200)).text)).toBe(keyPrefix(owner.reg.apiKey));
      const overview = await t.http().get('/app').set('cookie', member.cookie).expect(200);
      expect(overview.text).toContain(owner.reg.body.workspace.name);
      expect(overview.text).not.toContain('href="/app/agents/workspace-key"');
    });

    it('a user of another workspace choosing this one: 403; their own page shows their own key only', async () => {
      const owner = await makeOperator(t);
      const stranger = await makeOperator(t);
      const res = await page(stranger, owner.reg.workspaceId).expect(403);
      expect(res.text).toContain('data-detail="not_a_member"');
      const own = await page(stranger).expect(200);
      expect(prefixOnPage(own.text)).toBe(keyPrefix(stranger.reg.apiKey));
      expect(own.text).not.toContain(keyPrefix(owner.reg.apiKey));
    });

    it('no session: 302 to /users/log-in on GET, rotate and delete', async () => {
      const owner = await makeOperator(t);
      // a GET comes back to the page after logging in; the actions do not
      expect((await t.http().get(PAGE).set('accept', HTML)).headers.location).toBe(`/users/log-in?return_to=${encodeURIComponent(PAGE)}`);
      for (const res of [
        await t.http().post(PAGE).type('form').send({}),
        await t.http().post(`${PAGE}/delete`).type('form').send({}),
        await t.http().delete(PAGE),
        await t.http().get('/app'),
      ]) {
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe('/users/log-in');
      }
      await messagesWith(owner.reg.apiKey).expect(200);
    });
  });

  describe('rotate', () => {
    it('POST → 303 to the page, which shows the new key once; a reload of that address and later GETs show only its prefix; the old key and token are refused; the new key works', async () => {
      const owner = await makeOperator(t);
      await exchange(owner.reg.apiKey).expect(200); // warm the credential cache
      await t.http().get('/api/v1/messages').set('authorization', `Bearer ${owner.reg.accessToken}`).expect(200);

      const { posted, shown: res } = await rotateAndFollow(owner);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      const key = newKeyOnPage(res.text)!;
      expect(key).toMatch(AGK_KEY);
      expect(key).not.toBe(owner.reg.apiKey);
      expect(res.text.split(key)).toHaveLength(2); // shown exactly once
      expect(prefixOnPage(res.text)).toBe(keyPrefix(key));
      expect(res.text).not.toContain(keyPrefix(owner.reg.apiKey));

      // the same address again (a reload): the prefix only, and nothing rotated
      const reloaded = await t.http().get(posted.headers.location).set('cookie', owner.cookie).set('accept', HTML).expect(200);
      expect(reloaded.text).not.toContain(secretOf(key));
      expect(prefixOnPage(reloaded.text)).toBe(keyPrefix(key));
      const after = await page(owner).expect(200);
      expect(prefixOnPage(after.text)).toBe(keyPrefix(key));
      expect(after.text).not.toContain(key);
      expect(after.text).not.toContain(secretOf(key));
      expect(after.text).not.toContain('id="new-key"');

      expectProblem(await exchange(owner.reg.apiKey), 401, 'unauthorized', { detail: 'api_key_revoked' });
      expectProblem(await t.http().get('/api/v1/messages').set('authorization', `Bearer ${owner.reg.accessToken}`), 401, 'unauthorized', {
        detail: 'api_key_revoked',
      });
      expectProblem(await messagesWith(owner.reg.apiKey), 401, 'unauthorized', { detail: 'api_key_revoked' });

      const token = await exchange(key).expect(200);
      expect(token.body.scopes).not.toContain('credentials:write');
      expect(token.body.scopes).toContain('messages:read');
      expect(token.body.service_agent_id).toBe(owner.reg.keyAgentId);
      expect(token.body.workspace_id).toBe(owner.reg.workspaceId);
      await messagesWith(key).expect(200);
      // the primary key asking for credentials:write is refused
      expectProblem(
        await t
          .http()
          .post('/api/v1/agent_tokens')
          .set('x-agent-api-key', key)
          .send({ scopes: ['credentials:write'] }),
        403,
        'forbidden',
        {
          detail: 'insufficient_scopes',
        },
      );
      // still hidden from the operator REST list
      const list = await t.http().get('/api/v1/operator/service_agents').set('cookie', owner.cookie).expect(200);
      expect(list.body.service_agents.map((a: { id: string }) => a.id)).not.toContain(owner.reg.keyAgentId);
      expect(list.text).not.toContain(keyPrefix(key));
    });

    it('rotating again revokes the previous rotated key', async () => {
      const owner = await makeOperator(t);
      const first = await rotated(owner);
      await messagesWith(first).expect(200);
      const second = await rotated(owner);
      expectProblem(await messagesWith(first), 401, 'unauthorized', { detail: 'api_key_revoked' });
      await messagesWith(second).expect(200);
    });

    it('two concurrent rotations leave exactly one usable key', async () => {
      const owner = await makeOperator(t);
      const [a, b] = await Promise.all([rotateAndFollow(owner), rotateAndFollow(owner)]);
      const keys = [newKeyOnPage(a.shown.text)!, newKeyOnPage(b.shown.text)!];
      expect(keys.every((k) => AGK_KEY.test(k))).toBe(true);
      const statuses = await Promise.all(keys.map(async (k) => (await exchange(k)).status));
      expect(statuses.sort()).toEqual([200, 401]);
      const rows = await t.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM api_credentials WHERE service_agent_id = $1 AND status = 'usable'`, [owner.reg.keyAgentId]);
      expect(rows[0].n).toBe(1);
    });
  });

  describe('delete', () => {
    it('POST …/delete → 303 to the page, which shows no key; the deleted key is refused; generating again works', async () => {
      const owner = await makeOperator(t);
      await messagesWith(owner.reg.apiKey).expect(200);
      const res = await remove(owner).expect(303);
      expect(res.headers.location).toBe(PAGE);

      const empty = await page(owner).expect(200);
      expect(empty.text).toContain('id="no-key"');
      expect(empty.text).toContain('id="generate-key"');
      expect(empty.text).not.toContain('id="key-prefix"');
      expect(empty.text).not.toContain('id="delete-key"');
      expect(empty.text).not.toContain(keyPrefix(owner.reg.apiKey));
      expectProblem(await exchange(owner.reg.apiKey), 401, 'unauthorized', { detail: 'api_key_revoked' });
      expectProblem(await messagesWith(owner.reg.apiKey), 401, 'unauthorized', { detail: 'api_key_revoked' });
      expectProblem(await t.http().get('/api/v1/messages').set('authorization', `Bearer ${owner.reg.accessToken}`), 401, 'unauthorized', {
        detail: 'api_key_revoked',
      });

      // deleting with no key is harmless
      await remove(owner).expect(303);

      const key = await rotated(owner);
      expect(key).toMatch(AGK_KEY);
      const token = await exchange(key).expect(200);
      expect(token.body.scopes).not.toContain('credentials:write');
      expect(prefixOnPage((await page(owner).expect(200)).text)).toBe(keyPrefix(key));
    });

    it('DELETE /app/agents/workspace-key also revokes (303 to the page)', async () => {
      const owner = await makeOperator(t);
      const res = await t.http().delete(PAGE).set('cookie', owner.cookie).expect(303);
      expect(res.headers.location).toBe(PAGE);
      expectProblem(await exchange(owner.reg.apiKey), 401, 'unauthorized', { detail: 'api_key_revoked' });
    });

    it('cross-origin rotate or delete (a foreign Origin) → 403, the key stays', async () => {
      const owner = await makeOperator(t);
      for (const path of [PAGE, `${PAGE}/delete`]) {
        const res = await t.http().post(path).set('cookie', owner.cookie).set('origin', 'https://evil.example').type('form').send({});
        expect(res.status).toBe(403);
        expect(res.text).not.toContain('id="new-key"');
      }
      await exchange(owner.reg.apiKey).expect(200);
    });
  });

  describe('the /app overview', () => {
    it('lists agents with their keys by prefix, state and last use, and never a full key', async () => {
      const owner = await makeOperator(t);
      const op = (method: 'post' | 'get', path: string, body?: object) => {
        const req = t.http()[method](`/api/v1/operator${path}`).set('cookie', owner.cookie);
        return body ? req.send(body) : req;
      };
      const agentName = uniqueName('Sorter');
      const agent = (await op('post', '/service_agents', { name: agentName, scopes: ['messages:read'] }).expect(201)).body.service_agent;
      const used = (await op('post', `/service_agents/${agent.id}/api_keys`, {}).expect(201)).body.api_key;
      const archived = (await op('post', `/service_agents/${agent.id}/api_keys`, {}).expect(201)).body.api_key;
      await op('post', `/api_keys/${archived.credential_id}/archive`).expect(200);

      // a second node serves a call with the key at a known time; closing it flushes last_used_at
      const node = await createTestApp();
      const usedAt = Date.UTC(2031, 0, 2, 3, 4, 5);
      node.clock.set(usedAt);
      await node.http().get('/api/v1/messages').set('x-agent-api-key', used.key).expect(200);
      await node.close();
      const [{ last_used_at }] = await t.app
        .get(DataSource)
        .query(`SELECT last_used_at FROM api_credentials WHERE id = $1`, [used.credential_id]);
      expect(new Date(last_used_at).getTime()).toBe(usedAt);

      const res = await t.http().get('/app').set('cookie', owner.cookie).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const row = new RegExp(`<tr data-agent-id="${agent.id}">([\\s\\S]*?)</tr>`).exec(res.text)?.[1];
      expect(row).toBeDefined();
      expect(row).toContain(agentName);
      expect(row).toContain('active');
      expect(row).toContain(
        `<code>${keyPrefix(used.key)}</code> usable, last used <time datetime="2031-01-02T03:04:05.000Z">2031-01-02 03:04:05 UTC</time>`,
      );
      expect(row).toContain(`<code>${keyPrefix(archived.key)}</code> archived, last used never`);

      const dflt = new RegExp(`<tr data-agent-id="${owner.reg.defaultAgentId}">([\\s\\S]*?)</tr>`).exec(res.text)?.[1];
      expect(dflt).toContain('Warehouse Bot');
      expect(dflt).toContain('no keys');
      expect(res.text).not.toContain(`data-agent-id="${owner.reg.keyAgentId}"`);

      for (const key of [used.key, archived.key, owner.reg.apiKey]) {
        expect(res.text).not.toContain(key);
        expect(res.text).not.toContain(secretOf(key));
      }
      expect(res.text).toContain('href="/app/agents/workspace-key"');
    });
  });

  it('rotating or deleting a key in place takes a confirmation step; without it nothing changes', async () => {
    const owner = await makeOperator(t);
    const before = (await t.http().get(PAGE).set('cookie', owner.cookie).set('accept', HTML).expect(200)).text;
    expect(before).toContain(`href="${PAGE}/confirm?action=rotate"`);
    for (const [path, action] of [
      [PAGE, 'rotate'],
      [`${PAGE}/delete`, 'delete'],
    ] as const) {
      const unconfirmed = await t.http().post(path).set('cookie', owner.cookie).set('accept', HTML).type('form').send({});
      expect(unconfirmed.status).toBe(303);
      expect(unconfirmed.headers.location).toBe(`${PAGE}/confirm?action=${action}`);
      const step = await t.http().get(unconfirmed.headers.location).set('cookie', owner.cookie).set('accept', HTML).expect(200);
      expect(step.text).toContain('<input type="hidden" name="confirm" value="yes">');
      expect(step.text).toContain(`id="confirm-${action}"`);
    }
    await messagesWith(owner.reg.apiKey).expect(200); // still the same key
    expect((await t.http().get(`${PAGE}/confirm?action=explode`).set('cookie', owner.cookie).set('accept', HTML)).status).toBe(303);
  });
});
