import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { SESSION_SEEN_WRITE_AFTER_MS } from '../src/sessions/session.constants';
import { SessionsRepository } from '../src/sessions/sessions.repository';
import { SessionsService } from '../src/sessions/sessions.service';
import { addMembership, makeOperator, type Operator } from './support/console';
import { rowsOf } from './support/fleet';
import { cookieHeader, isCleared, randomIPv4, SESSION_COOKIE, setCookies, sha256, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { SocketClient, socketUrl } from './support/sockets';
import { EVERY_NODE_WITHIN_MS, TwoNodes } from './support/two-nodes';
import type { LastUseBatch } from '../src/core/database/last-use-batch';
import type { TestApp } from './support/test-app';
import type { Test } from 'supertest';

const OP = '/api/v1/operator';

/** A browser of one account: its session cookie, its session's id, and the address and user agent it logged in with. */
interface Browser {
  cookie: string;
  sessionId: string;
  ip: string;
  ua: string;
}

/**
 * API.md Part 3 "Sessions" (ADR 0245, ADR 0246): an operator lists and ends their sessions, an
 * owner or admin ends a member's; each ended session is one `session.end` event in every
 * workspace of its account, by the operator who acted, and its live sockets close with 4401 on
 * every node even when the ending node cannot publish. `last_seen_at` is written in batches.
 * Two nodes (test/support/two-nodes.ts): node A serves the requests, node B holds sockets.
 */
describe('sessions an operator can see and end', () => {
  const nodes = new TwoNodes('account sessions');
  let t: TestApp;

  beforeAll(async () => {
    await nodes.beforeAll(TRUST_LOOPBACK);
    t = nodes.a;
  });
  beforeEach(() => nodes.beforeEach());
  afterEach(() => nodes.afterEach());
  afterAll(() => nodes.afterAll());

  /** Logs `op` in once more from a browser of its own (address, user agent, remember-me as asked). */
  async function browser(op: Operator, opts: { rememberMe?: boolean; on?: TestApp } = {}): Promise<Browser> {
    const ip = randomIPv4();
    const ua = `sessions-test/${randomBytes(4).toString('hex')}`;
    const res = await (opts.on ?? t)
      .http()
      .post('/users/log-in')
      .set('x-forwarded-for', ip)
      .set('user-agent', ua)
      .type('form')
      .send({ email: op.reg.email, password: op.reg.password, ...(opts.rememberMe ? { remember_me: 'true' } : {}) })
      .expect(302);
    const token = setCookies(res).get(SESSION_COOKIE)!.value;
    const [row] = await rowsOf(t, `SELECT id FROM user_sessions WHERE token_hash = $1`, [sha256(token)]);
    return { cookie: cookieHeader({ [SESSION_COOKIE]: token }), sessionId: row.id, ip, ua };
  }

  /** A request of `b`, with a request id of its own (to find the events it wrote). */
  const as = (b: Browser, req: Test, rid = `rid-${randomBytes(8).toString('hex')}`): Test =>
    req.set('cookie', b.cookie).set('x-forwarded-for', b.ip).set('user-agent', b.ua).set('x-request-id', rid);
  const live = async (b: Browser) => (await t.http().get(`${OP}/me`).set('cookie', b.cookie)).status === 200;
  const sessionIds = async (userId: string): Promise<string[]> =>
    (await rowsOf(t, `SELECT id FROM user_sessions WHERE user_id = $1 ORDER BY id`, [userId])).map((r: { id: string }) => r.id);

  /** The events one request wrote: [workspace, action, actor id, target type, target id, target label], sorted. */
  const eventsOf = async (rid: string): Promise<string[][]> =>
    (
      await rowsOf(
        t,
        `SELECT workspace_id, action, actor_type, actor_id, target_type, target_id, target_label FROM audit_events WHERE request_id = $1`,
        [rid],
      )
    )
      .map((r: Record<string, string>) => [r.workspace_id, r.action, r.actor_type, r.actor_id, r.target_type, r.target_id, r.target_label])
      .sort((x: string[], y: string[]) => x.join().localeCompare(y.join()));
  const ended = (workspaces: string[], actor: Operator, sessions: string[], owner: Operator) =>
    workspaces
      .flatMap((w) => sessions.map((s) => [w, 'session.end', 'user', actor.reg.body.user.id, 'session', s, owner.reg.email]))
      .sort((x, y) => x.join().localeCompare(y.join()));

  /** An operator who owns a workspace and is a member of a second one: their sessions' events go to both. */
  async function memberOfTwo(): Promise<{ op: Operator; workspaces: string[] }> {
    const op = await makeOperator(t);
    const other = await makeOperator(t);
    await addMembership(t, op.reg.email, other.reg.workspaceId, 'member');
    return { op, workspaces: [op.reg.workspaceId, other.reg.workspaceId] };
  }

  describe('GET /me/sessions', () => {
    it("lists the account's live sessions, newest first, with the request's own marked current, and no other account's", async () => {
      const op = await makeOperator(t);
      t.clock.advance(1000); // three log-ins a second apart: the order does not fall to the ids
      const first = await browser(op);
      t.clock.advance(1000);
      const second = await browser(op, { rememberMe: true });
      const stranger = await makeOperator(t);
      await browser(stranger);

      t.clock.advance(5000);
      const res = await as(first, t.http().get(`${OP}/me/sessions`)).expect(200);
      expect(res.body.count).toBe(3); // makeOperator's own log-in, first, second
      const [newest, older] = res.body.sessions;
      expect(newest).toEqual({
        id: second.sessionId,
        current: false,
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        ip: second.ip,
        user_agent: second.ua,
        auth_method: 'password',
        mfa: false,
        remember_me: true,
      });
      expect(older).toMatchObject({ id: first.sessionId, current: true, ip: first.ip, user_agent: first.ua, remember_me: false });
      // the request's own session is seen now; the other was last seen at its log-in
      expect(older.last_seen_at).toBe(new Date(t.clock.now()).toISOString());
      expect(newest.last_seen_at).toBe(newest.created_at);
      expect(new Date(newest.created_at).getTime() - new Date(older.created_at).getTime()).toBe(1000);
      expect(res.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual(await sessionIds(op.reg.body.user.id));
    });

    it('needs a session: 401 session_required', async () => {
      expectProblem(await t.http().get(`${OP}/me/sessions`), 401, 'unauthorized', { detail: 'session_required' });
    });
  });

  describe('DELETE /me/sessions/:id', () => {
    it('ends one of your sessions, with one session.end per workspace by you; ending it again is 404 and writes nothing', async () => {
      const { op, workspaces } = await memberOfTwo();
      const mine = await browser(op);
      const other = await browser(op);
      const rid = `rid-${randomBytes(8).toString('hex')}`;
      await as(mine, t.http().delete(`${OP}/me/sessions/${other.sessionId}`), rid).expect(204);
      expect([await live(mine), await live(other)]).toEqual([true, false]);
      expect(await eventsOf(rid)).toEqual(ended(workspaces, op, [other.sessionId], op));

      const again = `rid-${randomBytes(8).toString('hex')}`;
      expectProblem(await as(mine, t.http().delete(`${OP}/me/sessions/${other.sessionId}`), again), 404, 'not-found');
      expect(await eventsOf(again)).toEqual([]);
    });

    it('ending the current session logs this browser out: 204, both cookies cleared, the cookie no longer works', async () => {
      const op = await makeOperator(t);
      const mine = await browser(op);
      const res = await as(mine, t.http().delete(`${OP}/me/sessions/${mine.sessionId}`)).expect(204);
      expect(isCleared(setCookies(res).get(SESSION_COOKIE))).toBe(true);
      expect(await live(mine)).toBe(false);
    });

    it("another account's session, an unknown id or one that is not a UUID is 404, and nothing ends or is written", async () => {
      const op = await makeOperator(t);
      const mine = await browser(op);
      const stranger = await makeOperator(t);
      const theirs = await browser(stranger);
      for (const id of [theirs.sessionId, randomUUID(), 'not-a-uuid']) {
        const rid = `rid-${randomBytes(8).toString('hex')}`;
        expectProblem(await as(mine, t.http().delete(`${OP}/me/sessions/${id}`), rid), 404, 'not-found', { detail: 'not_found' });
        expect(await eventsOf(rid)).toEqual([]);
      }
      expect(await live(theirs)).toBe(true);
    });

    it('two requests ending the same session at once: one 204, one 404, one set of events', async () => {
      const { op, workspaces } = await memberOfTwo();
      const [a, b, target] = [await browser(op), await browser(op), await browser(op)];
      const rids = [`rid-${randomBytes(8).toString('hex')}`, `rid-${randomBytes(8).toString('hex')}`];
      const [ra, rb] = await Promise.all([
        as(a, t.http().delete(`${OP}/me/sessions/${target.sessionId}`), rids[0]),
        as(b, t.http().delete(`${OP}/me/sessions/${target.sessionId}`), rids[1]),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([204, 404]);
      const winner = ra.status === 204 ? rids[0] : rids[1];
      expect(await eventsOf(winner)).toEqual(ended(workspaces, op, [target.sessionId], op));
      expect(await eventsOf(winner === rids[0] ? rids[1] : rids[0])).toEqual([]);
    });

    it('is refused cross-origin (403 cross_origin_request), and the session stays', async () => {
      const op = await makeOperator(t);
      const [mine, other] = [await browser(op), await browser(op)];
      const res = await as(mine, t.http().delete(`${OP}/me/sessions/${other.sessionId}`)).set('sec-fetch-site', 'cross-site');
      expectProblem(res, 403, 'forbidden', { detail: 'cross_origin_request' });
      expect(await live(other)).toBe(true);
    });
  });

  describe('DELETE /me/sessions', () => {
    it('ends all but the current session, one session.end per session and workspace', async () => {
      const { op, workspaces } = await memberOfTwo();
      const mine = await browser(op);
      const others = [await browser(op), await browser(op)];
      const userId = op.reg.body.user.id;
      const before = (await sessionIds(userId)).filter((id) => id !== mine.sessionId);
      const rid = `rid-${randomBytes(8).toString('hex')}`;
      const res = await as(mine, t.http().delete(`${OP}/me/sessions`), rid).expect(204);
      expect(setCookies(res).has(SESSION_COOKIE)).toBe(false);
      expect(await sessionIds(userId)).toEqual([mine.sessionId]);
      expect(await Promise.all([mine, ...others].map(live))).toEqual([true, false, false]);
      expect(await eventsOf(rid)).toEqual(ended(workspaces, op, before, op));

      // none left to end: still 204, nothing written
      const none = `rid-${randomBytes(8).toString('hex')}`;
      await as(mine, t.http().delete(`${OP}/me/sessions`), none).expect(204);
      expect(await eventsOf(none)).toEqual([]);
    });
  });

  describe('DELETE /members/:user_id/sessions', () => {
    /** A workspace with its owner, an admin and a member (the member also owns a workspace of their own). */
    async function team() {
      const owner = await makeOperator(t);
      const admin = await makeOperator(t);
      const member = await makeOperator(t);
      await addMembership(t, admin.reg.email, owner.reg.workspaceId, 'admin');
      await addMembership(t, member.reg.email, owner.reg.workspaceId, 'member');
      return { owner, admin, member, ws: owner.reg.workspaceId };
    }
    const onTeam = (b: Browser, ws: string, req: Test, rid?: string) => as(b, req, rid).set('x-workspace-id', ws);

    it("an admin ends every session of a member, everywhere, with the events in each of the member's workspaces", async () => {
      const { admin, member, ws } = await team();
      const actor = await browser(admin);
      await browser(member);
      await browser(member);
      const theirs = await sessionIds(member.reg.body.user.id);
      expect(theirs).toHaveLength(3);
      const rid = `rid-${randomBytes(8).toString('hex')}`;
      await onTeam(actor, ws, t.http().delete(`${OP}/members/${member.reg.body.user.id}/sessions`), rid).expect(204);
      expect(await sessionIds(member.reg.body.user.id)).toEqual([]);
      expect(await live(actor)).toBe(true);
      expect(await eventsOf(rid)).toEqual(ended([ws, member.reg.workspaceId], admin, theirs, member));
    });

    it("an admin may not end an owner's sessions (403 insufficient_role), a member may end no one's; an owner may end an admin's", async () => {
      const { owner, admin, member, ws } = await team();
      const [o, a, m] = [await browser(owner), await browser(admin), await browser(member)];
      for (const [who, target] of [
        [a, owner],
        [m, admin],
        [m, owner],
      ] as const) {
        const rid = `rid-${randomBytes(8).toString('hex')}`;
        const res = await onTeam(who, ws, t.http().delete(`${OP}/members/${target.reg.body.user.id}/sessions`), rid);
        expectProblem(res, 403, 'forbidden', { detail: 'insufficient_role' });
        expect(await eventsOf(rid)).toEqual([]);
      }
      expect(await Promise.all([o, a, m].map(live))).toEqual([true, true, true]);
      await onTeam(o, ws, t.http().delete(`${OP}/members/${admin.reg.body.user.id}/sessions`)).expect(204);
      expect(await live(a)).toBe(false);
    });

    it('a user who is not a member of the workspace is 404 (another workspace, an unknown id, not a UUID), and nothing ends', async () => {
      const { admin, ws } = await team();
      const actor = await browser(admin);
      const outsider = await makeOperator(t);
      const outsiders = await browser(outsider);
      for (const id of [outsider.reg.body.user.id, randomUUID(), 'nope']) {
        const rid = `rid-${randomBytes(8).toString('hex')}`;
        const res = await onTeam(actor, ws, t.http().delete(`${OP}/members/${id}/sessions`), rid);
        expectProblem(res, 404, 'not-found', { detail: 'not_found' });
        expect(await eventsOf(rid)).toEqual([]);
      }
      expect(await live(outsiders)).toBe(true);
      // the admin's own workspace is a different one: the member of this workspace is not found from there
      const { member } = await team();
      const memberBrowser = await browser(member);
      const res = await onTeam(actor, admin.reg.workspaceId, t.http().delete(`${OP}/members/${member.reg.body.user.id}/sessions`));
      expectProblem(res, 404, 'not-found');
      expect(await live(memberBrowser)).toBe(true);
    });
  });

  describe('the page /app/account/sessions', () => {
    const PAGE = '/app/account/sessions';

    it('without a session redirects to log in; lists the sessions; its forms end the others, one, or this browser', async () => {
      expect((await t.http().get(PAGE).expect(302)).headers.location).toBe(`/users/log-in?return_to=${encodeURIComponent(PAGE)}`);
      const { op, workspaces } = await memberOfTwo();
      const [mine, a, b, c] = [await browser(op), await browser(op), await browser(op), await browser(op)];
      const page = await as(mine, t.http().get(PAGE)).expect(200);
      expect(page.text).toContain(`data-session-id="${mine.sessionId}" data-current="true"`);
      expect(page.text).toContain(`action="${PAGE}/${a.sessionId}/end"`);
      expect(page.text).not.toContain(`action="${PAGE}/${mine.sessionId}/end"`);
      expect(page.text).toContain(a.ua);

      const rid = `rid-${randomBytes(8).toString('hex')}`;
      const one = await as(mine, t.http().post(`${PAGE}/${a.sessionId}/end`).type('form'), rid)
        .send({})
        .expect(303);
      expect(one.headers.location).toBe(`${PAGE}?notice=ended`);
      expect(await eventsOf(rid)).toEqual(ended(workspaces, op, [a.sessionId], op));
      expect(await live(a)).toBe(false);
      expectProblem(await as(mine, t.http().post(`${PAGE}/${a.sessionId}/end`).set('accept', 'application/json')), 404, 'not-found');

      const all = await as(mine, t.http().post(`${PAGE}/end-others`).type('form'))
        .send({})
        .expect(303);
      expect(all.headers.location).toBe(`${PAGE}?notice=others-ended`);
      expect(await Promise.all([mine, b, c].map(live))).toEqual([true, false, false]);
      expect((await as(mine, t.http().get(`${PAGE}?notice=others-ended`)).expect(200)).text).toContain('id="no-other-sessions"');

      const self = await as(mine, t.http().post(`${PAGE}/${mine.sessionId}/end`).type('form'))
        .send({})
        .expect(303);
      expect(self.headers.location).toBe('/users/log-in?notice=logged-out');
      expect(isCleared(setCookies(self).get(SESSION_COOKIE))).toBe(true);
      expect(await live(mine)).toBe(false);
    });
  });

  describe('live sockets of an ended session close with 4401 on both nodes', () => {
    const faults: [string, () => Promise<() => void>][] = [
      [
        "node A's PUBLISH failing (Redis up)",
        async () => {
          const publish = nodes.failPublishOnA();
          return () => expect(publish).toHaveBeenCalled();
        },
      ],
      [
        'Redis down for both nodes',
        async () => {
          await nodes.cutRedis();
          return () => expect([TwoNodes.busHealthy(nodes.a), TwoNodes.busHealthy(nodes.b)]).toEqual([false, false]);
        },
      ],
    ];

    const socketsOf = async (b: Browser) => {
      const sockets = [
        await SocketClient.open(socketUrl(nodes.baseA), { cookie: b.cookie }),
        await SocketClient.open(socketUrl(nodes.baseB), { cookie: b.cookie }),
      ];
      for (const s of sockets) expect((await s.request('ready')).payload.kind).toBe('operator');
      return sockets;
    };

    describe.each(faults)('%s', (_name, inject) => {
      it('DELETE /me/sessions/:id on node A', async () => {
        const op = await makeOperator(t);
        const [mine, other] = [await browser(op), await browser(op)];
        const sockets = await socketsOf(other);
        const kept = await SocketClient.open(socketUrl(nodes.baseB), { cookie: mine.cookie });
        expect((await kept.request('ready')).status).toBe('ok');
        const held = await inject();
        await as(mine, t.http().delete(`${OP}/me/sessions/${other.sessionId}`)).expect(204);
        held();
        for (const s of sockets) expect(await s.closedWithin(EVERY_NODE_WITHIN_MS)).toEqual({ code: 4401, reason: 'session_ended' });
        expect(await kept.staysOpen(300)).toBe(true);
        kept.close();
      });

      it("DELETE /members/:user_id/sessions on node A (an owner ending an admin's)", async () => {
        const owner = await makeOperator(t);
        const admin = await makeOperator(t);
        await addMembership(t, admin.reg.email, owner.reg.workspaceId, 'admin');
        const [o, a] = [await browser(owner), await browser(admin)];
        const sockets = await socketsOf(a);
        const held = await inject();
        await as(o, t.http().delete(`${OP}/members/${admin.reg.body.user.id}/sessions`))
          .set('x-workspace-id', owner.reg.workspaceId)
          .expect(204);
        held();
        for (const s of sockets) expect(await s.closedWithin(EVERY_NODE_WITHIN_MS)).toEqual({ code: 4401, reason: 'session_ended' });
      });
    });
  });

  describe('last_seen_at', () => {
    it(`is written in batches: ${SESSION_SEEN_WRITE_AFTER_MS / 1000} s apart at most, so 60 requests in a minute write it at most twice`, async () => {
      const op = await makeOperator(t);
      const mine = await browser(op);
      const service = t.app.get<SessionsService, { lastSeen: LastUseBatch }>(SessionsService);
      await service.lastSeen.flush(); // what other tests marked
      // every batch written from here on (the spy calls through to the real statement)
      const touch = jest.spyOn(t.app.get(SessionsRepository), 'touchLastSeen');
      const stored = async () =>
        new Date((await rowsOf(t, `SELECT last_seen_at FROM user_sessions WHERE id = $1`, [mine.sessionId]))[0].last_seen_at).getTime();
      const loggedInAt = await stored();

      // 60 requests, one a second, each followed by a flush (the worst case: a flush never waits for more)
      for (let i = 0; i < 60; i++) {
        t.clock.advance(1000);
        await t.http().get(`${OP}/me`).set('cookie', mine.cookie).expect(200);
        await service.lastSeen.flush();
        expect(t.clock.now() - (await stored())).toBeLessThan(SESSION_SEEN_WRITE_AFTER_MS + 1000);
      }
      const ofMine = touch.mock.calls.filter(([uses]) => uses.has(mine.sessionId));
      expect(ofMine.length).toBeGreaterThanOrEqual(1);
      expect(ofMine.length).toBeLessThanOrEqual(2);
      expect(await stored()).toBeGreaterThan(loggedInAt);

      // a request marks, and writes nothing until the batch is flushed
      t.clock.advance(SESSION_SEEN_WRITE_AFTER_MS);
      const before = await stored();
      await t.http().get(`${OP}/me`).set('cookie', mine.cookie).expect(200);
      expect(await stored()).toBe(before);
      await service.lastSeen.flush();
      expect(await stored()).toBe(t.clock.now());
    });
  });

  describe('Postgres refusing the change', () => {
    it('a DELETE that cannot take its rows in time is 503 database_unavailable; nothing ends, nothing is written, the retry works', async () => {
      const { op } = await memberOfTwo();
      const [mine, other] = [await browser(op), await browser(op)];
      const holder = new Client({ connectionString: process.env.DATABASE_URL });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT id FROM user_sessions WHERE id = $1 FOR UPDATE`, [other.sessionId]);
        const rid = `rid-${randomBytes(8).toString('hex')}`;
        const res = await as(mine, t.http().delete(`${OP}/me/sessions`), rid);
        expectProblem(res, 503, 'service-unavailable', { detail: 'database_unavailable' });
        await holder.query('ROLLBACK');
        expect(await eventsOf(rid)).toEqual([]);
        expect(await live(other)).toBe(true);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
      }
      await as(mine, t.http().delete(`${OP}/me/sessions`)).expect(204);
      expect(await live(other)).toBe(false);
    });
  });
});
