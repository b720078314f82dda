import { randomUUID } from 'node:crypto';
import { RedisService } from '../src/core/redis/redis.service';
import { MailService } from '../src/mail/mail.service';
import { PASSWORD, uniqueEmail } from './support/builders';
import { makeOperator, type Operator } from './support/console';
import { eventually } from './support/eventually';
import { colleague, rowsOf } from './support/fleet';
import { cookieHeader, randomIPv4, SESSION_COOKIE, setCookies, sha256, TRUST_LOOPBACK, waitForMails } from './support/operator';
import { expectProblem } from './support/problem';
import { SocketClient, socketUrl } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * API.md Part 3 "Members and invitations" (ADRs 0242, 0243, 0244): the member list, invitations
 * and their single-use links, acceptance into a new or an existing account, role changes and
 * removal with the last-owner and SCIM rules, their audit events, and removal closing the
 * member's sockets on every node. The app reaches Redis through a proxy the tests can cut.
 */
const MEMBERS = '/api/v1/operator/members';
const INVITATIONS = '/api/v1/operator/invitations';
const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;

describe('members and invitations', () => {
  const redisUrl = new URL(process.env.REDIS_URL!);
  const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    await proxy.start();
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, REDIS_URL: proxy.urlFor(redisUrl) } });
    other = await createTestApp({ env: TRUST_LOOPBACK });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await proxy.start();
    await other?.close();
    await t?.close();
    await proxy.cut();
  });

  const as = (op: Operator | string) => (typeof op === 'string' ? op : op.cookie);
  const invite = (op: Operator, body: Record<string, unknown>) => t.http().post(INVITATIONS).set('cookie', op.cookie).send(body);
  const auditOf = (workspaceId: string, action: string) =>
    rowsOf(
      t,
      `SELECT actor_type, actor_id, target_type, target_id, target_label, changes FROM audit_events WHERE workspace_id = $1 AND action = $2 ORDER BY txid`,
      [workspaceId, action],
    );
  const pagePath = (token: string) => `/users/invitations/${token}`;

  /** The token of the `nth` invitation mail to `email`. */
  async function tokenOf(email: string, nth = 1): Promise<string> {
    const mails = await waitForMails(t, email, nth);
    const match = /\/users\/invitations\/([A-Za-z0-9_-]{43})/.exec(mails[nth - 1].text);
    if (!match) throw new Error(`no invitation link in ${mails[nth - 1].text}`);
    return match[1];
  }

  /** Invites a new address and returns it with the link's token. */
  async function invited(owner: Operator, role = 'member', email = uniqueEmail('invitee')) {
    const res = await invite(owner, { email, role });
    expect(res.status).toBe(201);
    return { email, id: res.body.invitation.id as string, token: await tokenOf(email) };
  }

  const acceptAsNew = (token: string, password = PASSWORD) =>
    t.http().post(pagePath(token)).set('x-forwarded-for', randomIPv4()).type('form').send({ password, password_confirmation: password });

  describe('invitations', () => {
    it('invites: 201 pending, a mail with a 7-day single-use link, only its SHA-256 stored, one audit event', async () => {
      const owner = await makeOperator(t);
      const email = uniqueEmail('grace');
      const res = await invite(owner, { email: `  ${email.toUpperCase()} `, role: 'admin' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        invitation: {
          id: expect.any(String),
          email,
          role: 'admin',
          status: 'pending',
          expires_at: expect.any(String),
          inserted_at: expect.any(String),
          accepted_at: null,
          revoked_at: null,
        },
      });
      expect(new Date(res.body.invitation.expires_at).getTime() - new Date(res.body.invitation.inserted_at).getTime()).toBe(SEVEN_DAYS_MS);
      const token = await tokenOf(email);
      const [row] = await rowsOf(t, `SELECT token_hash, invited_by FROM invitations WHERE id = $1`, [res.body.invitation.id]);
      expect(Buffer.compare(row.token_hash, sha256(token))).toBe(0);
      expect(row.invited_by).toBe(owner.reg.body.user.id);
      expect(await auditOf(owner.reg.workspaceId, 'invitation.create')).toEqual([
        {
          actor_type: 'user',
          actor_id: owner.reg.body.user.id,
          target_type: 'invitation',
          target_id: res.body.invitation.id,
          target_label: email,
          changes: { role: [null, 'admin'] },
        },
      ]);
      const list = await t.http().get(INVITATIONS).set('cookie', owner.cookie).expect(200);
      expect(list.body).toMatchObject({
        count: 1,
        invitations: [{ id: res.body.invitation.id, status: 'pending' }],
        pagination: { total: 1 },
      });
    });

    it('refuses without writing: a member (403), an admin inviting an owner (403), a bad address (422), a member already (409)', async () => {
      const owner = await makeOperator(t);
      const member = await colleague(t, owner, 'member');
      const admin = await colleague(t, owner, 'admin');
      const ws = owner.reg.workspaceId;
      const hdr = { 'x-workspace-id': ws };
      expectProblem(
        await t.http().post(INVITATIONS).set(hdr).set('cookie', member.cookie).send({ email: uniqueEmail(), role: 'member' }),
        403,
        'forbidden',
        {
          detail: 'insufficient_role',
        },
      );
      expectProblem(
        await t.http().post(INVITATIONS).set(hdr).set('cookie', admin.cookie).send({ email: uniqueEmail(), role: 'owner' }),
        403,
        'forbidden',
        {
          detail: 'insufficient_role',
        },
      );
      const bad = await invite(owner, { email: 'not-an-address', role: 'guest' });
      expectProblem(bad, 422, 'validation-error');
      expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'role']);
      expectProblem(await invite(owner, { email: admin.reg.email, role: 'member' }), 409, 'conflict', { detail: 'already_member' });
      expect(await rowsOf(t, `SELECT id FROM invitations WHERE workspace_id = $1`, [ws])).toEqual([]);
      expect(await auditOf(ws, 'invitation.create')).toEqual([]);
      // an admin invites admins and members
      expect(
        (await t.http().post(INVITATIONS).set(hdr).set('cookie', admin.cookie).send({ email: uniqueEmail(), role: 'admin' })).status,
      ).toBe(201);
    });

    it('answers an address with an account exactly as one without (no enumeration)', async () => {
      const owner = await makeOperator(t);
      const existing = await makeOperator(t);
      const fresh = uniqueEmail('fresh');
      const a = await invite(owner, { email: existing.reg.email, role: 'member' });
      const b = await invite(owner, { email: fresh, role: 'member' });
      const shape = (r: typeof a) => ({
        status: r.status,
        keys: Object.keys(r.body.invitation).sort(),
        headers: Object.keys(r.headers).sort(),
      });
      expect(shape(a)).toEqual(shape(b));
      const [ma, mb] = [(await waitForMails(t, existing.reg.email))[0], (await waitForMails(t, fresh))[0]];
      expect(ma.subject).toBe(mb.subject);
      expect(ma.text.replace(/\/users\/invitations\/\S+/, '')).toBe(mb.text.replace(/\/users\/invitations\/\S+/, ''));
    });

    it('inviting again replaces the pending invitation (its link stops working); revoking ends a link; unusable links are one 404 page', async () => {
      const owner = await makeOperator(t);
      const stranger = await makeOperator(t);
      const first = await invited(owner);
      const again = await invite(owner, { email: first.email, role: 'admin' });
      expect(again.status).toBe(201);
      const second = await tokenOf(first.email, 2);
      expect((await rowsOf(t, `SELECT status FROM invitations WHERE id = $1`, [first.id]))[0].status).toBe('replaced');
      expect((await auditOf(owner.reg.workspaceId, 'invitation.create'))[1].changes).toEqual({
        role: [null, 'admin'],
        replaced_invitation_id: [null, first.id],
      });

      const revokedOne = await invited(owner);
      // another workspace's id, an unknown one and a non-UUID are 404
      expectProblem(await t.http().delete(`${INVITATIONS}/${revokedOne.id}`).set('cookie', stranger.cookie), 404, 'not-found');
      expectProblem(await t.http().delete(`${INVITATIONS}/nope`).set('cookie', owner.cookie), 404, 'not-found');
      await t.http().delete(`${INVITATIONS}/${revokedOne.id}`).set('cookie', owner.cookie).expect(204);
      expectProblem(await t.http().delete(`${INVITATIONS}/${revokedOne.id}`).set('cookie', owner.cookie), 409, 'conflict', {
        detail: 'invitation_not_pending',
      });
      expect(await auditOf(owner.reg.workspaceId, 'invitation.revoke')).toEqual([
        expect.objectContaining({ target_id: revokedOne.id, changes: { status: ['pending', 'revoked'] } }),
      ]);

      const used = await invited(owner);
      expect((await acceptAsNew(used.token)).status).toBe(302);
      const expiring = await invited(owner);
      t.clock.advance(SEVEN_DAYS_MS + 1);

      const unknown = 'A'.repeat(43);
      const pages = await Promise.all(
        [unknown, 'short', first.token, revokedOne.token, used.token, expiring.token].map((tok) => t.http().get(pagePath(tok))),
      );
      for (const page of pages) expect({ status: page.status, text: page.text }).toEqual({ status: 404, text: pages[0].text });
      expect(pages[0].text).toContain('This invitation link is not valid');
      // and posting to them does nothing
      expect((await acceptAsNew(expiring.token)).status).toBe(404);
      expect(await rowsOf(t, `SELECT id FROM users WHERE email = $1`, [expiring.email])).toEqual([]);
      // the replacing link expired too; a fresh one works again
      expect((await t.http().get(pagePath(second)).expect(404)).text).toBe(pages[0].text);
    });
  });

  describe('accepting', () => {
    it('into a new account: the reset form rules, then a confirmed account, the membership, a signed-in invitation session, one event', async () => {
      const owner = await makeOperator(t);
      const { email, id, token } = await invited(owner, 'admin');
      const page = await t.http().get(pagePath(token)).expect(200);
      expect(page.text).toContain('name="password_confirmation"');
      const short = await t.http().post(pagePath(token)).type('form').send({ password: 'short', password_confirmation: 'other' });
      expect(short.status).toBe(422);
      expect(short.text).toContain('Password must be 12 to 72 characters.');
      expect(short.text).toContain('Password confirmation does not match.');

      const res = await acceptAsNew(token);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/app');
      const session = setCookies(res).get(SESSION_COOKIE)!;
      expect(session.attrs.httponly).toBe(true);
      const [user] = await rowsOf(t, `SELECT id, confirmed_at, name FROM users WHERE email = $1`, [email]);
      expect(user.confirmed_at).not.toBeNull();
      const [s] = await rowsOf(t, `SELECT auth_method, mfa FROM user_sessions WHERE user_id = $1`, [user.id]);
      expect(s).toEqual({ auth_method: 'invitation', mfa: false });
      const cookie = cookieHeader({ [SESSION_COOKIE]: session.value });
      const list = await t.http().get(MEMBERS).set('cookie', cookie).expect(200);
      expect(list.body.members.map((m: any) => [m.user.email, m.role])).toEqual([
        [owner.reg.email, 'owner'],
        [email, 'admin'],
      ]);
      const [invitation] = await rowsOf(t, `SELECT status, accepted_by FROM invitations WHERE id = $1`, [id]);
      expect(invitation).toEqual({ status: 'accepted', accepted_by: user.id });
      const [event] = await auditOf(owner.reg.workspaceId, 'invitation.accept');
      expect(event).toMatchObject({
        actor_type: 'user',
        actor_id: user.id,
        target_id: id,
        changes: { status: ['pending', 'accepted'], role: [null, 'admin'] },
      });
    });

    it('is single use: two accepts of one link at once make one account and one membership', async () => {
      const owner = await makeOperator(t);
      const { email, token } = await invited(owner);
      const answers = await Promise.all([acceptAsNew(token), acceptAsNew(token), acceptAsNew(token)]);
      expect(answers.map((r) => r.status).sort()).toEqual([302, 404, 404]);
      const users = await rowsOf(t, `SELECT id FROM users WHERE email = $1`, [email]);
      expect(users).toHaveLength(1);
      expect(await rowsOf(t, `SELECT id FROM memberships WHERE user_id = $1`, [users[0].id])).toHaveLength(1);
      expect(await auditOf(owner.reg.workspaceId, 'invitation.accept')).toHaveLength(1);
    });

    it('into an existing account: log in first and come back; another account is told only that it is for another address', async () => {
      const owner = await makeOperator(t);
      const invitee = await makeOperator(t);
      const bystander = await makeOperator(t);
      const res = await invite(owner, { email: invitee.reg.email, role: 'member' });
      const token = await tokenOf(invitee.reg.email);

      const anonymous = await t.http().get(pagePath(token)).expect(200);
      expect(anonymous.text).toContain(`/users/log-in?return_to=${encodeURIComponent(pagePath(token))}`);
      expect(anonymous.text).not.toContain('name="password"');
      // the log-in comes back to the invitation
      const login = await t
        .http()
        .post('/users/log-in')
        .set('x-forwarded-for', randomIPv4())
        .type('form')
        .send({ email: invitee.reg.email, password: PASSWORD, return_to: pagePath(token) });
      expect(login.status).toBe(302);
      expect(login.headers.location).toBe(pagePath(token));

      // another account sees neither the address's account nor an Accept button, and cannot accept
      const elsewhere = await t.http().get(pagePath(token)).set('cookie', bystander.cookie).expect(200);
      expect(elsewhere.text).toContain('for another address');
      expect(elsewhere.text).not.toContain('id="accept"');
      await t
        .http()
        .post(pagePath(token))
        .set('cookie', bystander.cookie)
        .type('form')
        .send({ password: PASSWORD, password_confirmation: PASSWORD })
        .expect(200);
      expect(
        await rowsOf(t, `SELECT 1 FROM memberships WHERE workspace_id = $1 AND user_id = $2`, [
          owner.reg.workspaceId,
          bystander.reg.body.user.id,
        ]),
      ).toEqual([]);

      expect((await t.http().get(pagePath(token)).set('cookie', invitee.cookie).expect(200)).text).toContain('id="accept"');
      const accepted = await t.http().post(pagePath(token)).set('cookie', invitee.cookie).type('form').send({});
      expect(accepted.status).toBe(302);
      expect(accepted.headers.location).toBe('/app');
      const [m] = await rowsOf(t, `SELECT role FROM memberships WHERE workspace_id = $1 AND user_id = $2`, [
        owner.reg.workspaceId,
        invitee.reg.body.user.id,
      ]);
      expect(m.role).toBe('member');
      expect(await auditOf(owner.reg.workspaceId, 'invitation.accept')).toEqual([
        expect.objectContaining({ actor_id: invitee.reg.body.user.id, target_id: res.body.invitation.id }),
      ]);
      await t.http().get(pagePath(token)).set('cookie', invitee.cookie).expect(404);
    });
  });

  describe('members', () => {
    it('lists members for any role: second factor, SCIM, sso false, paging limits', async () => {
      const owner = await makeOperator(t);
      const member = await colleague(t, owner, 'member');
      const ws = owner.reg.workspaceId;
      await rowsOf(t, `INSERT INTO user_totp (user_id, secret_sealed, confirmed_at) VALUES ($1, 'sealed', now())`, [
        owner.reg.body.user.id,
      ]);
      await rowsOf(t, `INSERT INTO scim_users (workspace_id, user_id, user_name) VALUES ($1, $2, $3)`, [
        ws,
        member.reg.body.user.id,
        member.reg.email,
      ]);
      const res = await t.http().get(MEMBERS).set('x-workspace-id', ws).set('cookie', member.cookie).expect(200);
      expect(res.body).toEqual({
        members: [
          {
            user: { id: owner.reg.body.user.id, email: owner.reg.email, name: expect.any(String) },
            role: 'owner',
            status: 'active',
            mfa_enabled: true,
            sso: false,
            scim_managed: false,
            inserted_at: expect.any(String),
          },
          expect.objectContaining({
            user: expect.objectContaining({ id: member.reg.body.user.id }),
            role: 'member',
            mfa_enabled: false,
            scim_managed: true,
          }),
        ],
        count: 2,
        pagination: { limit: 50, offset: 0, total: 2, has_more: false },
      });
      expect((await t.http().get(`${MEMBERS}?limit=1`).set('cookie', owner.cookie).expect(200)).body.members).toHaveLength(1);
      expectProblem(await t.http().get(`${MEMBERS}?limit=201`).set('cookie', owner.cookie), 400, 'bad-request', {
        detail: 'invalid_limit',
      });
    });

    it("changes roles: only an owner makes or unmakes an owner, SCIM memberships are SCIM's, the last owner stays; one event a change", async () => {
      const owner = await makeOperator(t);
      const admin = await colleague(t, owner, 'admin');
      const member = await colleague(t, owner, 'member');
      const ws = owner.reg.workspaceId;
      const patch = (op: Operator, userId: string, role: string) =>
        t.http().patch(`${MEMBERS}/${userId}`).set('x-workspace-id', ws).set('cookie', as(op)).send({ role });
      const ownerId = owner.reg.body.user.id;
      const memberId = member.reg.body.user.id;

      expectProblem(await patch(member, ownerId, 'member'), 403, 'forbidden', { detail: 'insufficient_role' });
      expectProblem(await patch(admin, ownerId, 'admin'), 403, 'forbidden', { detail: 'insufficient_role' });
      expectProblem(await patch(admin, memberId, 'owner'), 403, 'forbidden', { detail: 'insufficient_role' });
      expectProblem(await patch(owner, ownerId, 'admin'), 409, 'conflict', { detail: 'last_owner' });
      expectProblem(await patch(owner, memberId, 'boss'), 422, 'validation-error');
      expectProblem(await patch(owner, randomUUID(), 'member'), 404, 'not-found');
      expect(await auditOf(ws, 'member.role_change')).toEqual([]);

      const promoted = await patch(admin, memberId, 'admin');
      expect(promoted.status).toBe(200);
      expect(promoted.body.member).toMatchObject({ user: { id: memberId }, role: 'admin' });
      expect(await auditOf(ws, 'member.role_change')).toEqual([
        {
          actor_type: 'user',
          actor_id: admin.reg.body.user.id,
          target_type: 'user',
          target_id: memberId,
          target_label: member.reg.email,
          changes: { role: ['member', 'admin'] },
        },
      ]);
      // the same role again changes nothing and writes nothing
      await patch(admin, memberId, 'admin').expect(200);
      expect(await auditOf(ws, 'member.role_change')).toHaveLength(1);

      await rowsOf(t, `INSERT INTO scim_users (workspace_id, user_id, user_name) VALUES ($1, $2, $3)`, [ws, memberId, member.reg.email]);
      expectProblem(await patch(owner, memberId, 'member'), 409, 'conflict', { detail: 'scim_managed' });
      expectProblem(
        await t.http().delete(`${MEMBERS}/${memberId}`).set('x-workspace-id', ws).set('cookie', owner.cookie),
        409,
        'conflict',
        {
          detail: 'scim_managed',
        },
      );
      expect(await auditOf(ws, 'member.role_change')).toHaveLength(1);
      expect(await auditOf(ws, 'member.remove')).toEqual([]);
    });

    it('two owners demoting each other at once leave one owner', async () => {
      for (let round = 0; round < 3; round++) {
        const a = await makeOperator(t);
        const b = await colleague(t, a, 'admin');
        const ws = a.reg.workspaceId;
        await rowsOf(t, `UPDATE memberships SET role = 'owner' WHERE workspace_id = $1`, [ws]);
        const demote = (op: Operator, target: Operator) =>
          t
            .http()
            .patch(`${MEMBERS}/${target.reg.body.user.id}`)
            .set('x-workspace-id', ws)
            .set('cookie', op.cookie)
            .send({ role: 'member' });
        const answers = await Promise.all([demote(a, b), demote(b, a)]);
        expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(await rowsOf(t, `SELECT user_id FROM memberships WHERE workspace_id = $1 AND role = 'owner'`, [ws])).toHaveLength(1);
      }
    });

    it('removal: the member is refused the workspace at once, an account left with none loses its sessions, sockets close with 4401 on every node', async () => {
      const owner = await makeOperator(t);
      const ws = owner.reg.workspaceId;
      const kept = await colleague(t, owner, 'member'); // keeps its own workspace
      const lone = { email: uniqueEmail('lone') };
      const { token } = await invited(owner, 'member', lone.email);
      const accepted = await acceptAsNew(token);
      const loneCookie = cookieHeader({ [SESSION_COOKIE]: setCookies(accepted).get(SESSION_COOKIE)!.value });
      const loneId = (await rowsOf(t, `SELECT id FROM users WHERE email = $1`, [lone.email]))[0].id;

      const [baseA, baseB] = [await t.listen(), await other.listen()];
      const sockets = await Promise.all([
        SocketClient.open(socketUrl(baseA), { cookie: kept.cookie }),
        SocketClient.open(socketUrl(baseB), { cookie: kept.cookie }),
        SocketClient.open(socketUrl(baseB), { cookie: owner.cookie }),
      ]);
      try {
        // this node cannot publish: the other hears it from PostgreSQL with the commit
        const publish = jest.spyOn(t.app.get(RedisService).client, 'publish').mockRejectedValue(new Error('PUBLISH refused (injected)'));
        await t.http().delete(`${MEMBERS}/${kept.reg.body.user.id}`).set('x-workspace-id', ws).set('cookie', owner.cookie).expect(204);
        expect(publish).toHaveBeenCalled();
        expect(await sockets[0].closedWithin()).toEqual({ code: 4401, reason: 'membership_ended' });
        expect(await sockets[1].closedWithin()).toEqual({ code: 4401, reason: 'membership_ended' });
        expect(await sockets[2].staysOpen()).toBe(true);
        jest.restoreAllMocks();
      } finally {
        sockets.forEach((s) => s.close());
      }
      expectProblem(await t.http().get(MEMBERS).set('x-workspace-id', ws).set('cookie', kept.cookie), 403, 'forbidden', {
        detail: 'not_a_member',
      });
      await t.http().get(MEMBERS).set('cookie', kept.cookie).expect(200); // its own workspace still opens
      expect(await rowsOf(t, `SELECT id FROM user_sessions WHERE user_id = $1`, [kept.reg.body.user.id])).not.toEqual([]);

      await t.http().delete(`${MEMBERS}/${loneId}`).set('x-workspace-id', ws).set('cookie', owner.cookie).expect(204);
      expect(await rowsOf(t, `SELECT id FROM user_sessions WHERE user_id = $1`, [loneId])).toEqual([]);
      expectProblem(await t.http().get(MEMBERS).set('cookie', loneCookie), 401, 'unauthorized');
      expect(await auditOf(ws, 'member.remove')).toEqual([
        expect.objectContaining({ actor_id: owner.reg.body.user.id, target_id: kept.reg.body.user.id, changes: null }),
        expect.objectContaining({ target_id: loneId, changes: { sessions: ['active', 'ended'] } }),
      ]);
      // the last owner cannot leave
      expectProblem(await t.http().delete(`${MEMBERS}/${owner.reg.body.user.id}`).set('cookie', owner.cookie), 409, 'conflict', {
        detail: 'last_owner',
      });
      expect(await auditOf(ws, 'member.remove')).toHaveLength(2);
    });
  });

  it('Redis unreachable while inviting: 503 redis_unavailable and no invitation, no event', async () => {
    const owner = await makeOperator(t);
    const email = uniqueEmail('outage');
    proxy.cutAt(t.app.get(MailService), 'enqueue');
    try {
      expectProblem(await invite(owner, { email, role: 'member' }), 503, 'service-unavailable', { detail: 'redis_unavailable' });
    } finally {
      await proxy.start();
    }
    expect(await rowsOf(t, `SELECT id FROM invitations WHERE email = $1`, [email])).toEqual([]);
    expect(await auditOf(owner.reg.workspaceId, 'invitation.create')).toEqual([]);
    // back: inviting works again
    await eventually(async () => expect((await invite(owner, { email, role: 'member' })).status).toBe(201), {
      timeoutMs: 10_000,
      what: 'an invite after Redis returned',
    });
  });

  describe('the members page', () => {
    it('lists members for a member without forms; owners invite, change roles, remove and revoke from it', async () => {
      const owner = await makeOperator(t);
      const member = await colleague(t, owner, 'member');
      const ws = owner.reg.workspaceId;
      expect((await t.http().get('/app').set('cookie', owner.cookie).expect(200)).text).toContain('href="/app/members"');
      const asMember = await t.http().get('/app/members').set('x-workspace-id', ws).set('cookie', member.cookie).expect(200);
      expect(asMember.text).toContain(owner.reg.email);
      expect(asMember.text).not.toContain('id="invite"');
      await t
        .http()
        .post('/app/members/invitations')
        .set('x-workspace-id', ws)
        .set('cookie', member.cookie)
        .type('form')
        .send({ email: uniqueEmail(), role: 'member' })
        .expect(403);

      const email = uniqueEmail('paged');
      const sent = await t.http().post('/app/members/invitations').set('cookie', owner.cookie).type('form').send({ email, role: 'admin' });
      expect(sent.status).toBe(303);
      expect(sent.headers.location).toBe('/app/members?notice=invited');
      const page = await t.http().get('/app/members?notice=invited').set('cookie', owner.cookie).expect(200);
      expect(page.text).toContain('Invitation sent.');
      expect(page.text).toContain(email);
      const again = await t
        .http()
        .post('/app/members/invitations')
        .set('cookie', owner.cookie)
        .type('form')
        .send({ email: member.reg.email, role: 'member' });
      expect(again.status).toBe(409);
      expect(again.text).toContain('is a member of this workspace already');

      const [inv] = await rowsOf(t, `SELECT id FROM invitations WHERE email = $1`, [email]);
      await t.http().post(`/app/members/invitations/${inv.id}/revoke`).set('cookie', owner.cookie).type('form').send({}).expect(303);
      const memberId = member.reg.body.user.id;
      await t.http().post(`/app/members/${memberId}/role`).set('cookie', owner.cookie).type('form').send({ role: 'admin' }).expect(303);
      expect((await rowsOf(t, `SELECT role FROM memberships WHERE workspace_id = $1 AND user_id = $2`, [ws, memberId]))[0].role).toBe(
        'admin',
      );
      const last = await t
        .http()
        .post(`/app/members/${owner.reg.body.user.id}/role`)
        .set('cookie', owner.cookie)
        .type('form')
        .send({ role: 'member' });
      expect(last.status).toBe(409);
      expect(last.text).toContain('at least one owner');
      await t.http().post(`/app/members/${memberId}/remove`).set('cookie', owner.cookie).type('form').send({}).expect(303);
      // the forms and the acceptance post are cookie routes: another origin is refused before anything runs
      const evil = { origin: 'https://evil.example.com' };
      await t
        .http()
        .post('/app/members/invitations')
        .set(evil)
        .set('cookie', owner.cookie)
        .type('form')
        .send({ email: uniqueEmail(), role: 'member' })
        .expect(403);
      await t
        .http()
        .post(`/users/invitations/${'A'.repeat(43)}`)
        .set(evil)
        .type('form')
        .send({})
        .expect(403);
      await t.http().post(INVITATIONS).set(evil).set('cookie', owner.cookie).send({ email: uniqueEmail(), role: 'member' }).expect(403);
      expect(await rowsOf(t, `SELECT 1 FROM memberships WHERE workspace_id = $1 AND user_id = $2`, [ws, memberId])).toEqual([]);
    });
  });
});
