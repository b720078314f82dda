import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PASSWORD, uniqueEmail } from './support/builders';
import { addMembership, makeOperator, makePlatformAdmin, type Operator, uniqueName } from './support/console';
import { eventually } from './support/eventually';
import { rowsOf } from './support/fleet';
import { cookieHeader, randomIPv4, resetToken, SESSION_COOKIE, setCookies, sha256, waitForMails } from './support/operator';
import { fromAddress, marketplaceEnv, PARTNER_SCOPES } from './support/partners';
import { GROUP_SCHEMA, oktaUser, PATCH_OP, scim } from './support/scim';
import { createTestApp, type TestApp } from './support/test-app';
import type { Test } from 'supertest';

/**
 * The audit events of the changes operators, platform admins, partners, SCIM tokens and webhooks
 * make (API.md Part 3 "Audit log"; ADR 0240): each change, made through its real route, writes
 * exactly one event per workspace it is recorded in, with its actor, target, the client IP of
 * SPEC.md (sent through a trusted proxy), user agent and request id; a refused change writes none.
 */

/** What one request of a test sends: its own client address (x-forwarded-for), user agent and request id. */
interface Client {
  ip: string;
  ua: string;
  rid: string;
}
const client = (): Client => ({
  ip: randomIPv4(),
  ua: `audit-test/${randomBytes(4).toString('hex')}`,
  rid: `rid-${randomBytes(8).toString('hex')}`,
});
const sent = (req: Test, c: Client): Test => req.set('x-forwarded-for', c.ip).set('user-agent', c.ua).set('x-request-id', c.rid);

interface Actor {
  type: string;
  id: string | null;
  label: string | null;
}
interface Expected {
  workspace_id: string;
  action: string;
  outcome?: 'success' | 'failure';
  actor: Actor;
  target: { type: string; id: string; label: string | null };
  changes?: Record<string, [unknown, unknown]> | null;
}

const PARTNERS = '/api/v1/admin/partners';
const ENGAGEMENTS = '/api/v1/operator/engagements';
const SUBSCRIPTIONS = '/api/v1/operator/webhook_subscriptions';
const HOOK_URL = 'http://127.0.0.1:9/hooks/audit?token=receiver-credential';

