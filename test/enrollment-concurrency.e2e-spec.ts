import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { WorkspacesService } from '../src/identity/workspaces.service';
import {
  asOperator,
  claim,
  issueToken,
  makeFleetOwner,
  OP,
  preRegister,
  setWorkspaceStatus,
  snapshot,
  statusCounts,
  uniqueSerial,
} from './enrollment-support';
import { eventually } from './support/eventually';
import { db, TRUST_LOOPBACK } from './support/operator';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import type { Operator } from './support/console';

/**
 * Claims racing each other over real HTTP connections (the app listens on a port, so requests
 * really run in parallel and contend for the token and workspace row locks in Postgres). The
 * machine rate limit is lifted: thousands of claims come from one address here.
 */
describe('enrollment claims: atomicity, concurrency and quotas', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000' } });
    base = await t.listen();
  });
  afterAll(() => t.close());

  /** The claims counted on these tokens, together. */
  const countedOn = async (tokens: { id: string }[]): Promise<number> =>
    (
      await db(t).query(`SELECT sum(claims_count)::int AS n FROM enrollment_token_slots WHERE token_id = ANY($1)`, [
        tokens.map((x) => x.id),
      ])
    )[0].n;

  /** `n` visible agents straight in the database, toward the workspace's agent quota. */
  const fillAgents = (workspaceId: string, n: number) =>
    db(t).query(
      `INSERT INTO service_agents (workspace_id, name, slug, scopes) SELECT $1, 'Filler ' || g, 'filler-' || g, '{}' FROM generate_series(1, $2) g`,
      [workspaceId, n],
    );

  describe('concurrency', () => {
    it('50 concurrent claims on a token with max_claims 10: exactly 10 succeed, 40 are 409', async () => {
      const op = await makeFleetOwner(t, 'team');
      const token = await issueToken(t, op, { max_claims: 10 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => claim(t, { token: token.token, serial_number: uniqueSerial(`C${i}`) }, base)),
      );

      expect(statusCounts(responses)).toEqual({ 201: 10, 409: 40 });
      for (const res of responses.filter((r) => r.status === 409)) {
        expectProblem(res, 409, 'conflict', { detail: 'enrollment_exhausted' });
      }
      const winners = responses.filter((r) => r.status === 201).map((r) => r.body);
      expect(new Set(winners.map((b) => b.service_agent.id)).size).toBe(10);
      expect(await snapshot(t, op.reg.workspaceId, token.id)).toEqual({
        claims_count: 10,
        agents: 10,
        robots: 10,
        active_robots: 10,
        claims: 10,
        credentials: 10 + 1, // the claims' keys and the workspace primary key
        access_tokens: 10 + 1,
      });
    });

    it('a 200-way race on a token with max_claims 100 grants exactly 100, every time (20 rounds)', async () => {
      for (let round = 0; round < 20; round++) {
        const op = await makeFleetOwner(t, 'enterprise');
        const token = await issueToken(t, op, { max_claims: 100 });
        const responses = await Promise.all(
          Array.from({ length: 200 }, (_, i) => claim(t, { token: token.token, serial_number: uniqueSerial(`R${round}-${i}`) }, base)),
        );

        expect({ round, statuses: statusCounts(responses) }).toEqual({ round, statuses: { 201: 100, 409: 100 } });
        for (const res of responses.filter((r) => r.status === 409)) {
          expectProblem(res, 409, 'conflict', { detail: 'enrollment_exhausted' });
        }
        const [{ token_claims, token_agents }] = await db(t).query(
          `SELECT count(*)::int AS token_claims, count(DISTINCT service_agent_id)::int AS token_agents
             FROM enrollment_claims WHERE enrollment_token_id = $1`,
          [token.id],
        );
        expect({ round, token_claims, token_agents }).toEqual({ round, token_claims: 100, token_agents: 100 });
        expect({ round, ...(await snapshot(t, op.reg.workspaceId, token.id)) }).toEqual({
          round,
          claims_count: 100,
          agents: 100,
          robots: 100,
          active_robots: 100,
          claims: 100,
          credentials: 100 + 1,
          access_tokens: 100 + 1,
        });
        const [{ events }] = await db(t).query(
          `SELECT count(*)::int AS events FROM domain_events WHERE workspace_id = $1 AND type = 'robot.claimed'`,
          [op.reg.workspaceId],
        );
        expect({ round, events }).toEqual({ round, events: 100 });
      }
    }, 120_000);

    it('concurrent claims of one serial on a single-use token: one 201, the others 409 (the token is checked before the serial)', async () => {
      const op = await makeFleetOwner(t, 'team');
      const token = await issueToken(t, op, { max_claims: 1 });
      const sn = uniqueSerial();
      const responses = await Promise.all(Array.from({ length: 10 }, () => claim(t, { token: token.token, serial_number: sn }, base)));

      expect(statusCounts(responses)).toEqual({ 201: 1, 409: 9 });
      for (const res of responses.filter((r) => r.status === 409)) {
        expectProblem(res, 409, 'conflict', { detail: 'enrollment_claimed' });
      }
      expect(await snapshot(t, op.reg.workspaceId, token.id)).toMatchObject({ claims_count: 1, agents: 1, robots: 1, claims: 1 });
    });

    it('claims racing a revoke: every claim counted committed before the revoke, none after', async () => {
      for (let round = 0; round < 3; round++) {
        const op = await makeFleetOwner(t, 'enterprise');
        const token = await issueToken(t, op, { max_claims: 1000 });
        const claims = Array.from({ length: 100 }, (_, i) =>
          claim(t, { token: token.token, serial_number: uniqueSerial(`V${round}-${i}`) }, base).then((r) => r),
        );
        // revoke once the first claim has answered, while the others are in flight
        const first = await Promise.race(claims);
        expect(first.status).toBe(201);
        const revoked = await asOperator(t, op).post(`${OP}/enrollment_tokens/${token.id}/revoke`).expect(200);
        const responses = await Promise.all(claims);

        // The revoke's UPDATE of the token's slots waited for the claims counting in them, so the
        // count it returned holds every claim committed before it; a claim counted after it would
        // raise the count.
        const countedAtRevoke: number = revoked.body.enrollment_token.claims_count;
        const statuses = statusCounts(responses);
        expect({ round, statuses }).toEqual({
          round,
          statuses: { 201: countedAtRevoke, ...(countedAtRevoke < 100 ? { 409: 100 - countedAtRevoke } : {}) },
        });
        for (const res of responses.filter((r) => r.status === 409)) {
          expectProblem(res, 409, 'conflict', { detail: 'enrollment_revoked' });
        }
        expect(await snapshot(t, op.reg.workspaceId, token.id)).toMatchObject({
          claims_count: countedAtRevoke,
          agents: countedAtRevoke,
          robots: countedAtRevoke,
          claims: countedAtRevoke,
        });
        // and after it, nothing passes
        expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial() }, base), 409, 'conflict', {
          detail: 'enrollment_revoked',
        });
      }
    });

    it('claims racing a freeze of the workspace: every answer is 201 or 403, and nothing is created after the freeze', async () => {
      const op = await makeFleetOwner(t, 'enterprise');
      const token = await issueToken(t, op, { max_claims: 1000 });
      const claims = Array.from({ length: 60 }, (_, i) =>
        claim(t, { token: token.token, serial_number: uniqueSerial(`F${i}`) }, base).then((r) => r),
      );
      await Promise.race(claims);
      await setWorkspaceStatus(t, op.reg.workspaceId, 'frozen');
      const atFreeze = await snapshot(t, op.reg.workspaceId, token.id);
      const responses = await Promise.all(claims);

      const granted = responses.filter((r) => r.status === 201).length;
      expect(granted + responses.filter((r) => r.status === 403).length).toBe(60);
      for (const res of responses.filter((r) => r.status === 403)) expectProblem(res, 403, 'forbidden', { error: 'workspace_frozen' });
      // claims that held the workspace row committed before the freeze; none after it
      expect(await snapshot(t, op.reg.workspaceId, token.id)).toEqual(atFreeze);
      expect(atFreeze).toMatchObject({ claims_count: granted, agents: granted, claims: granted });
    });

    it('concurrent claims of one serial on a fleet token bind it once', async () => {
      const op = await makeFleetOwner(t, 'team');
      const token = await issueToken(t, op, { max_claims: 20 });
      const sn = uniqueSerial();
      const responses = await Promise.all(Array.from({ length: 10 }, () => claim(t, { token: token.token, serial_number: sn }, base)));

      expect(statusCounts(responses)).toEqual({ 201: 1, 400: 9 });
      for (const res of responses.filter((r) => r.status === 400)) {
        expectProblem(res, 400, 'bad-request', { detail: 'serial_already_claimed' });
      }
      expect(await snapshot(t, op.reg.workspaceId, token.id)).toMatchObject({ claims_count: 1, agents: 1, robots: 1, claims: 1 });
    });

    it('concurrent claims of a pre-registered serial through two tokens bind the robot once', async () => {
      const op = await makeFleetOwner(t, 'team');
      const sn = uniqueSerial();
      const robot = await preRegister(t, op, sn);
      const tokens = [await issueToken(t, op, { max_claims: 5 }), await issueToken(t, op, { max_claims: 5 })];
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claim(t, { token: tokens[i % 2].token, serial_number: sn }, base)),
      );

      expect(statusCounts(responses)).toEqual({ 201: 1, 400: 9 });
      const winner = responses.find((r) => r.status === 201)!.body;
      expect(winner.robot).toMatchObject({ id: robot.id, status: 'active', service_agent_id: winner.service_agent.id });
      const counts = await db(t).query(
        `SELECT sum(claims_count)::int AS claims_count FROM enrollment_token_slots WHERE token_id = ANY($1) GROUP BY token_id ORDER BY 1`,
        [tokens.map((x) => x.id)],
      );
      expect(counts.map((c: { claims_count: number }) => c.claims_count)).toEqual([0, 1]);
      expect(await snapshot(t, op.reg.workspaceId)).toMatchObject({ agents: 1, robots: 1, active_robots: 1, claims: 1 });
    });

    /**
     * Runs `write` on a connection of its own inside a transaction, sends a claim once it holds its
     * locks, waits until the claim is blocked on them, then ends the transaction (`end`); the claim's answer.
     */
    const claimBehind = async (write: (pg: Client) => Promise<unknown>, end: 'COMMIT' | 'ROLLBACK', body: object) => {
      const pg = new Client({ connectionString: process.env.DATABASE_URL });
      await pg.connect();
      try {
        await pg.query('BEGIN');
        await write(pg);
        const pending = claim(t, body, base).then((r) => r); // sent now
        await eventually(async () => {
          const [{ n }] = await db(t).query(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`,
          );
          expect(n).toBeGreaterThan(0);
        });
        await pg.query(end);
        return await pending;
      } finally {
        await pg.end();
      }
    };

    it('a pending robot changed after the claim read it is bound as it is now (the claim reads it again)', async () => {
      const op = await makeFleetOwner(t, 'team');
      const sn = uniqueSerial();
      const robot = await preRegister(t, op, sn, 'Before');
      const token = await issueToken(t, op, { max_claims: 5, default_tags: ['fleet'] });
      // The change holds the robot's row while the claim, having read the robot, waits to bind it.
      const res = await claimBehind(
        (pg) => pg.query(`UPDATE robots SET name = 'After', tags = tags || '{added}', updated_at = now() WHERE id = $1`, [robot.id]),
        'COMMIT',
        { token: token.token, serial_number: sn },
      );
      expect(res.status).toBe(201);
      expect(res.body.robot).toMatchObject({ id: robot.id, name: 'After', tags: ['added', 'fleet'], status: 'active' });
      expect(res.body.service_agent.name).toBe('After');
      const [stored] = await db(t).query(`SELECT name, tags, status FROM robots WHERE id = $1`, [robot.id]);
      expect(stored).toEqual({ name: 'After', tags: ['added', 'fleet'], status: 'active' });
      expect(await snapshot(t, op.reg.workspaceId, token.id)).toMatchObject({ claims_count: 1, agents: 1, robots: 1, claims: 1 });
    });

    it('a serial pre-registered while the claim inserts its robot: the claim binds the pre-registered robot; rolled back, the claim creates it', async () => {
      for (const end of ['COMMIT', 'ROLLBACK'] as const) {
        const op = await makeFleetOwner(t, 'team');
        const sn = uniqueSerial();
        const token = await issueToken(t, op, { max_claims: 5 });
        const preRegistered = randomUUID();
        // The pre-registration's insert holds the serial while the claim, having read nothing, inserts the same serial.
        const res = await claimBehind(
          (pg) =>
            pg.query(`INSERT INTO robots (id, workspace_id, serial_number, name) VALUES ($1, $2, $3, 'Pre')`, [
              preRegistered,
              op.reg.workspaceId,
              sn,
            ]),
          end,
          { token: token.token, serial_number: sn },
        );
        expect({ end, status: res.status }).toEqual({ end, status: 201 });
        if (end === 'COMMIT') {
          expect(res.body.robot).toMatchObject({ id: preRegistered, name: 'Pre', status: 'active' });
          expect(res.body.service_agent.name).toBe('Pre');
        } else {
          expect(res.body.robot).toMatchObject({ serial_number: sn, name: null, status: 'active' });
          expect(res.body.robot.id).not.toBe(preRegistered);
        }
        expect(await snapshot(t, op.reg.workspaceId, token.id)).toMatchObject({
          claims_count: 1,
          agents: 1,
          robots: 1,
          active_robots: 1,
          claims: 1,
        });
      }
    });

    it('an agent slug taken while the claim inserts its agent: the claim takes another slug', async () => {
      const op = await makeFleetOwner(t, 'team');
      const sn = uniqueSerial();
      const token = await issueToken(t, op, { max_claims: 5 });
      const slug = sn.toLowerCase();
      const res = await claimBehind(
        (pg) =>
          pg.query(`INSERT INTO service_agents (workspace_id, name, slug, scopes) VALUES ($1, 'Operator-made', $2, '{}')`, [
            op.reg.workspaceId,
            slug,
          ]),
        'COMMIT',
        { token: token.token, serial_number: sn },
      );
      expect(res.status).toBe(201);
      expect(res.body.service_agent.name).toBe(sn);
      expect(res.body.service_agent.slug).toMatch(new RegExp(`^${slug}-[0-9a-f]{4}$`));
      expect(await snapshot(t, op.reg.workspaceId, token.id)).toMatchObject({ claims_count: 1, robots: 1, claims: 1 });
    });

    it('the database itself refuses a second claim of a serial, a slot counting over its capacity and a double-bound agent', async () => {
      const op = await makeFleetOwner(t, 'team');
      const token = await issueToken(t, op, { max_claims: 2 });
      const sn = uniqueSerial();
      const ok = (await claim(t, { token: token.token, serial_number: sn }).expect(201)).body;
      const other = await preRegister(t, op, uniqueSerial());
      // a plain client: these statements are meant to fail, and the app's query logger need not say so
      const pg = new Client({ connectionString: process.env.DATABASE_URL });
      await pg.connect();
      try {
        await expect(
          pg.query(
            `INSERT INTO enrollment_claims (workspace_id, enrollment_token_id, service_agent_id, serial_number, claimed_at)
             VALUES ($1, $2, $3, $4, now())`,
            [op.reg.workspaceId, token.id, op.reg.defaultAgentId, sn],
          ),
        ).rejects.toThrow(/enrollment_claims_serial_key/);
        // max_claims 2: two slots of one claim each, the first claim counted in one of them
        await expect(pg.query(`UPDATE enrollment_token_slots SET claims_count = 2 WHERE token_id = $1`, [token.id])).rejects.toThrow(
          /enrollment_token_slots_claims_count_range/,
        );
        await expect(
          pg.query(`UPDATE robots SET service_agent_id = $2, status = 'active' WHERE id = $1`, [other.id, ok.service_agent.id]),
        ).rejects.toThrow(/robots_service_agent_key/);
      } finally {
        await pg.end();
      }
    });
  });

  describe('plan quotas (free: 10 agents, 25 robots)', () => {
    let free: Operator;
    beforeEach(async () => {
      free = await makeFleetOwner(t, 'free');
    });

    it('the 11th claimed agent is 429 and nothing is created', async () => {
      const token = await issueToken(t, free, { max_claims: 20 });
      for (let i = 0; i < 10; i++) await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);
      const before = await snapshot(t, free.reg.workspaceId, token.id);
      expect(before).toMatchObject({ claims_count: 10, agents: 10 });

      const res = await claim(t, { token: token.token, serial_number: uniqueSerial() });
      expectProblem(res, 429, 'quota-exceeded', { detail: 'agent_quota_reached', extra: { quota: 'service_agents', limit: 10 } });
      expect(await snapshot(t, free.reg.workspaceId, token.id)).toEqual(before);

      // the team plan lifts it
      await t.app.get(WorkspacesService).update(free.reg.workspaceId, { plan: 'team' });
      await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);
    });

    it('the 26th robot is 429, whether pre-registered or claimed; binding a pending robot still works', async () => {
      const serials: string[] = [];
      for (let i = 0; i < 25; i++) {
        serials.push(uniqueSerial(`Q${i}`));
        await preRegister(t, free, serials[i]);
      }
      expectProblem(await asOperator(t, free).post(`${OP}/robots`, { serial_number: uniqueSerial() }), 429, 'quota-exceeded', {
        detail: 'robot_quota_reached',
      });

      const token = await issueToken(t, free, { max_claims: 5 });
      const before = await snapshot(t, free.reg.workspaceId, token.id);
      expect(before).toMatchObject({ robots: 25, agents: 0, claims_count: 0 });
      expectProblem(await claim(t, { token: token.token, serial_number: uniqueSerial() }), 429, 'quota-exceeded', {
        detail: 'robot_quota_reached',
        extra: { quota: 'robots', limit: 25 },
      });
      expect(await snapshot(t, free.reg.workspaceId, token.id)).toEqual(before);

      // binding a pre-registered robot adds no robot
      const bound = await claim(t, { token: token.token, serial_number: serials[3] }).expect(201);
      expect(bound.body.robot.serial_number).toBe(serials[3]);
      // a retired robot frees its slot
      const [{ id: retiredId }] = await db(t).query(`SELECT id FROM robots WHERE workspace_id = $1 AND serial_number = $2`, [
        free.reg.workspaceId,
        serials[0],
      ]);
      await asOperator(t, free).post(`${OP}/robots/${retiredId}/retire`).expect(200);
      await claim(t, { token: token.token, serial_number: uniqueSerial() }).expect(201);
      expect(await snapshot(t, free.reg.workspaceId, token.id)).toMatchObject({ robots: 26, claims_count: 2 });
    });

    it('claims and operator agent creations racing for the last agent slots get exactly the room', async () => {
      const team = await makeFleetOwner(t, 'team'); // 100 agents
      await fillAgents(team.reg.workspaceId, 85);
      // several tokens: claims of one token also queue on its row, claims of several only on the workspace's
      const tokens = await Promise.all(Array.from({ length: 5 }, () => issueToken(t, team, { max_claims: 100 })));
      const racers = [
        ...Array.from({ length: 30 }, (_, i) => claim(t, { token: tokens[i % 5].token, serial_number: uniqueSerial(`A${i}`) }, base)),
        ...Array.from({ length: 10 }, (_, i) => asOperator(t, team).post(`${OP}/service_agents`, { name: `Racer ${i}` })),
      ];
      const responses = await Promise.all(racers);

      expect(statusCounts(responses)).toEqual({ 201: 15, 429: 25 });
      for (const res of responses.filter((r) => r.status === 429)) {
        expectProblem(res, 429, 'quota-exceeded', { detail: 'agent_quota_reached', extra: { quota: 'service_agents', limit: 100 } });
      }
      const claimed = responses.slice(0, 30).filter((r) => r.status === 201).length;
      expect(await snapshot(t, team.reg.workspaceId)).toMatchObject({ agents: 100, claims: claimed, robots: claimed });
      expect(await countedOn(tokens)).toBe(claimed);
    });

    it('claims and pre-registrations racing for the last robot slots get exactly the room', async () => {
      const team = await makeFleetOwner(t, 'team'); // 1,000 robots
      await db(t).query(`INSERT INTO robots (workspace_id, serial_number) SELECT $1, 'FILL-' || g FROM generate_series(1, 990) g`, [
        team.reg.workspaceId,
      ]);
      const tokens = await Promise.all(Array.from({ length: 5 }, () => issueToken(t, team, { max_claims: 100 })));
      const racers = [
        ...Array.from({ length: 20 }, (_, i) => claim(t, { token: tokens[i % 5].token, serial_number: uniqueSerial(`B${i}`) }, base)),
        ...Array.from({ length: 10 }, (_, i) => asOperator(t, team).post(`${OP}/robots`, { serial_number: uniqueSerial(`P${i}`) })),
      ];
      const responses = await Promise.all(racers);

      expect(statusCounts(responses)).toEqual({ 201: 10, 429: 20 });
      for (const res of responses.filter((r) => r.status === 429)) {
        expectProblem(res, 429, 'quota-exceeded', { detail: 'robot_quota_reached', extra: { quota: 'robots', limit: 1000 } });
      }
      const claimed = responses.slice(0, 20).filter((r) => r.status === 201).length;
      expect(await snapshot(t, team.reg.workspaceId)).toMatchObject({ robots: 1000, agents: claimed, claims: claimed });
      expect(await countedOn(tokens)).toBe(claimed);
    });

    it('a claim waiting on the workspace row while its plan changes answers by the new plan, not a 500', async () => {
      for (const [from, to] of [
        ['enterprise', 'free'],
        ['free', 'enterprise'],
      ] as const) {
        const op = await makeFleetOwner(t, from);
        const token = await issueToken(t, op, { max_claims: 10 });
        const pg = new Client({ connectionString: process.env.DATABASE_URL });
        await pg.connect();
        try {
          // The plan change holds the workspace row while the claim reaches its counted end and waits for it.
          await pg.query('BEGIN');
          await pg.query(`UPDATE workspaces SET plan = $2 WHERE id = $1`, [op.reg.workspaceId, to]);
          const pending = claim(t, { token: token.token, serial_number: uniqueSerial(`W-${to}`) }, base).then((r) => r); // sent now
          await eventually(async () => {
            const [{ n }] = await db(t).query(
              `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`,
            );
            expect(n).toBeGreaterThan(0);
          });
          await pg.query('COMMIT');
          const res = await pending;
          expect({ from, to, status: res.status }).toEqual({ from, to, status: 201 });
          expect(res.body.workspace.plan).toBe(to);
        } finally {
          await pg.end();
        }
        expect(await snapshot(t, op.reg.workspaceId)).toMatchObject({ claims: 1 });
      }
    });

    it('a creation waiting on the workspace row while it gains a quota is counted against it', async () => {
      const op = await makeFleetOwner(t, 'enterprise');
      await db(t).query(`INSERT INTO robots (workspace_id, serial_number) SELECT $1, 'FULL-' || g FROM generate_series(1, 25) g`, [
        op.reg.workspaceId,
      ]);
      const pg = new Client({ connectionString: process.env.DATABASE_URL });
      await pg.connect();
      try {
        await pg.query('BEGIN');
        await pg.query(`UPDATE workspaces SET plan = 'free' WHERE id = $1`, [op.reg.workspaceId]); // 25 robots
        const pending = asOperator(t, op)
          .post(`${OP}/robots`, { serial_number: uniqueSerial('LATE') })
          .then((r) => r); // sent now
        await eventually(async () => {
          const [{ n }] = await db(t).query(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`,
          );
          expect(n).toBeGreaterThan(0);
        });
        await pg.query('COMMIT');
        expectProblem(await pending, 429, 'quota-exceeded', { detail: 'robot_quota_reached', extra: { quota: 'robots', limit: 25 } });
      } finally {
        await pg.end();
      }
      expect(await snapshot(t, op.reg.workspaceId)).toMatchObject({ robots: 25 });
    });

    it('a plan that gains a quota while claims run: none commits past it afterwards', async () => {
      const op = await makeFleetOwner(t, 'enterprise');
      const tokens = await Promise.all(Array.from({ length: 5 }, () => issueToken(t, op, { max_claims: 100 })));
      const claims = Array.from({ length: 40 }, (_, i) =>
        claim(t, { token: tokens[i % 5].token, serial_number: uniqueSerial(`Q${i}`) }, base).then((r) => r),
      );
      await Promise.race(claims);
      await t.app.get(WorkspacesService).update(op.reg.workspaceId, { plan: 'free' }); // 10 agents
      const atChange = (await snapshot(t, op.reg.workspaceId)).agents;
      const responses = await Promise.all(claims);

      for (const res of responses.filter((r) => r.status !== 201)) {
        expectProblem(res, 429, 'quota-exceeded', { detail: 'agent_quota_reached', extra: { quota: 'service_agents', limit: 10 } });
      }
      const granted = responses.filter((r) => r.status === 201).length;
      // claims committed before the change may exceed the new quota; none after it does
      expect(granted).toBeLessThanOrEqual(Math.max(10, atChange));
      expect(await snapshot(t, op.reg.workspaceId)).toMatchObject({ agents: granted, claims: granted });
      expect(await countedOn(tokens)).toBe(granted);
    });

    it('racing claims never overshoot the robot quota', async () => {
      for (let i = 0; i < 23; i++) await preRegister(t, free, uniqueSerial(`R${i}`));
      const token = await issueToken(t, free, { max_claims: 10 });
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => claim(t, { token: token.token, serial_number: uniqueSerial() }, base)),
      );

      expect(statusCounts(responses)).toEqual({ 201: 2, 429: 6 });
      expect(await snapshot(t, free.reg.workspaceId, token.id)).toMatchObject({ robots: 25, claims_count: 2, agents: 2 });
    });
  });
});
