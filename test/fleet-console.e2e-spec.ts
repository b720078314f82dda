import { randomUUID } from 'node:crypto';
import { asOperator, makeFleetOwner } from './enrollment-support';
import { startBrowserApp } from './support/browser';
import { eventually } from './support/eventually';
import { colleague, enrollRobot, insertRobots, rowsOf } from './support/fleet';
import { issueKey } from './support/sockets';
import type { TestApp } from './support/test-app';
import type { Browser } from 'playwright-core';

jest.setTimeout(90_000);

const CSP = /default-src 'none'/;

describe('fleet console pages (/app)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp());
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const page = (cookie: string, path: string, workspaceId?: string) => {
    const req = t.http().get(path).set('cookie', cookie).set('accept', 'text/html');
    return workspaceId ? req.set('x-workspace-id', workspaceId) : req;
  };
  const form = (cookie: string, path: string, workspaceId?: string) => {
    const req = t.http().post(path).set('cookie', cookie).set('accept', 'text/html').type('form').send('');
    return workspaceId ? req.set('x-workspace-id', workspaceId) : req;
  };

  async function pendingApproval(owner: Awaited<ReturnType<typeof makeFleetOwner>>, action = 'deploy.eu') {
    await asOperator(t, owner).post('/api/v1/operator/gateway_rules', { action: 'deploy.*', effect: 'require_approval' });
    const { key } = await issueKey(t, owner.reg, ['gateway:check']);
    const res = await t
      .http()
      .post('/api/v1/gateway/check')
      .set('x-agent-api-key', key)
      .send({ action, resource: 'cell <b>4</b>' })
      .expect(200);
    return { approval: res.body.approval, key };
  }

  it('every page answers members with HTML under the strict CSP; actions are for owners and admins; no session goes to log-in', async () => {
    const owner = await makeFleetOwner(t);
    const { approval } = await pendingApproval(owner);
    const member = await colleague(t, owner, 'member');
    for (const path of ['/app/approvals', '/app/security-violations', '/app/ota-updates', '/app/batch-operations']) {
      const res = await page(member.cookie, path, owner.reg.workspaceId).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toMatch(CSP);
      await t
        .http()
        .get(path)
        .set('accept', 'text/html')
        .expect(302)
        .expect('location', `/users/log-in?return_to=${encodeURIComponent(path)}`);
    }
    const asMember = (await page(member.cookie, '/app/approvals', owner.reg.workspaceId)).text;
    expect(asMember).toContain('deploy.eu');
    expect(asMember).toContain('cell &lt;b&gt;4&lt;/b&gt;'); // escaped
    expect(asMember).not.toContain('class="approve"');
    expect((await page(owner.cookie, '/app/approvals')).text).toContain(`action="/app/approvals/${approval.id}/approve"`);
    expect((await form(member.cookie, `/app/approvals/${approval.id}/approve`, owner.reg.workspaceId)).status).toBe(403);
    expect((await rowsOf(t, `SELECT status FROM approvals WHERE id = $1`, [approval.id]))[0].status).toBe('pending');
    // a form from another site is refused
    const crossSite = await t
      .http()
      .post(`/app/approvals/${approval.id}/approve`)
      .set('cookie', owner.cookie)
      .set('sec-fetch-site', 'cross-site')
      .type('form')
      .send('');
    expect(crossSite.status).toBe(403);
    expect((await form(owner.cookie, `/app/approvals/${randomUUID()}/approve`)).status).toBe(404);
  });

  it('the forms act: deny an approval, acknowledge then resolve a violation, cancel an OTA update and a batch operation', async () => {
    const owner = await makeFleetOwner(t);
    const { approval } = await pendingApproval(owner);
    await form(owner.cookie, `/app/approvals/${approval.id}/deny`).expect(303).expect('location', '/app/approvals?status=pending');
    expect((await rowsOf(t, `SELECT status FROM approvals WHERE id = $1`, [approval.id]))[0].status).toBe('denied');
    expect((await form(owner.cookie, `/app/approvals/${approval.id}/approve`)).status).toBe(409);

    await asOperator(t, owner).post('/api/v1/operator/gateway_rules', { action: 'x', effect: 'deny', priority: 1 }).expect(201);
    const { key } = await issueKey(t, owner.reg, ['gateway:check']);
    await t.http().post('/api/v1/gateway/check').set('x-agent-api-key', key).send({ action: 'x' }).expect(200);
    const [violation] = await rowsOf(t, `SELECT id FROM security_violations WHERE workspace_id = $1`, [owner.reg.workspaceId]);
    expect((await page(owner.cookie, '/app/security-violations')).text).toContain(`/app/security-violations/${violation.id}/acknowledge`);
    await form(owner.cookie, `/app/security-violations/${violation.id}/acknowledge`).expect(303);
    const acked = (await page(owner.cookie, '/app/security-violations')).text;
    expect(acked).not.toContain(`/app/security-violations/${violation.id}/acknowledge`);
    expect(acked).toContain(`/app/security-violations/${violation.id}/resolve`);
    await form(owner.cookie, `/app/security-violations/${violation.id}/resolve`).expect(303);
    expect((await rowsOf(t, `SELECT status FROM security_violations WHERE id = $1`, [violation.id]))[0].status).toBe('resolved');

    const robot = await enrollRobot(t, owner);
    const ota = (
      await asOperator(t, owner)
        .post('/api/v1/operator/ota-updates', {
          robot_id: robot.robotId,
          update_type: 'software',
          version: '2',
          artifact_url: 'https://x.example/a',
          sha256: 'ef'.repeat(32),
        })
        .expect(201)
    ).body.ota_update;
    expect((await page(owner.cookie, '/app/ota-updates')).text).toContain(`/app/ota-updates/${ota.id}/cancel`);
    await form(owner.cookie, `/app/ota-updates/${ota.id}/cancel`).expect(303);
    expect((await rowsOf(t, `SELECT status FROM ota_updates WHERE id = $1`, [ota.id]))[0].status).toBe('cancelled');

    // an operation no worker has taken yet (written as a queued one whose job never made it to Redis)
    const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 3);
    const [op] = await rowsOf(
      t,
      `INSERT INTO batch_operations (workspace_id, action, total, chunk_size, created_by) VALUES ($1, 'retire_robots', 3, 100, $2) RETURNING id`,
      [owner.reg.workspaceId, owner.reg.body.user.id],
    );
    await rowsOf(
      t,
      `INSERT INTO batch_operation_targets (batch_operation_id, position, target_id) SELECT $1, n::int, t FROM unnest($2::uuid[]) WITH ORDINALITY u(t, n)`,
      [op.id, robotIds],
    );
    const listed = (await page(owner.cookie, '/app/batch-operations')).text;
    expect(listed).toContain(`<progress value="0" max="3"`);
    expect(listed).toContain(`/app/batch-operations/${op.id}/cancel`);
    await form(owner.cookie, `/app/batch-operations/${op.id}/cancel`).expect(303).expect('location', `/app/batch-operations/${op.id}`);
    const detail = (await page(owner.cookie, `/app/batch-operations/${op.id}`)).text;
    expect(detail).toContain('<strong id="batch-status">cancelled</strong>');
    expect(detail).toContain('3 skipped');
    expect(
      (await rowsOf(t, `SELECT count(*)::int AS n FROM robots WHERE id = ANY($1::uuid[]) AND status = 'retired'`, [robotIds]))[0].n,
    ).toBe(0);
  });

  it('in Chromium: an admin opens Approvals from the overview and approves; the agent reads the decision; a batch operation shows its progress', async () => {
    const owner = await makeFleetOwner(t);
    const { approval, key } = await pendingApproval(owner, 'deploy.us');
    const context = await browser.newContext();
    const tab = await context.newPage();
    try {
      await tab.goto(`${base}/users/log-in`);
      await tab.fill('#email', owner.reg.email);
      await tab.fill('#password', owner.reg.password);
      await Promise.all([tab.waitForURL(`${base}/app`), tab.click('button[type=submit]')]);
      await Promise.all([tab.waitForURL(`${base}/app/approvals?status=pending`), tab.click('main >> text=Approvals')]);
      const row = tab.locator(`tr[data-approval-id="${approval.id}"]`);
      expect(await row.locator('.status').textContent()).toBe('pending');
      await Promise.all([tab.waitForURL(`${base}/app/approvals?status=pending`), row.locator('button.approve').click()]);
      expect(await tab.isVisible('#no-approvals')).toBe(true);
      const read = await t.http().get(`/api/v1/approvals/${approval.id}`).set('x-agent-api-key', key).expect(200);
      expect(read.body.approval).toMatchObject({ status: 'approved', decided_by: owner.reg.body.user.id });

      const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 40);
      const op = (
        await asOperator(t, owner)
          .post('/api/v1/operator/batch_operations', { action: 'tag_robots', target_ids: robotIds, params: { tags: ['ui'] } })
          .expect(202)
      ).body.batch_operation;
      await eventually(
        async () => {
          const b = (await asOperator(t, owner).get(`/api/v1/operator/batch_operations/${op.id}`)).body.batch_operation;
          expect(b.status).toBe('completed');
        },
        { timeoutMs: 15_000 },
      );
      await tab.goto(`${base}/app`);
      await Promise.all([tab.waitForURL(`${base}/app/batch-operations`), tab.click('text=Batch operations')]);
      await Promise.all([tab.waitForURL(`${base}/app/batch-operations/${op.id}`), tab.click(`tr[data-batch-operation-id="${op.id}"] a`)]);
      expect(await tab.textContent('#batch-status')).toBe('completed');
      expect(await tab.getAttribute('#batch-progress progress', 'value')).toBe('40');
      expect(await tab.textContent('#batch-progress .counts')).toContain('40 succeeded');
      expect(await tab.locator('#targets tbody tr').count()).toBe(40);
    } finally {
      await context.close();
    }
  });

  it('lists page as their REST lists do: approvals name their agent, violations filter, members and batch targets page', async () => {
    const owner = await makeFleetOwner(t);
    await asOperator(t, owner).post('/api/v1/operator/gateway_rules', { action: 'deploy.*', effect: 'require_approval' });
    const { key } = await issueKey(t, owner.reg, ['gateway:check']);
    for (const action of ['deploy.a', 'deploy.b']) {
      await t.http().post('/api/v1/gateway/check').set('x-agent-api-key', key).send({ action }).expect(200);
    }
    const first = (await page(owner.cookie, '/app/approvals?limit=1').expect(200)).text;
    expect(first).toContain('1-1 of 2');
    expect(first).toContain('href="/app/approvals?limit=1&amp;offset=1" rel="next"');
    expect(first).toMatch(/<a href="\/app\/agents\/[0-9a-f-]{36}">[^<]+<\/a>/);
    expect(first).not.toContain('>an agent<');
    // the older ?status=pending still filters, as the approve and deny redirects use it
    expect((await page(owner.cookie, '/app/approvals?status=pending').expect(200)).text).toContain('1-2 of 2');
    expect((await page(owner.cookie, '/app/approvals?filter%5Bstatus%5D=denied').expect(200)).text).toContain('No denied approvals.');
    expect((await page(owner.cookie, '/app/security-violations?filter%5Bseverity%5D=loud').expect(400)).text).toContain(
      'data-detail="invalid_severity"',
    );
    expect((await page(owner.cookie, '/app/security-violations?filter%5Bstatus%5D=resolved').expect(200)).text).toContain(
      'Nothing matches.',
    );

    const colleagueOp = await colleague(t, owner, 'member');
    await colleague(t, owner, 'admin');
    const members = (await page(owner.cookie, '/app/members?limit=1&offset=1').expect(200)).text;
    expect(members).toContain('2-2 of 3');
    expect(members.match(/data-user-id=/g)).toHaveLength(1);
    // searched by email (a column of the joined users table), in the page and the REST list alike
    const term = colleagueOp.reg.email.split('@')[0].toUpperCase();
    const found = (await page(owner.cookie, `/app/members?q=${term}`).expect(200)).text;
    expect(found.match(/data-user-id=/g)).toHaveLength(1);
    expect(found).toContain(colleagueOp.reg.email);
    const rest = await asOperator(t, owner).get(`/api/v1/operator/members?q=${term}`).expect(200);
    expect(rest.body.members.map((m: { user: { email: string } }) => m.user.email)).toEqual([colleagueOp.reg.email]);
    expect(rest.body.pagination.total).toBe(1);

    const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 3);
    const batch = await asOperator(t, owner)
      .post('/api/v1/operator/batch_operations', { action: 'tag_robots', target_ids: robotIds, params: { tags: ['paged'] } })
      .expect(202);
    const id = batch.body.batch_operation.id;
    const targets = (await page(owner.cookie, `/app/batch-operations/${id}?target_limit=2`).expect(200)).text;
    expect(targets).toContain('1-2 of 3');
    expect(targets).toContain(`href="/app/batch-operations/${id}?target_limit=2&amp;target_offset=2" rel="next"`);
    expect(targets).toMatch(/<tr><td>SN-[0-9a-f]+-\d<\/td>/);
    // the other console lists read their REST list's query too
    expect((await page(owner.cookie, '/app/webhooks?status=bogus').expect(400)).text).toContain('data-detail="invalid_status"');
    expect((await page(owner.cookie, '/app/webhooks?status=disabled').expect(200)).text).toContain('Nothing matches.');
    expect((await page(owner.cookie, '/app/settings/api_tokens?limit=0').expect(400)).text).toContain('data-detail="invalid_limit"');
    const tokens = (await page(owner.cookie, '/app/settings/api_tokens').expect(200)).text;
    expect(tokens).toContain('id="no-tokens"');
    expect(tokens).not.toContain('class="pager"');
  });
});
