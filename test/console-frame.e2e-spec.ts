import { CONSOLE_NAV } from '../src/sessions/console-chrome';
import { makeWorkspace, PASSWORD, uniqueEmail } from './support/builders';
import { addMembership, AGK_KEY, makeOperator, makePlatformAdmin, uniqueName } from './support/console';
import { cookieHeader, db, SESSION_COOKIE, setCookies, TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const ADMIN_EMAIL = uniqueEmail('frame-admin');

/** The hrefs of the console navigation on a page, in order. */
const navLinks = (page: string): string[] => {
  const nav = /<nav class="console"[^>]*>([\s\S]*?)<\/nav>/.exec(page)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
};
const currentLink = (page: string) => /<a href="([^"]+)" aria-current="page">/.exec(page)?.[1];
const allPaths = CONSOLE_NAV.flatMap((s) => s.links.map((l) => l.path));

describe('the console frame: navigation, the workspace switcher, the landing page and sign-up (issue 57)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL } });
  });
  afterAll(() => t.close());

  describe('navigation', () => {
    it('shows each role the pages it may open, every one of which answers 200 with itself marked current', async () => {
      const owner = await makeOperator(t);
      const ws = owner.reg.workspaceId;
      const seen: Record<string, string[]> = {};
      for (const role of ['admin', 'member'] as const) {
        const other = await makeOperator(t);
        await addMembership(t, other.reg.email, ws, role);
        // its own workspace is older: the switcher picks this one
        const switched = await t.http().post('/app/workspace').set('cookie', other.cookie).type('form').send({ workspace_id: ws });
        expect(switched.status).toBe(303);
        const choice = setCookies(switched).get('_agent_ops_workspace')!;
        seen[role] = await walk(`${other.cookie}; _agent_ops_workspace=${choice.value}`);
      }
      seen.owner = await walk(owner.cookie);
      const admin = await makePlatformAdmin(t, ADMIN_EMAIL);
      seen.platform = await walk(admin.cookie);

      const audience = (path: string) => CONSOLE_NAV.flatMap((s) => s.links).find((l) => l.path === path)!.audience;
      // an owner sees every workspace page; an admin all but the owners'; a member the members' and the account's
      expect(seen.owner).toEqual(allPaths.filter((p) => audience(p) !== 'platform_admin'));
      expect(seen.admin).toEqual(allPaths.filter((p) => !['owner', 'platform_admin'].includes(audience(p))));
      expect(seen.member).toEqual(allPaths.filter((p) => ['member', 'account'].includes(audience(p))));
      expect(seen.platform).toEqual(allPaths);
      expect(seen.member).not.toContain('/app/webhooks');
      expect(seen.admin).not.toContain('/app/settings/sso');
    }, 60_000);

    /** Opens every link of the overview's navigation; each must answer 200 and mark itself current. */
    async function walk(cookie: string): Promise<string[]> {
      const overview = await t.http().get('/app').set('cookie', cookie).expect(200);
      const links = navLinks(overview.text);
      for (const path of links) {
        const page = await t.http().get(path).set('cookie', cookie);
        expect({ path, status: page.status }).toEqual({ path, status: 200 });
        expect({ path, current: currentLink(page.text) }).toEqual({ path, current: path });
        expect(navLinks(page.text)).toEqual(links);
      }
      return links;
    }

    it('a link hidden from a role is a page that role cannot open', async () => {
      const owner = await makeOperator(t);
      const member = await makeOperator(t);
      await addMembership(t, member.reg.email, owner.reg.workspaceId, 'member');
      const res = await t
        .http()
        .post('/app/workspace')
        .set('cookie', member.cookie)
        .type('form')
        .send({ workspace_id: owner.reg.workspaceId });
      const cookie = `${member.cookie}; _agent_ops_workspace=${setCookies(res).get('_agent_ops_workspace')!.value}`;
      const shown = navLinks((await t.http().get('/app').set('cookie', cookie).expect(200)).text);
      for (const path of allPaths.filter((p) => !shown.includes(p))) {
        expect({ path, status: (await t.http().get(path).set('cookie', cookie)).status }).toEqual({ path, status: 403 });
      }
      // nor does a page's text send a member to an owner's or admin's page
      const start = (await t.http().get('/app/getting-started').set('cookie', cookie).expect(200)).text;
      const linked = [...start.matchAll(/<main[\s\S]*<\/main>/g)][0][0].match(/href="(\/app[^"?]*)"/g) ?? [];
      expect(linked.map((h) => h.slice(6, -1)).filter((p) => !shown.includes(p))).toEqual([]);
    });
  });

  describe('the workspace switcher', () => {
    it('moves every page to the chosen workspace, leaves JSON routes on x-workspace-id, refuses a foreign one, and falls back when the membership ends', async () => {
      const me = await makeOperator(t, { workspace_name: uniqueName('Mine') });
      const theirs = await makeWorkspace(t, { workspace_name: uniqueName('Theirs') });
      const stranger = await makeWorkspace(t);
      await addMembership(t, me.reg.email, theirs.workspaceId, 'admin');

      const before = await t.http().get('/app').set('cookie', me.cookie).expect(200);
      expect(before.text).toContain(`<option value="${theirs.workspaceId}">`);
      expect(before.text).toContain(`<option value="${me.reg.workspaceId}" selected>`);

      const switched = await t
        .http()
        .post('/app/workspace')
        .set('cookie', me.cookie)
        .type('form')
        .send({ workspace_id: theirs.workspaceId });
      expect(switched.status).toBe(303);
      expect(switched.headers.location).toBe('/app');
      const choice = setCookies(switched).get('_agent_ops_workspace')!;
      expect(choice).toMatchObject({ value: theirs.workspaceId, attrs: expect.objectContaining({ httponly: true, samesite: 'Lax' }) });
      const cookie = `${me.cookie}; _agent_ops_workspace=${choice.value}`;

      const after = await t.http().get('/app').set('cookie', cookie).expect(200);
      expect(after.text).toContain(`<option value="${theirs.workspaceId}" selected>`);
      expect(after.text).toContain(theirs.body.workspace.name);
      // a page that lists the workspace's rows: the other workspace's members
      const members = await t.http().get('/app/members').set('cookie', cookie).expect(200);
      expect(members.text).toContain(theirs.email);
      // JSON routes keep API.md's rule: x-workspace-id, else the oldest membership
      const me1 = await t.http().get('/api/v1/operator/me').set('cookie', cookie).expect(200);
      expect(me1.body.workspace_id).toBe(me.reg.workspaceId);

      // not a member: refused, and the choice stays
      const foreign = await t.http().post('/app/workspace').set('cookie', cookie).type('form').send({ workspace_id: stranger.workspaceId });
      expect(foreign.status).toBe(403);
      expect(setCookies(foreign).has('_agent_ops_workspace')).toBe(false);
      expect((await t.http().post('/app/workspace').set('cookie', cookie).type('form').send({ workspace_id: 'nope' })).status).toBe(403);
      // a chosen workspace the account has left (or a forged cookie): the oldest membership
      await db(t).query(`DELETE FROM memberships WHERE workspace_id = $1 AND user_id = $2`, [theirs.workspaceId, me.reg.body.user.id]);
      const fallen = await t.http().get('/app').set('cookie', cookie).expect(200);
      expect(fallen.text).toContain(me.reg.body.workspace.name);
      expect(fallen.text).not.toContain(theirs.body.workspace.name);
      const forged = await t
        .http()
        .get('/app/members')
        .set('cookie', `${me.cookie}; _agent_ops_workspace=${stranger.workspaceId}`)
        .expect(200);
      expect(forged.text).not.toContain(stranger.email);
    });
  });

  describe('the landing page', () => {
    it('tells a browser what the service is and links to sign-up, log-in and the documents, each of which answers', async () => {
      const page = await t.http().get('/').set('accept', BROWSER).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('id="what-it-is"');
      const links = [...page.text.matchAll(/<a (?:class="button" )?href="([^"]+)"/g)].map((m) => m[1]);
      expect(links).toEqual(expect.arrayContaining(['/users/register', '/users/log-in', '/api/docs', '/api/docs-json', '/problems']));
      for (const path of links) expect({ path, status: (await t.http().get(path)).status }).toEqual({ path, status: 200 });
      expect((await t.http().get('/users/log-in').expect(200)).text).toContain('href="/users/register"');
    });
  });

  describe('sign-up', () => {
    const form = () => ({
      email: uniqueEmail('signup'),
      password: PASSWORD,
      workspace_name: uniqueName('Signed'),
      agent_name: 'warehouse-bot',
    });

    it('creates the account and its workspace, signs the browser in, and shows the key once after the redirect', async () => {
      const f = form();
      const res = await t.http().post('/users/register').type('form').send(f);
      expect(res.status).toBe(303);
      const location = res.headers.location;
      expect(location).toMatch(/^\/app\/getting-started\?shown=[A-Za-z0-9_-]{22}$/);
      expect(res.text ?? '').not.toMatch(/agk_/);
      const session = setCookies(res).get(SESSION_COOKIE)!.value;
      const cookie = cookieHeader({ [SESSION_COOKIE]: session });

      const shown = await t.http().get(location).set('cookie', cookie).expect(200);
      const key = /<code class="secret" id="shown-key">([^<]+)<\/code>/.exec(shown.text)?.[1];
      expect(key).toMatch(AGK_KEY);
      // the key is the workspace's: it exchanges for a token
      const token = await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', key!).expect(200);
      expect(token.body.token).toBeTruthy();
      // once: the same address again shows the page without it
      const again = await t.http().get(location).set('cookie', cookie).expect(200);
      expect(again.text).not.toContain(key!);
      expect(again.text).toContain('id="key-not-shown"');

      // the account owns the new workspace, and the log-in is audited with the registration
      const me = await t.http().get('/api/v1/operator/me').set('cookie', cookie).expect(200);
      expect(me.body.user.email).toBe(f.email);
      expect(me.body.workspaces).toEqual([expect.objectContaining({ name: f.workspace_name, role: 'owner' })]);
      const actions = await db(t).query(`SELECT action FROM audit_events WHERE workspace_id = $1`, [me.body.workspace_id]);
      expect(actions.map((r: { action: string }) => r.action).sort()).toEqual(['member.login', 'workspace.create']);
    });

    it('shows the key to the session that signed up only', async () => {
      const res = await t.http().post('/users/register').type('form').send(form());
      const other = await makeOperator(t);
      const stolen = await t.http().get(res.headers.location).set('cookie', other.cookie).expect(200);
      expect(stolen.text).not.toMatch(/agk_[A-Za-z0-9_-]{11}\./);
      expect(stolen.text).toContain('id="key-not-shown"');
    });

    it('answers a bad form with the form again, 422, each field named, what was typed kept but the password, and creates nothing', async () => {
      const f = { ...form(), email: 'not-an-address', password: 'short', workspace_name: '   ' };
      const res = await t.http().post('/users/register').type('form').send(f);
      expect(res.status).toBe(422);
      expect(res.text).toContain('id="signup-errors"');
      for (const field of ['email', 'password', 'workspace_name']) expect(res.text).toContain(`id="${field}-error"`);
      expect(res.text).not.toContain('id="agent_name-error"');
      expect(res.text).toContain('value="not-an-address"');
      expect(res.text).toContain('value="warehouse-bot"');
      expect(res.text).not.toContain('value="short"');
      expect(setCookies(res).has(SESSION_COOKIE)).toBe(false);
      const users = await db(t).query(`SELECT 1 FROM users WHERE email = $1`, ['not-an-address']);
      expect(users).toHaveLength(0);

      // an address already taken: the same answer as the JSON route's
      const taken = await makeWorkspace(t);
      const dup = await t
        .http()
        .post('/users/register')
        .type('form')
        .send({ ...form(), email: taken.email });
      expect(dup.status).toBe(422);
      expect(dup.text).toContain('id="email-error"');
      expect(dup.text).toContain('has already been taken');
    });

    it('two sign-ups with one address at once: one account, the other gets the form back', async () => {
      const f = form();
      const [a, b] = await Promise.all([
        t.http().post('/users/register').type('form').send(f),
        t
          .http()
          .post('/users/register')
          .type('form')
          .send({ ...f, workspace_name: uniqueName('Other') }),
      ]);
      expect([a.status, b.status].sort()).toEqual([303, 422]);
      const rows = await db(t).query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [f.email]);
      expect(rows[0].n).toBe(1);
    });
  });
});