describe('audit events of sessions, platform admins, partners, SCIM, webhooks, data requests and the key page', () => {
  const { env, adminEmail } = marketplaceEnv();
  let t: TestApp;
  let admin: Operator;

  beforeAll(async () => {
    t = await createTestApp({ env });
    admin = await makePlatformAdmin(t, adminEmail);
  });
  afterAll(() => t.close());

  const http = () => t.http();
  const adminActor = (): Actor => ({ type: 'platform_admin', id: admin.reg.body.user.id, label: admin.reg.email });
  const userActor = (op: Operator): Actor => ({ type: 'user', id: op.reg.body.user.id, label: op.reg.email });
  const userTarget = (op: Operator) => ({ type: 'user', id: op.reg.body.user.id, label: op.reg.email });

  /** The events a request wrote, as stored, ordered by action and workspace. */
  async function eventsOf(c: Client): Promise<any[]> {
    return rowsOf(
      t,
      `SELECT workspace_id, action, outcome, actor_type, actor_id, actor_label, target_type, target_id, target_label, ip, user_agent,
              request_id, changes
         FROM audit_events WHERE request_id = $1 ORDER BY action, workspace_id`,
      [c.rid],
    );
  }

  /** Exactly these events (one per workspace named), each with the request's client IP, user agent and request id. */
  async function expectEvents(c: Client, expected: Expected[]): Promise<any[]> {
    const rows = await eventsOf(c);
    const want = [...expected]
      .sort((a, b) => (a.action === b.action ? a.workspace_id.localeCompare(b.workspace_id) : a.action.localeCompare(b.action)))
      .map((e) => ({
        workspace_id: e.workspace_id,
        action: e.action,
        outcome: e.outcome ?? 'success',
        actor_type: e.actor.type,
        actor_id: e.actor.id,
        actor_label: e.actor.label,
        target_type: e.target.type,
        target_id: e.target.id,
        target_label: e.target.label,
        ip: c.ip,
        user_agent: c.ua,
        request_id: c.rid,
        changes: e.changes ?? null,
      }));
    expect(rows).toEqual(want);
    return rows;
  }

  const expectNone = async (c: Client) => expect(await eventsOf(c)).toEqual([]);

  /** An operator who owns a workspace and is an admin of a second one: their session opens both. */
  async function memberOfTwo(): Promise<{ op: Operator; workspaces: string[] }> {
    const op = await makeOperator(t);
    const other = await makeOperator(t);
    await addMembership(t, op.reg.email, other.reg.workspaceId, 'admin');
    return { op, workspaces: [op.reg.workspaceId, other.reg.workspaceId] };
  }

  const logIn = (c: Client, creds: { email: string; password: string }, opts: { json?: boolean; cookie?: string } = {}) => {
    let req = sent(http().post('/users/log-in'), c);
    if (opts.cookie) req = req.set('cookie', opts.cookie);
    return opts.json ? req.type('json').send(creds) : req.type('form').send(creds);
  };
  const sessionIdOf = async (token: string): Promise<string> =>
    (await rowsOf(t, `SELECT id FROM user_sessions WHERE token_hash = $1`, [sha256(token)]))[0].id;

  describe("the event shares the change's transaction", () => {
    it('a change whose event cannot be written is not made', async () => {
      // a fault in the audit insert of these requests only: their event fails after the change's statements ran
      const fault = `rid-fault-${randomBytes(4).toString('hex')}`;
      await rowsOf(
        t,
        `CREATE OR REPLACE FUNCTION audit_fault_${fault.slice(10)}() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN IF NEW.request_id LIKE '${fault}%' THEN RAISE EXCEPTION 'injected audit fault'; END IF; RETURN NEW; END $$`,
      );
      await rowsOf(
        t,
        `CREATE TRIGGER audit_fault_${fault.slice(10)} BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_fault_${fault.slice(10)}()`,
      );
      let n = 0;
      const faulty = (): Client => ({ ...client(), rid: `${fault}-${n++}` });
      try {
        const owner = await makeOperator(t);
        const ws = owner.reg.workspaceId;
        const sessionsBefore = await rowsOf(t, `SELECT id FROM user_sessions WHERE user_id = $1`, [owner.reg.body.user.id]);
        await logIn(faulty(), owner.reg).expect(500);
        expect(await rowsOf(t, `SELECT id FROM user_sessions WHERE user_id = $1`, [owner.reg.body.user.id])).toEqual(sessionsBefore);

        await sent(http().patch(`/api/v1/admin/workspaces/${ws}`), faulty())
          .set('cookie', admin.cookie)
          .send({ status: 'frozen' })
          .expect(500);
        expect(await rowsOf(t, `SELECT status FROM workspaces WHERE id = $1`, [ws])).toEqual([{ status: 'active' }]);

        await sent(http().post(SUBSCRIPTIONS), faulty())
          .set('cookie', owner.cookie)
          .send({ url: HOOK_URL, event_types: ['*'] })
          .expect(500);
        expect(await rowsOf(t, `SELECT id FROM webhook_subscriptions WHERE workspace_id = $1`, [ws])).toEqual([]);

        await sent(http().post('/api/v1/operator/scim_tokens'), faulty()).set('cookie', owner.cookie).send({ name: 'Okta' }).expect(500);
        expect(await rowsOf(t, `SELECT id FROM scim_tokens WHERE workspace_id = $1`, [ws])).toEqual([]);

        const partner = (
          await http()
            .post(PARTNERS)
            .set('cookie', admin.cookie)
            .send({ name: uniqueName('Partner'), scopes: PARTNER_SCOPES })
            .expect(201)
        ).body.partner;
        await sent(http().post(ENGAGEMENTS), faulty()).set('cookie', owner.cookie).send({ partner_id: partner.id }).expect(500);
        expect(await rowsOf(t, `SELECT id FROM engagements WHERE workspace_id = $1`, [ws])).toEqual([]);

        expect(await rowsOf(t, `SELECT id FROM audit_events WHERE request_id LIKE $1`, [`${fault}%`])).toEqual([]);
      } finally {
        await rowsOf(t, `DROP TRIGGER audit_fault_${fault.slice(10)} ON audit_events`);
        await rowsOf(t, `DROP FUNCTION audit_fault_${fault.slice(10)}()`);
      }
    });
  });

  describe('sessions', () => {
    it('a log-in is member.login in each workspace the account is an active member of; the session it replaces is a session.end', async () => {
      const { op, workspaces } = await memberOfTwo();
      // a SCIM-suspended membership: the session does not open that workspace, and it gets no event
      const suspended = await makeOperator(t);
      await addMembership(t, op.reg.email, suspended.reg.workspaceId, 'member');
      await rowsOf(t, `UPDATE memberships SET status = 'suspended' WHERE workspace_id = $1 AND user_id = $2`, [
        suspended.reg.workspaceId,
        op.reg.body.user.id,
      ]);

      const first = client();
      const res = await logIn(first, op.reg).expect(302);
      const token = setCookies(res).get(SESSION_COOKIE)!.value;
      const sessionId = await sessionIdOf(token);
      const rows = await expectEvents(
        first,
        workspaces.map((workspace_id) => ({
          workspace_id,
          action: 'member.login',
          actor: userActor(op),
          target: userTarget(op),
          changes: { session_id: [null, sessionId] },
        })),
      );
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain(PASSWORD);

      // logging in again from the same browser ends the session it had
      const second = client();
      const again = await logIn(second, op.reg, { cookie: cookieHeader({ [SESSION_COOKIE]: token }) }).expect(302);
      const newSessionId = await sessionIdOf(setCookies(again).get(SESSION_COOKIE)!.value);
      await expectEvents(second, [
        ...workspaces.map((workspace_id): Expected => ({
          workspace_id,
          action: 'member.login',
          actor: userActor(op),
          target: userTarget(op),
          changes: { session_id: [null, newSessionId] },
        })),
        ...workspaces.map((workspace_id) => ({
          workspace_id,
          action: 'session.end',
          actor: userActor(op),
          target: { type: 'session', id: sessionId, label: null },
        })),
      ]);
    });

    it('a failed log-in of an existing account is member.login failure in its workspaces; an unknown address answers the same and writes nothing', async () => {
      const { op, workspaces } = await memberOfTwo();
      const unknownEmail = uniqueEmail('nobody');
      const failure = (): Expected[] =>
        workspaces.map((workspace_id) => ({
          workspace_id,
          action: 'member.login',
          outcome: 'failure',
          actor: userActor(op),
          target: userTarget(op),
        }));

      for (const json of [false, true]) {
        const unknown = client();
        const existing = client();
        const a = await logIn(unknown, { email: unknownEmail, password: 'wrong password, long enough' }, { json });
        const b = await logIn(existing, { email: op.reg.email, password: 'wrong password, long enough' }, { json });
        expect([a.status, b.status]).toEqual([401, 401]);
        expect(b.headers['content-type']).toBe(a.headers['content-type']);
        expect(b.headers['set-cookie']).toBeUndefined();
        expect(a.headers['set-cookie']).toBeUndefined();
        // the form echoes the address typed; everything else is the same
        expect(b.text.replaceAll(op.reg.email, 'ADDRESS')).toBe(a.text.replaceAll(unknownEmail, 'ADDRESS'));

        await eventually(() => expectEvents(existing, failure()), { what: 'the failure events' });
        // the unknown address's attempt was made first: had it written anything, it would be there by now
        await expectNone(unknown);
      }
      expect(await rowsOf(t, `SELECT id FROM audit_events WHERE actor_label = $1 OR target_label = $1`, [unknownEmail])).toEqual([]);

      // a suspended account with the right password fails as well, and is recorded as a failure
      await rowsOf(t, `UPDATE users SET status = 'suspended' WHERE id = $1`, [op.reg.body.user.id]);
      const suspended = client();
      await logIn(suspended, op.reg).expect(401);
      await eventually(() => expectEvents(suspended, failure()), { what: 'the suspended account failure' });
    });

    it("the answer does not wait for a failure's event: with audit_events locked, an existing account's failure answers as an unknown address's does", async () => {
      const op = await makeOperator(t);
      const unknownEmail = uniqueEmail('nobody');
      const wrong = 'wrong password, long enough';
      const lock = t.app.get(DataSource).createQueryRunner();
      await lock.connect();
      const existing: Client[] = [];
      const unknown: Client[] = [];
      const took = { existing: [] as number[], unknown: [] as number[] };
      try {
        await lock.startTransaction();
        // inserts wait behind this lock (less than the connections' 2 s lock_timeout)
        await lock.query(`LOCK TABLE audit_events IN SHARE MODE`);
        for (let i = 0; i < 4; i++) {
          for (const [kind, email] of [
            ['unknown', unknownEmail],
            ['existing', op.reg.email],
          ] as const) {
            const c = client();
            (kind === 'existing' ? existing : unknown).push(c);
            const started = Date.now();
            const res = await Promise.race([
              logIn(c, { email, password: wrong }, { json: true }),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error(`a ${kind} failure waited for the audit insert`)), 1_000),
              ),
            ]);
            took[kind].push(Date.now() - started);
            expect(res.status).toBe(401);
            expect(res.body).toMatchObject({ status: 401, detail: 'invalid_credentials' });
          }
        }
        // nothing could be written yet
        expect(
          await rowsOf(t, `SELECT count(*)::int AS n FROM audit_events WHERE request_id = ANY($1)`, [existing.map((c) => c.rid)]),
        ).toEqual([{ n: 0 }]);
      } finally {
        await lock.rollbackTransaction().catch(() => undefined);
        await lock.release();
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      console.info(
        `failed log-ins with audit_events locked: existing account median ${median(took.existing)} ms, unknown address ${median(took.unknown)} ms`,
      );
      expect(median(took.existing)).toBeLessThanOrEqual(median(took.unknown) * 3 + 100);
      // once the lock is gone the waiting inserts land
      for (const c of existing) {
        await eventually(
          () =>
            expectEvents(c, [
              {
                workspace_id: op.reg.workspaceId,
                action: 'member.login',
                outcome: 'failure',
                actor: userActor(op),
                target: userTarget(op),
              },
            ]),
          { what: 'a failure event after the lock' },
        );
      }
      for (const c of unknown) await expectNone(c);
    });

    it('a log-out is member.logout in each workspace of the account; one without a live session writes nothing', async () => {
      const { op, workspaces } = await memberOfTwo();
      for (const logOut of [
        (c: Client, cookie: string) => sent(http().delete('/users/log-out'), c).set('cookie', cookie),
        (c: Client, cookie: string) => sent(http().post('/users/log-out'), c).set('cookie', cookie).type('form').send({}),
      ]) {
        const token = setCookies(await logIn(client(), op.reg).expect(302)).get(SESSION_COOKIE)!.value;
        const sessionId = await sessionIdOf(token);
        const cookie = cookieHeader({ [SESSION_COOKIE]: token });
        const c = client();
        await logOut(c, cookie).expect(302);
        await expectEvents(
          c,
          workspaces.map((workspace_id) => ({
            workspace_id,
            action: 'member.logout',
            actor: userActor(op),
            target: userTarget(op),
            changes: { session_id: [sessionId, null] },
          })),
        );
        const again = client();
        await logOut(again, cookie).expect(302);
        await expectNone(again);
      }
    });

    it('a password reset is member.password_reset in each workspace of the account, with no password or link in it; an unusable link writes nothing', async () => {
      const { op, workspaces } = await memberOfTwo();
      const token = setCookies(await logIn(client(), op.reg).expect(302)).get(SESSION_COOKIE)!.value;
      t.clock.advance(1);
      await http()
        .post('/users/forgot-password')
        .set('x-forwarded-for', randomIPv4())
        .type('form')
        .send({ email: op.reg.email })
        .expect(200);
      const link = resetToken((await waitForMails(t, op.reg.email, 1))[0]);
      const password = `new password ${randomBytes(6).toString('hex')}`;

      const dead = client();
      await sent(http().post(`/users/reset-password/${'x'.repeat(43)}`), dead)
        .type('form')
        .send({ password, password_confirmation: password })
        .expect(200);
      await expectNone(dead);

      const c = client();
      await sent(http().post(`/users/reset-password/${link}`), c)
        .type('form')
        .send({ password, password_confirmation: password })
        .expect(302);
      const rows = await expectEvents(
        c,
        workspaces.map((workspace_id) => ({ workspace_id, action: 'member.password_reset', actor: userActor(op), target: userTarget(op) })),
      );
      for (const secret of [link, password, token]) expect(JSON.stringify(rows)).not.toContain(secret);
      expect(await rowsOf(t, `SELECT id FROM user_sessions WHERE user_id = $1`, [op.reg.body.user.id])).toEqual([]);
    });
  });

  describe('platform admins', () => {
    const patch = (c: Client, id: string, body: object, as: Operator = admin) =>
      sent(http().patch(`/api/v1/admin/workspaces/${id}`), c)
        .set('cookie', as.cookie)
        .send(body);

    it('a status or plan change is one event in that workspace, named by where the status goes; refused changes write none', async () => {
      const owner = await makeOperator(t);
      const ws = owner.reg.workspaceId;
      const [{ slug, plan }] = await rowsOf(t, `SELECT slug, plan FROM workspaces WHERE id = $1`, [ws]);
      const target = { type: 'workspace', id: ws, label: slug };
      const steps: [object, string, Record<string, [unknown, unknown]> | null][] = [
        [{ status: 'frozen' }, 'workspace.freeze', { status: ['active', 'frozen'] }],
        [{ status: 'active' }, 'workspace.unfreeze', { status: ['frozen', 'active'] }],
        [{ plan: 'enterprise' }, 'workspace.update', plan === 'enterprise' ? null : { plan: [plan, 'enterprise'] }],
        [{ status: 'paused' }, 'workspace.suspend', { status: ['active', 'paused'] }],
        [{ status: 'active' }, 'workspace.reactivate', { status: ['paused', 'active'] }],
        [{ status: 'archived', plan: 'team' }, 'workspace.suspend', { status: ['active', 'archived'], plan: ['enterprise', 'team'] }],
      ];
      for (const [body, action, changes] of steps) {
        const c = client();
        await patch(c, ws, body).expect(200);
        await expectEvents(c, [{ workspace_id: ws, action, actor: adminActor(), target, changes }]);
      }
      // the admin page's form does the same
      const form = client();
      await sent(http().post(`/admin/workspaces/${ws}`), form)
        .set('cookie', admin.cookie)
        .type('form')
        .send({ status: 'active' })
        .expect(303);
      await expectEvents(form, [
        { workspace_id: ws, action: 'workspace.reactivate', actor: adminActor(), target, changes: { status: ['archived', 'active'] } },
      ]);

      const refused: [Client, Test, number][] = [];
      for (const [body, as, status, id] of [
        [{ status: 'frozen' }, owner, 403, ws],
        [{ status: 'gone' }, admin, 422, ws],
        [{ status: 'frozen' }, admin, 404, randomUUID()],
      ] as const) {
        const c = client();
        refused.push([c, patch(c, id, body, as), status]);
      }
      for (const [c, req, status] of refused) {
        await req.expect(status);
        await expectNone(c);
      }
    });
  });

  describe('partners and engagements', () => {
    it("an engagement's grant, token and revocation are its workspace's; a partner's changes go to every workspace it is engaged by, its creation to none", async () => {
      const name = uniqueName('Partner');
      const issue = client();
      const issued = await sent(http().post(PARTNERS), issue)
        .set('cookie', admin.cookie)
        .send({ name, scopes: PARTNER_SCOPES })
        .expect(201);
      const partner = issued.body.partner;
      await expectNone(issue); // no engagement yet: it reaches no workspace

      const owners = [await makeOperator(t), await makeOperator(t)];
      const engagements: any[] = [];
      for (const owner of owners) {
        const c = client();
        const res = await sent(http().post(ENGAGEMENTS), c).set('cookie', owner.cookie).send({ partner_id: partner.id }).expect(201);
        const engagement = res.body.engagement;
        engagements.push(engagement);
        await expectEvents(c, [
          {
            workspace_id: owner.reg.workspaceId,
            action: 'engagement.create',
            actor: userActor(owner),
            target: { type: 'engagement', id: engagement.id, label: name },
            changes: { partner_id: [null, partner.id], scopes: [null, engagement.scopes] },
          },
        ]);
      }
      const refusedGrant = client();
      await sent(http().post(ENGAGEMENTS), refusedGrant).set('cookie', owners[0].cookie).send({ partner_id: randomUUID() }).expect(422);
      await expectNone(refusedGrant);

      // the partner mints a token: recorded in the engagement's workspace, by the partner, naming the token's row
      const mint = client();
      const minted = await fromAddress(t, mint.ip)
        .post(`/api/v1/partner/engagements/${engagements[0].id}/tokens`, issued.body.partner_key.key, { expires_in: 600 })
        .set('user-agent', mint.ua)
        .set('x-request-id', mint.rid)
        .expect(201);
      const token = minted.body.engagement_token;
      const [{ id: tokenId }] = await rowsOf(t, `SELECT id FROM engagement_tokens WHERE token_hash = $1`, [sha256(token.token)]);
      const mintRows = await expectEvents(mint, [
        {
          workspace_id: owners[0].reg.workspaceId,
          action: 'engagement_token.create',
          actor: { type: 'partner', id: partner.id, label: null },
          target: { type: 'engagement_token', id: tokenId, label: null },
          changes: { engagement_id: [null, engagements[0].id], scopes: [null, token.scopes], expires_at: [null, token.expires_at] },
        },
      ]);
      expect(JSON.stringify(mintRows)).not.toContain(token.token);
      expect(JSON.stringify(mintRows)).not.toContain(issued.body.partner_key.key.split('.')[1]);

      const engaged = owners.map((o) => o.reg.workspaceId);
      const everywhere = (action: string, extra: Partial<Expected> = {}) =>
        engaged.map((workspace_id) => ({
          workspace_id,
          action,
          actor: adminActor(),
          target: { type: 'partner', id: partner.id, label: extra.target?.label ?? name },
          ...extra,
        }));

      const renamed = `${name} renamed`;
      const rename = client();
      await sent(http().patch(`${PARTNERS}/${partner.id}`), rename)
        .set('cookie', admin.cookie)
        .send({ name: renamed })
        .expect(200);
      await expectEvents(
        rename,
        everywhere('partner.update', { target: { type: 'partner', id: partner.id, label: renamed }, changes: { name: [name, renamed] } }),
      );

      const rotate = client();
      const rotated = await sent(http().post(`${PARTNERS}/${partner.id}/rotate`), rotate)
        .set('cookie', admin.cookie)
        .send({})
        .expect(200);
      const newKey = rotated.body.partner_key;
      const [{ id: keyId }] = await rowsOf(t, `SELECT id FROM partner_keys WHERE partner_id = $1 AND expires_at IS NULL`, [partner.id]);
      const rotateRows = await expectEvents(
        rotate,
        engaged.map((workspace_id) => ({
          workspace_id,
          action: 'partner_key.create',
          actor: adminActor(),
          target: { type: 'partner_key', id: keyId, label: newKey.prefix },
          changes: { key_prefix: [partner.key_prefix, newKey.prefix] },
        })),
      );
      expect(JSON.stringify(rotateRows)).not.toContain(newKey.key.split('.')[1]);

      const named = { target: { type: 'partner', id: partner.id, label: renamed } };
      const suspend = client();
      await sent(http().post(`${PARTNERS}/${partner.id}/suspend`), suspend)
        .set('cookie', admin.cookie)
        .expect(200);
      await expectEvents(suspend, everywhere('partner.suspend', { ...named, changes: { status: ['active', 'suspended'] } }));
      const suspendAgain = client();
      await sent(http().post(`${PARTNERS}/${partner.id}/suspend`), suspendAgain)
        .set('cookie', admin.cookie)
        .expect(200);
      await expectNone(suspendAgain); // nothing changed
      const reinstate = client();
      await sent(http().post(`${PARTNERS}/${partner.id}/reinstate`), reinstate)
        .set('cookie', admin.cookie)
        .expect(200);
      await expectEvents(reinstate, everywhere('partner.reactivate', { ...named, changes: { status: ['suspended', 'active'] } }));

      const revoke = client();
      await sent(http().post(`${ENGAGEMENTS}/${engagements[0].id}/revoke`), revoke)
        .set('cookie', owners[0].cookie)
        .expect(200);
      await expectEvents(revoke, [
        {
          workspace_id: owners[0].reg.workspaceId,
          action: 'engagement.revoke',
          actor: userActor(owners[0]),
          target: { type: 'engagement', id: engagements[0].id, label: renamed },
          changes: { status: ['active', 'revoked'] },
        },
      ]);
      const revokeAgain = client();
      await sent(http().post(`${ENGAGEMENTS}/${engagements[0].id}/revoke`), revokeAgain)
        .set('cookie', owners[0].cookie)
        .expect(200);
      await expectNone(revokeAgain);

      // now engaged by the second workspace only
      const later = client();
      await sent(http().patch(`${PARTNERS}/${partner.id}`), later)
        .set('cookie', admin.cookie)
        .send({ scopes: ['engagements:read'] })
        .expect(200);
      await expectEvents(later, [
        {
          workspace_id: owners[1].reg.workspaceId,
          action: 'partner.update',
          actor: adminActor(),
          target: { type: 'partner', id: partner.id, label: renamed },
          changes: { scopes: [PARTNER_SCOPES, ['engagements:read']] },
        },
      ]);
    });
  });

  describe('SCIM', () => {
    it("operators' SCIM tokens and group roles, and a token's Users and Groups, are audited with their actor; refused writes are not", async () => {
      const owner = await makeOperator(t);
      const ws = owner.reg.workspaceId;
      const create = client();
      const created = await sent(http().post('/api/v1/operator/scim_tokens'), create)
        .set('cookie', owner.cookie)
        .send({ name: 'Okta' })
        .expect(201);
      const { id: tokenId, token } = created.body.scim_token;
      const tokenRows = await expectEvents(create, [
        {
          workspace_id: ws,
          action: 'scim_token.create',
          actor: userActor(owner),
          target: { type: 'scim_token', id: tokenId, label: 'Okta' },
        },
      ]);
      expect(JSON.stringify(tokenRows)).not.toContain(token);

      const scimActor = { type: 'scim_token', id: tokenId, label: null };
      const as = (c: Client, method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown) =>
        sent(scim(t, token, method, path, body), c);

      const user = oktaUser();
      const post = client();
      const u = (await as(post, 'post', '/Users', user).expect(201)).body;
      const userTargetOf = { type: 'scim_user', id: u.id, label: null };
      const userRows = await expectEvents(post, [
        { workspace_id: ws, action: 'scim_user.create', actor: scimActor, target: userTargetOf, changes: { active: [null, true] } },
      ]);
      // nothing that identifies the person: an erasure must leave no trace of them (ADR 0240)
      for (const personal of [user.userName, user.externalId, user.emails[0].value])
        expect(JSON.stringify(userRows)).not.toContain(personal);

      const duplicate = client();
      await as(duplicate, 'post', '/Users', oktaUser({ userName: user.userName })).expect(409);
      await expectNone(duplicate);

      const deactivate = client();
      await as(deactivate, 'patch', `/Users/${u.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      }).expect(200);
      await expectEvents(deactivate, [
        { workspace_id: ws, action: 'scim_user.update', actor: scimActor, target: userTargetOf, changes: { active: [true, false] } },
      ]);
      const replace = client();
      await as(replace, 'put', `/Users/${u.id}`, { ...user, active: true }).expect(200);
      await expectEvents(replace, [
        { workspace_id: ws, action: 'scim_user.update', actor: scimActor, target: userTargetOf, changes: { active: [false, true] } },
      ]);

      const groupName = uniqueName('Engineers');
      const groupPost = client();
      const g = (
        await as(groupPost, 'post', '/Groups', { schemas: [GROUP_SCHEMA], displayName: groupName, members: [{ value: u.id }] }).expect(201)
      ).body;
      await expectEvents(groupPost, [
        {
          workspace_id: ws,
          action: 'scim_group.create',
          actor: scimActor,
          target: { type: 'scim_group', id: g.id, label: groupName },
          changes: { display_name: [null, groupName] },
        },
      ]);
      const renamed = `${groupName} renamed`;
      const groupPatch = client();
      await as(groupPatch, 'patch', `/Groups/${g.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'displayName', value: renamed }],
      }).expect(200);
      const groupTarget = { type: 'scim_group', id: g.id, label: renamed };
      await expectEvents(groupPatch, [
        {
          workspace_id: ws,
          action: 'scim_group.update',
          actor: scimActor,
          target: groupTarget,
          changes: { display_name: [groupName, renamed] },
        },
      ]);
      const groupPut = client();
      await as(groupPut, 'put', `/Groups/${g.id}`, { schemas: [GROUP_SCHEMA], displayName: renamed, externalId: 'eng-1' }).expect(200);
      await expectEvents(groupPut, [
        { workspace_id: ws, action: 'scim_group.update', actor: scimActor, target: groupTarget, changes: { external_id: [null, 'eng-1'] } },
      ]);

      // an operator maps the group to a role
      const map = client();
      await sent(http().patch(`/api/v1/operator/scim_groups/${g.id}`), map)
        .set('cookie', owner.cookie)
        .send({ role: 'admin' })
        .expect(200);
      await expectEvents(map, [
        { workspace_id: ws, action: 'scim_group.update', actor: userActor(owner), target: groupTarget, changes: { role: [null, 'admin'] } },
      ]);
      const badMap = client();
      await sent(http().patch(`/api/v1/operator/scim_groups/${g.id}`), badMap)
        .set('cookie', owner.cookie)
        .send({ role: 'owner' })
        .expect(422);
      await expectNone(badMap);

      const groupDelete = client();
      await as(groupDelete, 'delete', `/Groups/${g.id}`).expect(204);
      await expectEvents(groupDelete, [{ workspace_id: ws, action: 'scim_group.delete', actor: scimActor, target: groupTarget }]);
      const userDelete = client();
      await as(userDelete, 'delete', `/Users/${u.id}`).expect(204);
      await expectEvents(userDelete, [{ workspace_id: ws, action: 'scim_user.delete', actor: scimActor, target: userTargetOf }]);

      const revoke = client();
      await sent(http().delete(`/api/v1/operator/scim_tokens/${tokenId}`), revoke)
        .set('cookie', owner.cookie)
        .expect(204);
      await expectEvents(revoke, [
        {
          workspace_id: ws,
          action: 'scim_token.revoke',
          actor: userActor(owner),
          target: { type: 'scim_token', id: tokenId, label: 'Okta' },
        },
      ]);
      const revokeAgain = client();
      await sent(http().delete(`/api/v1/operator/scim_tokens/${tokenId}`), revokeAgain)
        .set('cookie', owner.cookie)
        .expect(404);
      await expectNone(revokeAgain);
    });
  });

  describe('webhooks', () => {
    it('subscriptions created, updated, re-keyed, redelivered and deleted (REST and console) are audited without secrets or URL paths', async () => {
      const owner = await makeOperator(t);
      const ws = owner.reg.workspaceId;
      const actor = userActor(owner);
      const create = client();
      const res = await sent(http().post(SUBSCRIPTIONS), create)
        .set('cookie', owner.cookie)
        .send({ url: HOOK_URL, event_types: ['robot.claimed'], description: 'siem' })
        .expect(201);
      const sub = res.body.webhook_subscription;
      const target = { type: 'webhook_subscription', id: sub.id, label: 'http://127.0.0.1:9/…' };
      const createRows = await expectEvents(create, [
        {
          workspace_id: ws,
          action: 'webhook_subscription.create',
          actor,
          target,
          changes: { description: [null, 'siem'], event_types: [null, ['robot.claimed']], status: [null, 'active'] },
        },
      ]);
      expect(JSON.stringify(createRows)).not.toContain(sub.secret.slice(6));
      expect(JSON.stringify(createRows)).not.toContain('receiver-credential');

      const badCreate = client();
      await sent(http().post(SUBSCRIPTIONS), badCreate)
        .set('cookie', owner.cookie)
        .send({ url: 'not a url', event_types: ['*'] })
        .expect(422);
      await expectNone(badCreate);

      const update = client();
      await sent(http().patch(`${SUBSCRIPTIONS}/${sub.id}`), update)
        .set('cookie', owner.cookie)
        .send({ status: 'disabled', url: 'http://127.0.0.1:9/hooks/other' })
        .expect(200);
      await expectEvents(update, [
        {
          workspace_id: ws,
          action: 'webhook_subscription.update',
          actor,
          target,
          changes: { status: ['active', 'disabled'], url: ['http://127.0.0.1:9/…', 'http://127.0.0.1:9/…'] },
        },
      ]);
      const unknown = client();
      await sent(http().patch(`${SUBSCRIPTIONS}/${randomUUID()}`), unknown)
        .set('cookie', owner.cookie)
        .send({ status: 'active' })
        .expect(404);
      await expectNone(unknown);

      const rotate = client();
      const rotated = await sent(http().post(`${SUBSCRIPTIONS}/${sub.id}/rotate_secret`), rotate)
        .set('cookie', owner.cookie)
        .expect(200);
      const rotateRows = await expectEvents(rotate, [{ workspace_id: ws, action: 'webhook_subscription.rotate_secret', actor, target }]);
      expect(JSON.stringify(rotateRows)).not.toContain(rotated.body.webhook_subscription.secret.slice(6));

      // a delivery to retry (the relay's fan-out is not what this tests)
      const [{ id: eventId }] = await rowsOf(
        t,
        `INSERT INTO domain_events (workspace_id, type, data) VALUES ($1, 'robot.claimed', '{}') RETURNING id`,
        [ws],
      );
      const deliveryId = randomUUID();
      await rowsOf(
        t,
        `INSERT INTO webhook_deliveries (id, workspace_id, subscription_id, event_id, event_type, status, attempts, inserted_at, updated_at)
         VALUES ($1, $2, $3, $4, 'robot.claimed', 'failed', 1, now(), now())`,
        [deliveryId, ws, sub.id, eventId],
      );
      const retry = client();
      await sent(http().post(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${deliveryId}/retry`), retry)
        .set('cookie', owner.cookie)
        .expect(202);
      await expectEvents(retry, [
        {
          workspace_id: ws,
          action: 'webhook_delivery.redeliver',
          actor,
          target: { type: 'webhook_delivery', id: deliveryId, label: 'robot.claimed' },
        },
      ]);
      const retryUnknown = client();
      await sent(http().post(`${SUBSCRIPTIONS}/${sub.id}/deliveries/${randomUUID()}/retry`), retryUnknown)
        .set('cookie', owner.cookie)
        .expect(404);
      await expectNone(retryUnknown);

      const remove = client();
      await sent(http().delete(`${SUBSCRIPTIONS}/${sub.id}`), remove)
        .set('cookie', owner.cookie)
        .expect(204);
      await expectEvents(remove, [
        { workspace_id: ws, action: 'webhook_subscription.delete', actor, target: { ...target, label: 'http://127.0.0.1:9/…' } },
      ]);

      // the console's forms call the same services
      const page = client();
      await sent(http().post('/app/webhooks'), page)
        .set('cookie', owner.cookie)
        .type('form')
        .send({ url: 'https://hooks.example', event_types: 'robot.retired' })
        .expect(303);
      const [pageRow] = await expectEvents(page, [
        {
          workspace_id: ws,
          action: 'webhook_subscription.create',
          actor,
          target: { type: 'webhook_subscription', id: expect.any(String), label: 'https://hooks.example' },
          changes: { event_types: [null, ['robot.retired']], status: [null, 'active'] },
        },
      ]);
      const pageTarget = { type: 'webhook_subscription', id: pageRow.target_id, label: 'https://hooks.example' };
      const pageRotate = client();
      await sent(http().post(`/app/webhooks/${pageRow.target_id}/rotate`), pageRotate)
        .set('cookie', owner.cookie)
        .type('form')
        .send({})
        .expect(303);
      await expectEvents(pageRotate, [{ workspace_id: ws, action: 'webhook_subscription.rotate_secret', actor, target: pageTarget }]);
      const pageDelete = client();
      await sent(http().post(`/app/webhooks/${pageRow.target_id}/delete`), pageDelete)
        .set('cookie', owner.cookie)
        .type('form')
        .send({})
        .expect(303);
      await expectEvents(pageDelete, [{ workspace_id: ws, action: 'webhook_subscription.delete', actor, target: pageTarget }]);
    });
  });

  describe('data requests and the workspace key page', () => {
    it('a data request is data_request.create; one naming nothing writes none', async () => {
      const owner = await makeOperator(t);
      const ws = owner.reg.workspaceId;
      const c = client();
      const res = await sent(http().post('/api/v1/operator/data_requests'), c)
        .set('cookie', owner.cookie)
        .send({ kind: 'export', subject_type: 'user', subject_id: owner.reg.body.user.id })
        .expect(202);
      const request = res.body.data_request;
      await expectEvents(c, [
        {
          workspace_id: ws,
          action: 'data_request.create',
          actor: userActor(owner),
          target: { type: 'data_request', id: request.id, label: 'export' },
          changes: { kind: [null, 'export'], subject_type: [null, 'user'], subject_id: [null, owner.reg.body.user.id] },
        },
      ]);
      const refused = client();
      await sent(http().post('/api/v1/operator/data_requests'), refused)
        .set('cookie', owner.cookie)
        .send({ kind: 'export', subject_type: 'robot', subject_id: randomUUID() })
        .expect(422);
      await expectNone(refused);
    });

    it("the key page's rotate, delete and generate are api_key.rotate, .revoke and .create naming the credential; an unconfirmed form writes none", async () => {
      const owner = await makeOperator(t);
      const ws = owner.reg.workspaceId;
      const actor = userActor(owner);
      const form = (c: Client, path: string, body: object) =>
        sent(http().post(path), c).set('cookie', owner.cookie).set('accept', 'text/html').type('form').send(body);
      const current = async (): Promise<string | undefined> =>
        (
          await rowsOf(
            t,
            `SELECT c.id FROM api_credentials c JOIN service_agents a ON a.id = c.service_agent_id
              WHERE a.workspace_id = $1 AND a.hidden AND c.status = 'usable'`,
            [ws],
          )
        )[0]?.id;
      const prefixOf = async (id: string) => `agk_${(await rowsOf(t, `SELECT prefix FROM api_credentials WHERE id = $1`, [id]))[0].prefix}`;

      const unconfirmed = client();
      await form(unconfirmed, '/app/agents/workspace-key', {}).expect(303);
      await expectNone(unconfirmed);

      const before = owner.reg.credentialId;
      const rotate = client();
      const posted = await form(rotate, '/app/agents/workspace-key', { confirm: 'yes' }).expect(303);
      const page = await sent(http().get(posted.headers.location), rotate)
        .set('cookie', owner.cookie)
        .set('accept', 'text/html')
        .expect(200);
      const rotatedTo = (await current())!;
      const rows = await expectEvents(rotate, [
        {
          workspace_id: ws,
          action: 'api_key.rotate',
          actor,
          target: { type: 'api_key', id: rotatedTo, label: await prefixOf(rotatedTo) },
          changes: { credential_id: [before, rotatedTo] },
        },
      ]);
      const shownKey = /agk_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}/.exec(page.text)![0];
      expect(JSON.stringify(rows)).not.toContain(shownKey.split('.')[1]);

      const remove = client();
      await form(remove, '/app/agents/workspace-key/delete', { confirm: 'yes' }).expect(303);
      await expectEvents(remove, [
        { workspace_id: ws, action: 'api_key.revoke', actor, target: { type: 'api_key', id: rotatedTo, label: null } },
      ]);
      const removeAgain = client();
      await form(removeAgain, '/app/agents/workspace-key/delete', { confirm: 'yes' }).expect(303);
      await expectNone(removeAgain); // no key: nothing revoked

      const generate = client();
      await form(generate, '/app/agents/workspace-key', {}).expect(303);
      const generated = (await current())!;
      await expectEvents(generate, [
        { workspace_id: ws, action: 'api_key.create', actor, target: { type: 'api_key', id: generated, label: await prefixOf(generated) } },
      ]);
    });
  });
});
