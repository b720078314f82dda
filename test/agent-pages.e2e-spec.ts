import { randomUUID } from 'node:crypto';
import { asOperator, makeFleetOwner, OP } from './enrollment-support';
import { AGK_KEY, keyPrefix, makeOperator, type Operator, uniqueName } from './support/console';
import { colleague, rowsOf } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The agents and workspace pages of the console (issue 57 item 2): agents and keys, commands, gateway rules, settings. */
describe('agent pages: /app/agents, /app/commands, /app/gateway-rules, /app/settings', () => {
  let t: TestApp;
  let owner: Operator;
  let admin: Operator;
  let member: Operator;
  let stranger: Operator;

  // colleagues act on the owner's workspace (their oldest membership is their own)
  const get = (op: Operator, path: string) =>
    t.http().get(path).set('cookie', op.cookie).set('accept', HTML).set('x-workspace-id', owner.reg.workspaceId);
  const post = (op: Operator, path: string, form: Record<string, string> = {}) =>
    t.http().post(path).set('cookie', op.cookie).set('accept', HTML).set('x-workspace-id', owner.reg.workspaceId).type('form').send(form);
  const rowIds = (html: string, attr: string) => [...html.matchAll(new RegExp(`data-${attr}-id="([^"]+)"`, 'g'))].map((m) => m[1]);
  const newKey = (html: string) => /<code id="new-api-key" class="secret" data-copy>([^<]*)<\/code>/.exec(html)?.[1];
  const createAgent = async (name: string, scopes?: string[]) =>
    (
      await asOperator(t, owner)
        .post(`${OP}/service_agents`, { name, ...(scopes ? { scopes } : {}) })
        .expect(201)
    ).body.service_agent as { id: string; name: string; slug: string };
  const auditOf = (action: string, targetId: string) =>
    rowsOf(t, `SELECT actor_id, target_id FROM audit_events WHERE workspace_id = $1 AND action = $2 AND target_id = $3`, [
      owner.reg.workspaceId,
      action,
      targetId,
    ]);

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeFleetOwner(t);
    [admin, member, stranger] = await Promise.all([colleague(t, owner, 'admin'), colleague(t, owner, 'member'), makeOperator(t)]);
  });
  afterAll(() => t.close());

  it('agents: names with slugs and key prefixes, the REST list’s search, filter and pages, and no actions for a member', async () => {
    const tag = randomUUID().slice(0, 8);
    const alpha = await createAgent(`Alpha ${tag}`);
    const beta = await createAgent(`Beta ${tag}`);
    const gamma = await createAgent(`Gamma 100%_ ${tag}`);
    const key = (await asOperator(t, owner).post(`${OP}/service_agents/${alpha.id}/api_keys`, {}).expect(201)).body.api_key;
    await asOperator(t, owner).patch(`${OP}/service_agents/${beta.id}`, { status: 'inactive' }).expect(200);

    const page = await get(member, `/app/agents?q=${tag}`).expect(200);
    expect(rowIds(page.text, 'agent')).toEqual([gamma.id, beta.id, alpha.id]);
    expect(page.text).toContain(`<a href="/app/agents/${alpha.id}"><strong>Alpha ${tag}</strong></a><br><small>${alpha.slug}</small>`);
    expect(page.text).toContain(`1 key: <code>${keyPrefix(key.key)}</code> usable`);
    expect(page.text).not.toContain(key.key.split('.')[1]);
    expect(page.text).not.toContain('New service agent');
    expect(page.text).not.toContain(`data-agent-id="${owner.reg.keyAgentId}"`);

    // the search is the REST list's (% and _ literal); the status filter; pages without a total
    expect(rowIds((await get(member, `/app/agents?q=100%25_`).expect(200)).text, 'agent')).toEqual([gamma.id]);
    expect(rowIds((await get(member, `/app/agents?q=${tag}&filter%5Bstatus%5D=inactive`).expect(200)).text, 'agent')).toEqual([beta.id]);
    const first = await get(member, `/app/agents?q=${tag}&limit=2`).expect(200);
    expect(first.text).toContain('<span>1-2</span>');
    expect(first.text).toContain(`href="/app/agents?q=${tag}&amp;limit=2&amp;offset=2" rel="next"`);
    const second = await get(member, `/app/agents?q=${tag}&limit=2&offset=2`).expect(200);
    expect(rowIds(second.text, 'agent')).toEqual([alpha.id]);
    expect(second.text).not.toContain('rel="next"');
    expect((await get(member, `/app/agents?q=nothing-${tag}`).expect(200)).text).toContain(
      'id="no-agents">Nothing matches. <a href="/app/agents">Show all</a>',
    );
    expect((await get(member, '/app/agents?filter%5Bstatus%5D=lost').expect(400)).text).toContain('data-detail="invalid_status"');

    // a member sees an agent's keys but no actions, and may not post one
    const detail = await get(member, `/app/agents/${alpha.id}`).expect(200);
    expect(detail.text).toContain(`data-credential-id="${key.credential_id}"`);
    expect(detail.text).not.toContain('/archive');
    expect(detail.text).not.toContain('Issue an API key');
    await post(member, `/app/agents/${alpha.id}/keys`).expect(403);
    await post(member, '/app/agents', { name: 'Nope' }).expect(403);
    await post(member, `/app/api-keys/${key.credential_id}/revoke`).expect(403);

    // the workspace key page is still its own; another workspace's agent, or the hidden one, is not found
    await get(admin, '/app/agents/workspace-key').expect(200);
    await t.http().get(`/app/agents/${alpha.id}`).set('cookie', stranger.cookie).set('accept', HTML).expect(404);
    await get(owner, `/app/agents/${owner.reg.keyAgentId}`).expect(404);
    await get(owner, '/app/agents/not-a-uuid').expect(404);

    // the overview names the newest agents with their keys, and links to the page of them all
    const overview = await get(owner, '/app').expect(200);
    expect(overview.text).toContain(`<code>${keyPrefix(key.key)}</code> usable, last used never`);
    expect(overview.text).toContain('href="/app/agents" id="agents-link"');
  });

  it('agents: an admin creates an agent, issues a key shown once (Post/Redirect/Get), archives and revokes it; a refusal keeps the values', async () => {
    const name = uniqueName('Sorter');
    const created = await post(admin, '/app/agents', { name, scopes: 'messages:read, messages:write' }).expect(303);
    const id = /^\/app\/agents\/([0-9a-f-]{36})\?notice=created$/.exec(created.headers.location)?.[1];
    expect(id).toBeDefined();
    expect(await auditOf('service_agent.create', id!)).toHaveLength(1);

    const refused = await post(admin, '/app/agents', { name: uniqueName('Bad'), scopes: 'messages:read, flying' }).expect(422);
    expect(refused.text).toContain('class="error" role="alert"');
    expect(refused.text).toContain('value="messages:read, flying"');

    const outside = await post(admin, `/app/agents/${id}/keys`, { scopes: 'events:read', allowed_ips: '10.0.0.0/8' }).expect(422);
    expect(outside.text).toContain('not allowed for this agent: events:read');
    expect(outside.text).toContain('value="10.0.0.0/8"');

    const issued = await post(admin, `/app/agents/${id}/keys`, { scopes: 'messages:read', expires_at: '', allowed_ips: '' }).expect(303);
    expect(issued.headers.location).toMatch(new RegExp(`^/app/agents/${id}\\?shown=[A-Za-z0-9_-]{22}$`));
    const shown = await get(admin, issued.headers.location).expect(200);
    const key = newKey(shown.text);
    expect(key).toMatch(AGK_KEY);
    await t.http().get('/api/v1/messages').set('x-agent-api-key', key!).expect(200);
    // shown once: neither a reload nor another session shows it
    expect(newKey((await get(owner, issued.headers.location).expect(200)).text)).toBeUndefined();
    const reload = await get(admin, issued.headers.location).expect(200);
    expect(newKey(reload.text)).toBeUndefined();
    expect(reload.text).not.toContain(key!.split('.')[1]);
    expect(reload.text).toContain(`<code>${keyPrefix(key!)}</code>`);

    const [row] = await rowsOf(t, `SELECT id FROM api_credentials WHERE service_agent_id = $1`, [id]);
    const audited = await rowsOf(
      t,
      `SELECT actor_id FROM audit_events WHERE workspace_id = $1 AND action = 'api_key.create' AND target_id = $2`,
      [owner.reg.workspaceId, row.id],
    );
    expect(audited).toEqual([{ actor_id: admin.reg.body.user.id }]);
    expect(reload.text).toContain(
      `<details class="confirm"><summary>Archive…</summary><form method="post" action="/app/api-keys/${row.id}/archive">`,
    );
    expect((await post(admin, `/app/api-keys/${row.id}/archive`).expect(303)).headers.location).toBe(`/app/agents/${id}?notice=archived`);
    await t.http().get('/api/v1/messages').set('x-agent-api-key', key!).expect(401);
    expect((await post(admin, `/app/api-keys/${row.id}/revoke`).expect(303)).headers.location).toBe(`/app/agents/${id}?notice=revoked`);
    expect(await auditOf('api_key.revoke', row.id)).toHaveLength(1);
    await t.http().post(`/app/api-keys/${row.id}/revoke`).set('cookie', stranger.cookie).set('accept', HTML).expect(404);

    // rename (a blank name refused, the page again) and deactivate
    expect((await post(admin, `/app/agents/${id}/update`, { name: '  ' }).expect(422)).text).toContain('name must not be blank');
    expect((await post(admin, `/app/agents/${id}/update`, { name: '' }).expect(422)).text).toContain('name must not be blank');
    expect((await post(admin, `/app/agents/${id}/update`, { name: `${name} 2` }).expect(303)).headers.location).toBe(
      `/app/agents/${id}?notice=renamed`,
    );
    expect((await post(admin, `/app/agents/${id}/update`, { status: 'inactive' }).expect(303)).headers.location).toBe(
      `/app/agents/${id}?notice=deactivated`,
    );
    const after = await get(member, `/app/agents/${id}`).expect(200);
    expect(after.text).toContain(`<h1 id="agent-title">${name} 2</h1>`);
    expect(after.text).toContain('<dd id="agent-status">inactive</dd>');
    expect(await auditOf('service_agent.deactivate', id!)).toHaveLength(1);
  });

  it('commands: any member sends one to an agent named before its id; the status filter; an inactive agent refused with the values kept', async () => {
    const agent = await createAgent(uniqueName('Runner'));
    const sent = await post(member, '/app/commands', { service_agent_id: agent.id, name: 'reboot', payload: '{"delay": 5}' }).expect(303);
    expect(sent.headers.location).toBe('/app/commands?notice=sent');
    const [command] = await rowsOf(t, `SELECT id, payload FROM agent_commands WHERE service_agent_id = $1`, [agent.id]);
    expect(command.payload).toEqual({ delay: 5 });
    expect(await auditOf('agent_command.create', command.id)).toEqual([{ actor_id: member.reg.body.user.id, target_id: command.id }]);

    const page = await get(member, '/app/commands?filter%5Bstatus%5D=pending').expect(200);
    expect(page.text).toMatch(
      new RegExp(`data-command-id="${command.id}"><td><strong>reboot</strong></td><td><a href="/app/agents/${agent.id}">${agent.name}</a>`),
    );
    expect(page.text).toContain(`<option value="${agent.id}">${agent.name}</option>`);
    expect(rowIds((await get(member, '/app/commands?filter%5Bstatus%5D=succeeded').expect(200)).text, 'command')).not.toContain(command.id);
    expect((await get(member, '/app/commands?limit=101').expect(400)).text).toContain('data-detail="invalid_limit"');

    const badPayload = await post(member, '/app/commands', { service_agent_id: agent.id, name: 'wave', payload: '[1, 2' }).expect(422);
    expect(badPayload.text).toContain('payload must be a JSON object');
    expect(badPayload.text).toContain('value="wave"');
    await asOperator(t, owner).patch(`${OP}/service_agents/${agent.id}`, { status: 'inactive' }).expect(200);
    const inactive = await post(member, '/app/commands', { service_agent_id: agent.id, name: 'halt' }).expect(409);
    expect(inactive.text).toContain('That agent is inactive');
    expect(inactive.text).toContain('value="halt"');
    const foreign = await post(member, '/app/commands', { service_agent_id: stranger.reg.defaultAgentId, name: 'steal' }).expect(404);
    expect(foreign.text).toContain('not a service agent of this workspace');
  });

  it('gateway rules: admins only, in priority order, created, edited and deleted behind a confirmation; a refusal keeps the values', async () => {
    await get(member, '/app/gateway-rules').expect(403);
    await post(member, '/app/gateway-rules', { action: 'x.*', effect: 'deny' }).expect(403);
    const empty = await get(admin, '/app/gateway-rules').expect(200);
    expect(empty.text).toContain('id="no-rules"');

    expect(
      (await post(admin, '/app/gateway-rules', { action: 'payments.*', effect: 'require_approval', priority: '20' }).expect(303)).headers
        .location,
    ).toBe('/app/gateway-rules?notice=created');
    await post(admin, '/app/gateway-rules', { action: '*', effect: 'deny', priority: '', description: 'everything else' }).expect(303);
    const rules = (await asOperator(t, owner).get(`${OP}/gateway_rules`).expect(200)).body.gateway_rules as {
      id: string;
      action: string;
    }[];
    expect(rules.map((r) => r.action)).toEqual(['payments.*', '*']);
    const page = await get(admin, '/app/gateway-rules').expect(200);
    expect(rowIds(page.text, 'rule')).toEqual(rules.map((r) => r.id));
    expect(await auditOf('gateway_rule.create', rules[0].id)).toEqual([{ actor_id: admin.reg.body.user.id, target_id: rules[0].id }]);

    const refused = await post(admin, '/app/gateway-rules', { action: 'refunds.*', effect: 'maybe', priority: '5' }).expect(422);
    expect(refused.text).toContain('effect must be one of allow, deny, require_approval');
    expect(refused.text).toContain('value="refunds.*"');

    const edited = await post(admin, `/app/gateway-rules/${rules[1].id}`, {
      action: '*',
      effect: 'allow',
      priority: '500',
      description: '',
    });
    expect(edited.status).toBe(303);
    const [changed] = await rowsOf(t, `SELECT effect, priority, description FROM gateway_rules WHERE id = $1`, [rules[1].id]);
    expect(changed).toEqual({ effect: 'allow', priority: 500, description: null });
    expect(
      (await post(admin, `/app/gateway-rules/${rules[1].id}`, { action: '*', effect: 'allow', priority: '-1' }).expect(422)).text,
    ).toContain('value="-1"');

    expect(page.text).toContain(
      `<details class="confirm"><summary>Delete…</summary><form method="post" action="/app/gateway-rules/${rules[0].id}/delete">`,
    );
    expect((await post(admin, `/app/gateway-rules/${rules[0].id}/delete`).expect(303)).headers.location).toBe(
      '/app/gateway-rules?notice=deleted',
    );
    expect(await auditOf('gateway_rule.delete', rules[0].id)).toHaveLength(1);
    await t.http().get(`/app/gateway-rules/${rules[1].id}`).set('cookie', stranger.cookie).set('accept', HTML).expect(404);
    await t.http().post(`/app/gateway-rules/${rules[1].id}/delete`).set('cookie', stranger.cookie).set('accept', HTML).expect(404);
  });

  it('settings: every member sees them, only an owner changes the policy, and an owner without a second factor is refused with the choice kept', async () => {
    const page = await get(member, '/app/settings').expect(200);
    expect(page.text).toContain(`<dd id="workspace-name">${owner.reg.body.workspace.name}</dd>`);
    expect(page.text).toContain('<dd id="require-mfa">not required</dd>');
    expect(page.text).not.toContain('id="save-settings"');
    await post(admin, '/app/settings', { require_mfa: 'true' }).expect(403);

    const refused = await post(owner, '/app/settings', { require_mfa: 'true' }).expect(409);
    expect(refused.text).toContain('Enroll a second factor of your own first');
    expect(refused.text).toContain('<option value="true" selected>');
    expect((await post(owner, '/app/settings', { require_mfa: 'false' }).expect(303)).headers.location).toBe('/app/settings?notice=saved');
    expect((await post(owner, '/app/settings', { require_mfa: 'perhaps' }).expect(422)).text).toContain('require_mfa');
    const [ws] = await rowsOf(t, `SELECT require_mfa FROM workspaces WHERE id = $1`, [owner.reg.workspaceId]);
    expect(ws.require_mfa).toBe(false);
  });
});
