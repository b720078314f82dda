import { AGE_TOKEN, asOperator, claim, makeCohort, makeFleetOwner, OP, preRegister, uniqueSerial } from './enrollment-support';
import { makeOperator, type Operator } from './support/console';
import { colleague, insertRobots, rowsOf } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The fleet pages of the console (issue 57): robots, enrollment tokens, cohorts. */
describe('fleet pages: /app/robots, /app/enrollment-tokens, /app/cohorts', () => {
  let t: TestApp;
  let owner: Operator;
  let member: Operator;

  // colleagues act on the owner's workspace (their oldest membership is their own)
  const get = (op: Operator, path: string) =>
    t.http().get(path).set('cookie', op.cookie).set('accept', HTML).set('x-workspace-id', owner.reg.workspaceId);
  const post = (op: Operator, path: string, form: Record<string, string> = {}) =>
    t.http().post(path).set('cookie', op.cookie).set('accept', HTML).set('x-workspace-id', owner.reg.workspaceId).type('form').send(form);
  const rowIds = (html: string, attr: string) => [...html.matchAll(new RegExp(`data-${attr}-id="([^"]+)"`, 'g'))].map((m) => m[1]);
  const newToken = (html: string) => /<code id="new-enrollment-token" class="secret" data-copy>([^<]*)<\/code>/.exec(html)?.[1];

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    owner = await makeFleetOwner(t);
    member = await colleague(t, owner, 'member');
  });
  afterAll(() => t.close());

  it('robots: names before serials, the REST list’s search, filter and pages, and no actions for a member', async () => {
    const cohort = await makeCohort(t, owner, `Dock ${uniqueSerial()}`);
    const named = await preRegister(t, owner, uniqueSerial('NAMED'), 'Forklift 100%_b');
    const plain = await preRegister(t, owner, uniqueSerial('PLAIN'));
    await insertRobots(t, owner.reg.workspaceId, 3, { cohortId: cohort.id });

    const page = await get(member, '/app/robots').expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<script src="/assets/console.js" defer></script>');
    expect(page.text).toMatch(new RegExp(`data-robot-id="${named.id}"><td><strong>Forklift 100%_b</strong><br><small>NAMED-`));
    expect(page.text).toContain(`<a href="/app/cohorts/${cohort.id}">${cohort.name}</a>`);
    expect(page.text).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
    expect(page.text).toContain('1-5 of 5');
    expect(page.text).not.toContain('/retire');
    expect(page.text).not.toContain('Pre-register');

    // the search is the REST list's: a case-insensitive substring, % and _ literal
    expect(rowIds((await get(member, '/app/robots?q=forklift%20100%25_').expect(200)).text, 'robot')).toEqual([named.id]);
    expect(rowIds((await get(member, '/app/robots?q=%25').expect(200)).text, 'robot')).toEqual([named.id]);
    const rest = await asOperator(t, member, owner.reg.workspaceId).get(`${OP}/robots?q=plain-`).expect(200);
    expect(rest.body.robots.map((r: { id: string }) => r.id)).toEqual([plain.id]);
    const none = await get(member, '/app/robots?q=nothing-like-it').expect(200);
    expect(none.text).toContain('id="no-robots">Nothing matches. <a href="/app/robots">Show all</a>');
    expect(rowIds((await get(member, '/app/robots?filter%5Bstatus%5D=pending&q=').expect(200)).text, 'robot')).toEqual([
      plain.id,
      named.id,
    ]);

    // pages: limit and offset as the REST list takes them; Next keeps the filter and the search
    const first = await get(member, '/app/robots?limit=2&q=SN-').expect(200);
    expect(first.text).toContain('1-2 of 3');
    expect(first.text).toContain('href="/app/robots?q=SN-&amp;limit=2&amp;offset=2" rel="next"');
    const second = await get(member, '/app/robots?q=SN-&limit=2&offset=2').expect(200);
    expect(second.text).toContain('3-3 of 3');
    expect(second.text).toContain('href="/app/robots?q=SN-&amp;limit=2" rel="prev"');
    expect(second.text).not.toContain('rel="next"');

    // refusals are the REST list's
    expect((await get(member, '/app/robots?filter%5Bstatus%5D=lost').expect(400)).text).toContain('data-detail="invalid_status"');
    expectProblem(await asOperator(t, member, owner.reg.workspaceId).get(`${OP}/robots?q=${'x'.repeat(101)}`), 400, 'bad-request', {
      detail: 'invalid_q',
      extra: { parameter: 'q', maxLength: 100 },
    });
  });

  it('robots: an admin pre-registers (a refusal keeps the typed values), resets and retires behind a confirmation; a member may not post', async () => {
    const admin = await colleague(t, owner, 'admin');
    const serial = uniqueSerial('FORM');
    const posted = await post(admin, '/app/robots', { serial_number: serial, name: 'Picker' }).expect(303);
    expect(posted.headers.location).toBe('/app/robots?notice=registered');
    const [robot] = await rowsOf(t, `SELECT id, status FROM robots WHERE workspace_id = $1 AND serial_number = $2`, [
      owner.reg.workspaceId,
      serial,
    ]);
    expect(robot.status).toBe('pending');

    const taken = await post(admin, '/app/robots', { serial_number: serial, name: 'Twin' }).expect(422);
    expect(taken.text).toContain('class="error" role="alert"');
    expect(taken.text).toContain(`value="${serial}"`);
    expect(taken.text).toContain('value="Twin"');

    const page = await get(admin, `/app/robots?q=${serial}`).expect(200);
    expect(page.text).toContain(
      `<details class="confirm"><summary>Retire…</summary><form method="post" action="/app/robots/${robot.id}/retire">`,
    );
    expect(page.text).toContain(`id="retire-${robot.id}"`);
    await post(member, `/app/robots/${robot.id}/retire`).expect(403);
    expect((await post(admin, `/app/robots/${robot.id}/retire`).expect(303)).headers.location).toBe('/app/robots?notice=retired');
    const [retired] = await rowsOf(t, `SELECT status FROM robots WHERE id = $1`, [robot.id]);
    expect(retired.status).toBe('retired');
    // retirement is final: the reset's 409 is the page again with the reason
    expect((await post(admin, `/app/robots/${robot.id}/reset`).expect(409)).text).toContain('retirement is final');
    // another workspace's robot is not found
    const stranger = await makeOperator(t);
    await t.http().post(`/app/robots/${robot.id}/retire`).set('cookie', stranger.cookie).set('accept', HTML).expect(404);
  });

  it('enrollment tokens: issued through Post/Redirect/Get and shown once, to the issuing session only; a claim takes it', async () => {
    const cohort = await makeCohort(t, owner, `Site ${uniqueSerial()}`);
    const posted = await post(owner, '/app/enrollment-tokens', {
      max_claims: '5',
      expires_in: '3600',
      cohort_id: cohort.id,
      default_tags: 'north, dock',
      serial_allowlist: '',
    }).expect(303);
    expect(posted.headers.location).toMatch(/^\/app\/enrollment-tokens\?shown=[A-Za-z0-9_-]{22}$/);
    expect(posted.text ?? '').not.toMatch(/age_[A-Za-z0-9_-]{11}\./);

    const shown = await get(owner, posted.headers.location).expect(200);
    const token = newToken(shown.text);
    expect(token).toMatch(AGE_TOKEN);
    expect(shown.text).toContain('"token": "' + token);
    // the one view is over: neither a reload nor another member's session shows it
    expect(newToken((await get(member, posted.headers.location).expect(200)).text)).toBeUndefined();
    const reload = await get(owner, posted.headers.location).expect(200);
    expect(newToken(reload.text)).toBeUndefined();
    expect(reload.text).toContain('data-reason="gone">The new enrollment token was shown once');
    expect(reload.text).not.toContain(token!.split('.')[1]);

    const [row] = await rowsOf(
      t,
      `SELECT id, max_claims, default_tags, cohort_id FROM enrollment_tokens WHERE workspace_id = $1 AND prefix = $2`,
      [owner.reg.workspaceId, token!.split('.')[0].slice('age_'.length)],
    );
    expect(row).toMatchObject({ max_claims: 5, default_tags: ['north', 'dock'], cohort_id: cohort.id });
    expect(reload.text).toContain(`data-enrollment-token-id="${row.id}"`);
    expect(reload.text).toContain(`<a href="/app/cohorts/${cohort.id}">${cohort.name}</a>`);
    expect((await claim(t, { token, serial_number: uniqueSerial() })).status).toBe(201);

    // a refusal renders the form again with what was typed; nothing is issued
    const before = await rowsOf(t, `SELECT count(*)::int AS n FROM enrollment_tokens WHERE workspace_id = $1`, [owner.reg.workspaceId]);
    const refused = await post(owner, '/app/enrollment-tokens', { max_claims: 'many', expires_in: '3600', default_tags: 'kept' }).expect(
      422,
    );
    expect(refused.text).toContain('max_claims');
    expect(refused.text).toContain('value="kept"');
    const after = await rowsOf(t, `SELECT count(*)::int AS n FROM enrollment_tokens WHERE workspace_id = $1`, [owner.reg.workspaceId]);
    expect(after[0].n).toBe(before[0].n);
    await post(member, '/app/enrollment-tokens', { max_claims: '1' }).expect(403);

    // revoke, confirmed, then every claim is refused
    expect((await post(owner, `/app/enrollment-tokens/${row.id}/revoke`).expect(303)).headers.location).toBe(
      '/app/enrollment-tokens?notice=revoked',
    );
    expect((await claim(t, { token, serial_number: uniqueSerial() })).status).toBe(409);
  });

  it('cohorts: created from the page (a taken name refused with the value kept), each with a page of its robots', async () => {
    const name = `Line ${uniqueSerial()}`;
    const created = await post(owner, '/app/cohorts', { name }).expect(303);
    const id = /^\/app\/cohorts\/([0-9a-f-]{36})$/.exec(created.headers.location)?.[1];
    expect(id).toBeDefined();
    await insertRobots(t, owner.reg.workspaceId, 2, { cohortId: id });
    const page = await get(member, created.headers.location).expect(200);
    expect(page.text).toContain(`<h1 id="cohort-title">${name}</h1>`);
    expect(rowIds(page.text, 'robot')).toHaveLength(2);
    expect((await get(member, `/app/cohorts?q=${encodeURIComponent(name.toLowerCase())}`).expect(200)).text).toContain(
      `data-cohort-id="${id}"`,
    );

    const taken = await post(owner, '/app/cohorts', { name: name.toUpperCase() }).expect(422);
    expect(taken.text).toContain(`value="${name.toUpperCase()}"`);
    const stranger = await makeOperator(t);
    await t.http().get(`/app/cohorts/${id}`).set('cookie', stranger.cookie).set('accept', HTML).expect(404);
  });
});
