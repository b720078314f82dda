import { makeWorkspace, Registered, uniqueEmail } from './support/builders';
import { db, logIn, mailQueueDrained, mailsTo, randomIPv4, resetThroughMail, resetToken, waitForMails } from './support/operator';
import { makeScimTenant, oktaUser, PATCH_OP, scim, ScimTenant } from './support/scim';
import { sessionCookie, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const NEW_PASSWORD = 'a password set after provisioning';
const deactivate = { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] };
const reactivate = { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] };

/**
 * What a SCIM User does to this service's accounts and memberships (API.md Part 2, SCIM 2.0):
 * linking by email, SCIM-managed accounts without passwords, active:false and DELETE effects,
 * the owner's protection, groups mapped to roles, and tenant isolation.
 */
describe('SCIM: accounts, memberships and roles', () => {
  let t: TestApp;
  let base: string;
  let a: ScimTenant;
  const sockets: SocketClient[] = [];

  const me = (cookie: string) => t.http().get('/api/v1/operator/me').set('cookie', cookie);
  const account = async (email: string) =>
    (await db(t).query(`SELECT id, status, password_hash, scim_workspace_id FROM users WHERE email = $1`, [email]))[0];
  /** A SCIM-managed account gets a password the way its owner would: forgot-password, then the link. */
  const setPassword = (email: string) => resetThroughMail(t, email, NEW_PASSWORD);

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
    a = await makeScimTenant(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  describe('a SCIM-managed account (created by this workspace)', () => {
    let email: string;
    let id: string;
    let cookie: string;

    beforeAll(async () => {
      email = uniqueEmail('managed');
      id = (await scim(t, a.token, 'post', '/Users', oktaUser({ email: email.toUpperCase() })).expect(201)).body.id;
    });

    it('is created without a password, as a member of the workspace, and cannot log in until its owner sets one', async () => {
      const acct = await account(email);
      expect(acct).toMatchObject({ status: 'active', password_hash: null, scim_workspace_id: a.workspaceId });
      const membership = await db(t).query(`SELECT role, status FROM memberships WHERE user_id = $1 AND workspace_id = $2`, [
        acct.id,
        a.workspaceId,
      ]);
      expect(membership).toEqual([{ role: 'member', status: 'active' }]);
      // No password yet: the generic failure, whatever is typed (the dummy hash's own text included).
      const refused = await logIn(t, { email, password: 'dummy password for timing equalisation' }, { ip: randomIPv4(), json: true });
      expect(refused.res.status).toBe(401);

      await setPassword(email);
      cookie = await sessionCookie(t, email, NEW_PASSWORD);
      expect((await me(cookie).expect(200)).body.workspaces.map((w: { id: string }) => w.id)).toEqual([a.workspaceId]);
    });

    it('active:false suspends it: sessions ended, live sockets closed, reset links dead, log-in refused; active:true reinstates', async () => {
      const socket = await SocketClient.open(socketUrl(base), { cookie });
      sockets.push(socket);
      await t.http().post('/users/forgot-password').set('x-forwarded-for', randomIPv4()).type('form').send({ email }).expect(200);
      const pendingLink = resetToken((await waitForMails(t, email, 2))[1]);

      const off = await scim(t, a.token, 'patch', `/Users/${id}`, deactivate).expect(200);
      expect(off.body.active).toBe(false);
      expect(await socket.closedWithin()).toEqual({ code: 4401, reason: 'sessions_revoked' });
      await me(cookie).expect(401);
      expect((await logIn(t, { email, password: NEW_PASSWORD }, { ip: randomIPv4(), json: true })).res.status).toBe(401);
      const link = await t.http().get(`/users/reset-password/${pendingLink}`).expect(200);
      expect(link.text).toContain('id="reset-dead-end"');
      expect(await account(email)).toMatchObject({ status: 'suspended' });
      expect(
        (await db(t).query(`SELECT m.status FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1`, [email]))[0].status,
      ).toBe('suspended');

      await scim(t, a.token, 'patch', `/Users/${id}`, reactivate).expect(200);
      const again = await sessionCookie(t, email, NEW_PASSWORD);
      expect((await me(again).expect(200)).body.workspaces.map((w: { id: string }) => w.id)).toEqual([a.workspaceId]);
    });

    it('a new primary email becomes its login email and kills its reset links', async () => {
      await t.http().post('/users/forgot-password').set('x-forwarded-for', randomIPv4()).type('form').send({ email }).expect(200);
      const mails = await waitForMails(t, email, 3);
      const link = resetToken(mails[mails.length - 1]);
      const next = uniqueEmail('renamed');
      const put = await scim(t, a.token, 'put', `/Users/${id}`, { ...oktaUser({ userName: email, email: next }), id }).expect(200);
      expect(put.body.emails[0].value).toBe(next);
      expect(await account(next)).toMatchObject({ status: 'active' });
      expect(await account(email)).toBeUndefined();
      expect((await t.http().get(`/users/reset-password/${link}`)).text).toContain('id="reset-dead-end"');
      await sessionCookie(t, next, NEW_PASSWORD);
      email = next;
    });

    it('DELETE removes the SCIM User and the membership; the account, left without memberships, is suspended', async () => {
      const cookieBefore = await sessionCookie(t, email, NEW_PASSWORD);
      await scim(t, a.token, 'delete', `/Users/${id}`).expect(204);
      await scim(t, a.token, 'get', `/Users/${id}`).expect(404);
      expect(await account(email)).toMatchObject({ status: 'suspended' });
      expect(await db(t).query(`SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1`, [email])).toEqual([]);
      await me(cookieBefore).expect(401);

      // Provisioned again, it is the same account, taken back and reinstated.
      const back = await scim(t, a.token, 'post', '/Users', oktaUser({ email })).expect(201);
      expect(back.body.id).not.toBe(id);
      expect(await account(email)).toMatchObject({ status: 'active', scim_workspace_id: a.workspaceId });
      await sessionCookie(t, email, NEW_PASSWORD);
    });
  });

  describe('an existing account linked by email', () => {
    let linked: Registered;
    let cookie: string;
    let id: string;

    beforeAll(async () => {
      linked = await makeWorkspace(t); // owns a workspace of its own
      cookie = await sessionCookie(t, linked.email, linked.password);
      const res = await scim(
        t,
        a.token,
        'post',
        '/Users',
        oktaUser({ userName: `EMP-${linked.workspaceId.slice(0, 6)}`, email: linked.email.toUpperCase() }),
      ).expect(201);
      id = res.body.id;
    });

    it('joins the workspace as a member, keeps its password and its own workspace', async () => {
      const workspaces = (await me(cookie).expect(200)).body.workspaces;
      expect(workspaces.map((w: { id: string; role: string }) => [w.id, w.role])).toEqual([
        [linked.workspaceId, 'owner'],
        [a.workspaceId, 'member'],
      ]);
      expect(await account(linked.email)).toMatchObject({ scim_workspace_id: null });
    });

    it('active:false suspends only the membership: the workspace leaves /me and its routes, the session lives on', async () => {
      await scim(t, a.token, 'patch', `/Users/${id}`, deactivate).expect(200);
      const body = (await me(cookie).expect(200)).body;
      expect(body.workspaces.map((w: { id: string }) => w.id)).toEqual([linked.workspaceId]);
      await t.http().get('/api/v1/operator/service_agents').set('cookie', cookie).set('x-workspace-id', a.workspaceId).expect(403);
      expect(await account(linked.email)).toMatchObject({ status: 'active' });
      await sessionCookie(t, linked.email, linked.password);

      await scim(t, a.token, 'patch', `/Users/${id}`, reactivate).expect(200);
      await t.http().get('/api/v1/operator/service_agents').set('cookie', cookie).set('x-workspace-id', a.workspaceId).expect(200);
    });

    it('a changed email changes only the SCIM record, never the account', async () => {
      const other = uniqueEmail('scim-only');
      await scim(t, a.token, 'patch', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'emails', value: [{ value: other, primary: true }] }],
      }).expect(200);
      expect(await account(linked.email)).toMatchObject({ status: 'active' });
      expect(await account(other)).toBeUndefined();
    });

    it('DELETE removes the membership but never suspends an account SCIM did not create', async () => {
      await scim(t, a.token, 'delete', `/Users/${id}`).expect(204);
      expect((await me(cookie).expect(200)).body.workspaces.map((w: { id: string }) => w.id)).toEqual([linked.workspaceId]);
      expect(await account(linked.email)).toMatchObject({ status: 'active' });
    });

    it('two SCIM Users of one workspace cannot link one account: 409 uniqueness', async () => {
      const email = uniqueEmail('twice');
      await scim(t, a.token, 'post', '/Users', oktaUser({ userName: 'first-' + email, email })).expect(201);
      const second = await scim(t, a.token, 'post', '/Users', oktaUser({ userName: 'second-' + email, email })).expect(409);
      expect(second.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
      const other = (await scim(t, a.token, 'post', '/Users', oktaUser()).expect(201)).body;
      const replace = await scim(t, a.token, 'put', `/Users/${other.id}`, oktaUser({ userName: other.userName, email })).expect(409);
      expect(replace.body.scimType).toBe('uniqueness');
    });
  });

  describe("the workspace owner's membership", () => {
    it('is linked when provisioned, but cannot be suspended or removed through SCIM (403)', async () => {
      const owner = (await scim(t, a.token, 'post', '/Users', oktaUser({ email: a.email })).expect(201)).body;
      const off = await scim(t, a.token, 'patch', `/Users/${owner.id}`, deactivate).expect(403);
      expect(off.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '403' });
      await scim(t, a.token, 'put', `/Users/${owner.id}`, {
        ...oktaUser({ email: a.email, userName: owner.userName }),
        active: false,
      }).expect(403);
      await scim(t, a.token, 'delete', `/Users/${owner.id}`).expect(403);
      expect((await scim(t, a.token, 'get', `/Users/${owner.id}`).expect(200)).body.active).toBe(true);
      expect((await me(a.cookie).expect(200)).body.workspaces.find((w: { id: string }) => w.id === a.workspaceId).role).toBe('owner');
      // provisioning the owner as inactive is refused as well, and leaves nothing
      const b = await makeScimTenant(t);
      await scim(t, b.token, 'post', '/Users', oktaUser({ email: b.email, active: false })).expect(403);
      expect((await scim(t, b.token, 'get', '/Users').expect(200)).body.totalResults).toBe(0);
    });
  });

  describe('groups mapped to roles', () => {
    it('a mapped group grants its members its role at once; leaving it or unmapping it takes the role away; the owner is never demoted', async () => {
      const email = uniqueEmail('role');
      const u = (await scim(t, a.token, 'post', '/Users', oktaUser({ email })).expect(201)).body;
      const owner = (await scim(t, a.token, 'get', `/Users?filter=${encodeURIComponent(`emails.value eq "${a.email}"`)}`)).body
        .Resources[0];
      await setPassword(email);
      const cookie = await sessionCookie(t, email, NEW_PASSWORD);
      const admins = (
        await scim(t, a.token, 'post', '/Groups', {
          displayName: `Admins ${u.id.slice(0, 6)}`,
          members: [{ value: u.id }, { value: owner.id }],
        }).expect(201)
      ).body;
      const keyPage = () => t.http().get('/app/agents/workspace-key').set('cookie', cookie);
      await keyPage().expect(403);

      const mapped = await t
        .http()
        .patch(`/api/v1/operator/scim_groups/${admins.id}`)
        .set('cookie', a.cookie)
        .send({ role: 'admin' })
        .expect(200);
      expect(mapped.body.scim_group).toMatchObject({ id: admins.id, role: 'admin', member_count: 2 });
      await keyPage().expect(200);
      expect((await me(cookie)).body.workspaces[0].role).toBe('admin');
      expect((await me(a.cookie)).body.workspaces.find((w: { id: string }) => w.id === a.workspaceId).role).toBe('owner');

      await scim(t, a.token, 'patch', `/Groups/${admins.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${u.id}"]` }],
      }).expect(200);
      expect((await me(cookie)).body.workspaces[0].role).toBe('member');
      await scim(t, a.token, 'patch', `/Groups/${admins.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: u.id }] }],
      }).expect(200);
      expect((await me(cookie)).body.workspaces[0].role).toBe('admin');

      await t.http().patch(`/api/v1/operator/scim_groups/${admins.id}`).set('cookie', a.cookie).send({ role: null }).expect(200);
      expect((await me(cookie)).body.workspaces[0].role).toBe('member');
      await t.http().patch(`/api/v1/operator/scim_groups/${admins.id}`).set('cookie', a.cookie).send({ role: 'admin' }).expect(200);
      await scim(t, a.token, 'delete', `/Groups/${admins.id}`).expect(204);
      expect((await me(cookie)).body.workspaces[0].role).toBe('member');
      expect((await me(a.cookie)).body.workspaces.find((w: { id: string }) => w.id === a.workspaceId).role).toBe('owner');
    });

    it('two PATCHes taking a member out of two admin groups at once leave it member, every time', async () => {
      const mapAdmin = (id: string) =>
        t.http().patch(`/api/v1/operator/scim_groups/${id}`).set('cookie', a.cookie).send({ role: 'admin' }).expect(200);
      const leave = (group: string, user: string) =>
        scim(t, a.token, 'patch', `/Groups/${group}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'remove', path: `members[value eq "${user}"]` }],
        }).expect(200);
      const roleOf = async (userId: string) =>
        (await db(t).query(`SELECT role FROM memberships WHERE user_id = $1 AND workspace_id = $2`, [userId, a.workspaceId]))[0].role;
      for (let round = 0; round < 10; round++) {
        const u = (await scim(t, a.token, 'post', '/Users', oktaUser()).expect(201)).body;
        const userId = (await db(t).query(`SELECT user_id FROM scim_users WHERE id = $1`, [u.id]))[0].user_id;
        const groups: string[] = [];
        for (const name of ['One', 'Two']) {
          const g = (await scim(t, a.token, 'post', '/Groups', { displayName: `${name} ${u.id}`, members: [{ value: u.id }] }).expect(201))
            .body;
          await mapAdmin(g.id);
          groups.push(g.id);
        }
        expect(await roleOf(userId)).toBe('admin');
        await Promise.all(groups.map((g) => leave(g, u.id)));
        expect({ round, role: await roleOf(userId) }).toEqual({ round, role: 'member' });
      }
    });

    it('the operator routes: list with member counts, 422 for a role that is not one, 404 for a foreign or unknown group', async () => {
      const g = (await scim(t, a.token, 'post', '/Groups', { displayName: `Listed ${Date.now()}` }).expect(201)).body;
      const list = await t.http().get('/api/v1/operator/scim_groups').set('cookie', a.cookie).expect(200);
      expect(list.body.scim_groups.find((x: { id: string }) => x.id === g.id)).toMatchObject({
        display_name: g.displayName,
        role: null,
        member_count: 0,
      });
      expect(list.body).toMatchObject({ count: list.body.scim_groups.length, pagination: { limit: 50, offset: 0 } });
      const bad = await t.http().patch(`/api/v1/operator/scim_groups/${g.id}`).set('cookie', a.cookie).send({ role: 'owner' }).expect(422);
      expect(bad.body.errors).toEqual({ role: ['must be admin, member or null'] });
      await t.http().patch(`/api/v1/operator/scim_groups/${g.id}`).set('cookie', a.cookie).send({}).expect(422);
      const other = await makeScimTenant(t);
      await t.http().patch(`/api/v1/operator/scim_groups/${g.id}`).set('cookie', other.cookie).send({ role: 'admin' }).expect(404);
      await t.http().patch('/api/v1/operator/scim_groups/not-a-uuid').set('cookie', a.cookie).send({ role: 'admin' }).expect(404);
    });
  });

  describe('tenant isolation', () => {
    it("a token sees only its own workspace: another workspace's Users and Groups are 404, and cannot be made members", async () => {
      const b = await makeScimTenant(t);
      const theirs = (await scim(t, b.token, 'post', '/Users', oktaUser()).expect(201)).body;
      const theirGroup = (await scim(t, b.token, 'post', '/Groups', { displayName: 'Theirs' }).expect(201)).body;
      for (const [method, path, body] of [
        ['get', `/Users/${theirs.id}`, undefined],
        ['put', `/Users/${theirs.id}`, oktaUser()],
        ['patch', `/Users/${theirs.id}`, deactivate],
        ['delete', `/Users/${theirs.id}`, undefined],
        ['get', `/Groups/${theirGroup.id}`, undefined],
        ['patch', `/Groups/${theirGroup.id}`, deactivate],
        ['delete', `/Groups/${theirGroup.id}`, undefined],
      ] as const) {
        await scim(t, a.token, method, path, body).expect(404);
      }
      const mine = await scim(t, a.token, 'post', '/Groups', {
        displayName: `Mine ${theirs.id.slice(0, 6)}`,
        members: [{ value: theirs.id }, { value: 'not-a-uuid' }],
      }).expect(201);
      expect(mine.body.members).toEqual([]);
      await scim(t, a.token, 'patch', `/Groups/${mine.body.id}`, {
        Operations: [{ op: 'add', path: 'members', value: [{ value: theirs.id }] }],
      }).expect(200);
      expect((await scim(t, a.token, 'get', `/Groups/${mine.body.id}`)).body.members).toEqual([]);
      expect((await scim(t, b.token, 'get', `/Users/${theirs.id}`).expect(200)).body.active).toBe(true);
      // the same userName may exist in two workspaces
      await scim(t, a.token, 'post', '/Users', oktaUser({ userName: theirs.userName, email: uniqueEmail() })).expect(201);
    });

    it("a managed account linked into another workspace keeps its address: its manager cannot mail itself that tenant's member", async () => {
      // a's SCIM provisions an address first (managed by a); b's SCIM then provisions the same
      // address and links that account, giving it a membership in b
      const victim = uniqueEmail('shared');
      const managed = (await scim(t, a.token, 'post', '/Users', oktaUser({ email: victim })).expect(201)).body;
      const b = await makeScimTenant(t);
      await scim(t, b.token, 'post', '/Users', oktaUser({ email: victim })).expect(201);
      const before = await account(victim);
      expect(before.scim_workspace_id).toBe(a.workspaceId);

      // a re-addresses it to a mailbox of its own: its SCIM User records that, the account does not move
      const attacker = uniqueEmail('attacker');
      const put = await scim(t, a.token, 'put', `/Users/${managed.id}`, {
        ...oktaUser({ userName: managed.userName, email: attacker }),
        externalId: managed.externalId,
      });
      expect(put.status).toBe(200);
      expect(put.body.emails[0].value).toBe(attacker);
      expect(await account(victim)).toMatchObject({ id: before.id, status: 'active' });
      expect(await account(attacker)).toBeUndefined();
      // so a reset asked for that mailbox reaches no account
      await t.http().post('/users/forgot-password').set('x-forwarded-for', randomIPv4()).type('form').send({ email: attacker }).expect(200);
      await mailQueueDrained(t);
      expect(await mailsTo(t, attacker)).toEqual([]);

      // an account a alone holds still follows its SCIM User (the test above)
      const own = uniqueEmail('own');
      const alone = (await scim(t, a.token, 'post', '/Users', oktaUser({ email: own })).expect(201)).body;
      const moved = uniqueEmail('moved');
      await scim(t, a.token, 'put', `/Users/${alone.id}`, {
        ...oktaUser({ userName: alone.userName, email: moved }),
        externalId: alone.externalId,
      }).expect(200);
      expect(await account(moved)).toMatchObject({ status: 'active' });
    });
  });
});
