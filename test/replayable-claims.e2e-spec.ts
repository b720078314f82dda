import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Client } from 'pg';
import request from 'supertest';
import { CredentialIssuer, CredentialRevoker } from '../src/credentials';
import { EnrollmentClaimsRepository } from '../src/enrollment/enrollment-claims.repository';
import { RobotsRepository } from '../src/enrollment/robots.repository';
import {
  asOperator,
  CLAIM,
  claim,
  claimsCount,
  issueToken,
  makeFleetOwner,
  OP,
  preRegister,
  setWorkspaceStatus,
  uniqueSerial,
} from './enrollment-support';
import { eventually } from './support/eventually';
import { db, TRUST_LOOPBACK } from './support/operator';
import { OwnRedis } from './support/own-infra';
import { expectProblem } from './support/problem';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';

const newClaimId = () => randomBytes(16).toString('base64url');

/**
 * Replayable claims (API.md Part 3, "Fleets in the field"; ADR 0232): a claim whose answer was
 * lost is retried with its claim_id and answers the same agent and robot with fresh credentials,
 * while nothing of the earlier answer has been used.
 */
describe('replayable claims (claim_id)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000' } });
    base = await t.listen();
  });
  afterAll(() => t.close());

  /** An authenticated machine request with `credential` (key or token): its status. */
  const use = async (credential: string) =>
    (await request(base).get('/api/v1/messages').set('authorization', `Bearer ${credential}`)).status;
  const usableKeysOf = async (agentId: string) =>
    (await db(t).query(`SELECT count(*)::int AS n FROM api_credentials WHERE service_agent_id = $1 AND status = 'usable'`, [agentId]))[0].n;

  it('a retry with the same token, claim_id and serial answers the same agent and robot with fresh credentials, revokes the earlier ones and counts nothing', async () => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 1 });
    const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
    const first = await claim(t, body);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const replay = await claim(t, body);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.service_agent.id).toBe(first.body.service_agent.id);
    expect(replay.body.robot.id).toBe(first.body.robot.id);
    expect(replay.body.robot.status).toBe('active');
    expect(replay.body.workspace).toEqual(first.body.workspace);
    expect(replay.body.api_key.key).not.toBe(first.body.api_key.key);
    expect(replay.body.api_key.credential_id).not.toBe(first.body.api_key.credential_id);
    expect(replay.body.access_token.token).not.toBe(first.body.access_token.token);
    expect(replay.body.api_key.scopes).toEqual(first.body.api_key.scopes);
    expect(await claimsCount(t, token.id)).toBe(1);

    expect(await use(replay.body.api_key.key)).toBe(200);
    expect(await use(replay.body.access_token.token)).toBe(200);
    const old = await request(base).get('/api/v1/messages').set('authorization', `Bearer ${first.body.api_key.key}`);
    expectProblem(old, 401, 'unauthorized', { detail: 'api_key_revoked' });
    expect(await use(first.body.access_token.token)).toBe(401);
    const [{ agents, robots }] = await db(t).query(
      `SELECT (SELECT count(*)::int FROM service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default) AS agents,
              (SELECT count(*)::int FROM robots WHERE workspace_id = $1) AS robots`,
      [op.reg.workspaceId],
    );
    expect({ agents, robots }).toEqual({ agents: 1, robots: 1 });
    const revoked = await db(t).query(`SELECT data FROM domain_events WHERE workspace_id = $1 AND type = 'api_key.revoked'`, [
      op.reg.workspaceId,
    ]);
    expect(revoked.map((r: { data: { credential_id: string } }) => r.data.credential_id)).toEqual([first.body.api_key.credential_id]);
  });

  it("a replay's answer is the earlier answer of the next replay: only the newest answer's credentials stay valid", async () => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 5 });
    const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await claim(t, body);
      expect(res.status).toBe(201);
      answers.push(res.body);
    }
    expect(new Set(answers.map((a) => a.service_agent.id)).size).toBe(1);
    expect(await usableKeysOf(answers[0].service_agent.id)).toBe(1);
    expect(await use(answers[0].api_key.key)).toBe(401);
    expect(await use(answers[1].api_key.key)).toBe(401);
    expect(await use(answers[2].api_key.key)).toBe(200);
    expect(await claimsCount(t, token.id)).toBe(1);
  });

  it.each([
    ['an authenticated request with the key', (a: { api_key: { key: string } }) => use(a.api_key.key)],
    ['an authenticated request with the access token', (a: { access_token: { token: string } }) => use(a.access_token.token)],
    [
      'a token exchange',
      async (a: { api_key: { key: string } }) =>
        (await request(base).post('/api/v1/agent_tokens').set('x-agent-api-key', a.api_key.key)).status,
    ],
  ])(
    'once the earlier answer was used (%s), a retry is 409 enrollment_claimed and the device keeps its credentials',
    async (_what, useIt) => {
      const op = await makeFleetOwner(t);
      const token = await issueToken(t, op, { max_claims: 1 });
      const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
      const first = await claim(t, body);
      expect(first.status).toBe(201);
      expect([200, 201]).toContain(await useIt(first.body));

      const replay = await claim(t, body);
      expectProblem(replay, 409, 'conflict', { detail: 'enrollment_claimed' });
      expect(await use(first.body.api_key.key)).toBe(200);
      expect(await usableKeysOf(first.body.service_agent.id)).toBe(1);
    },
  );

  it('the same claim_id with another serial is 409 claim_id_conflict, and creates nothing', async () => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 5 });
    const claimId = newClaimId();
    expect((await claim(t, { token: token.token, serial_number: uniqueSerial(), claim_id: claimId })).status).toBe(201);
    const other = await claim(t, { token: token.token, serial_number: uniqueSerial(), claim_id: claimId });
    expectProblem(other, 409, 'conflict', { detail: 'claim_id_conflict' });
    expect(await claimsCount(t, token.id)).toBe(1);
    // the same claim_id on another token names another claim
    const another = await issueToken(t, op, { max_claims: 5 });
    expect((await claim(t, { token: another.token, serial_number: uniqueSerial(), claim_id: claimId })).status).toBe(201);
  });

  it('every other rule of the claim still applies to a replay: revoked token 409, refused workspace 403, retired robot 410, past 24 hours 409', async () => {
    const op = await makeFleetOwner(t);
    const claimed = async () => {
      const token = await issueToken(t, op, { max_claims: 5 });
      const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
      const res = await claim(t, body);
      expect(res.status).toBe(201);
      return { token, body, answer: res.body };
    };

    const answers: Record<string, [number, unknown]> = {};
    const record = (name: string, res: { status: number; body: { detail?: unknown } }) => (answers[name] = [res.status, res.body.detail]);

    const revokedToken = await claimed();
    expect((await asOperator(t, op).post(`${OP}/enrollment_tokens/${revokedToken.token.id}/revoke`)).status).toBeLessThan(300);
    record('revoked token', await claim(t, revokedToken.body));

    const retired = await claimed();
    expect((await asOperator(t, op).post(`${OP}/robots/${retired.answer.robot.id}/retire`)).status).toBeLessThan(300);
    record('retired robot', await claim(t, retired.body));

    const old = await claimed();
    // an hour past the window (the test app's clock is its own, not Postgres's now())
    await db(t).query(`UPDATE enrollment_claims SET claimed_at = now() - interval '25 hours' WHERE credential_id = $1`, [
      old.answer.api_key.credential_id,
    ]);
    record('past 24 hours', await claim(t, old.body));

    const frozen = await claimed();
    await setWorkspaceStatus(t, op.reg.workspaceId, 'frozen');
    try {
      record('frozen workspace', await claim(t, frozen.body));
    } finally {
      await setWorkspaceStatus(t, op.reg.workspaceId, 'active');
    }
    expect(answers).toEqual({
      'revoked token': [409, 'enrollment_revoked'],
      'retired robot': [410, 'robot_decommissioned'],
      'past 24 hours': [409, 'enrollment_claimed'],
      'frozen workspace': [403, expect.anything()],
    });
    // a key past its replay window is used without a write, and still works
    expect(await use(old.answer.api_key.key)).toBe(200);
    for (const c of [revokedToken, retired, old, frozen]) expect(await claimsCount(t, c.token.id)).toBe(1);
  });

  it('a replay of a pre-registered robot answers that robot, still bound to the agent', async () => {
    const op = await makeFleetOwner(t);
    const serial = uniqueSerial();
    const robot = await preRegister(t, op, serial, 'Arm 7');
    const token = await issueToken(t, op, { max_claims: 5 });
    const body = { token: token.token, serial_number: serial, claim_id: newClaimId() };
    const first = await claim(t, body);
    const replay = await claim(t, body);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.body.robot).toEqual(
      expect.objectContaining({ id: robot.id, name: 'Arm 7', status: 'active', service_agent_id: first.body.service_agent.id }),
    );
  });

  it('after an operator resets the robot, a device still retrying with its claim_id claims it afresh', async () => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 5 });
    const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
    const first = await claim(t, body);
    expect(first.status).toBe(201);
    expect((await asOperator(t, op).post(`${OP}/robots/${first.body.robot.id}/reset`)).status).toBe(200);
    const again = await claim(t, body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.robot.id).toBe(first.body.robot.id);
    expect(again.body.service_agent.id).not.toBe(first.body.service_agent.id);
    expect(await claimsCount(t, token.id)).toBe(2);
    // and that new claim is replayable in its turn
    const replay = await claim(t, body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.service_agent.id).toBe(again.body.service_agent.id);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'a'.repeat(129)],
    ['a character outside [A-Za-z0-9._~-]', 'abcdefgh/ij'],
    ['not a string', 12345678],
  ])('a claim_id %s is 422 and claims nothing', async (_what, claimId) => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 1 });
    const res = await claim(t, { token: token.token, serial_number: uniqueSerial(), claim_id: claimId });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('claim_id');
    expect(await claimsCount(t, token.id)).toBe(0);
  });

  it('concurrent claims with one claim_id create exactly one agent and robot, and leave one usable key (20 rounds)', async () => {
    let timedOut = 0;
    for (let round = 0; round < 20; round++) {
      const op = await makeFleetOwner(t, 'enterprise');
      const token = await issueToken(t, op, { max_claims: round % 2 === 0 ? 1 : 10 });
      const body = { token: token.token, serial_number: uniqueSerial(`R${round}`), claim_id: newClaimId() };
      const responses = await Promise.all(Array.from({ length: 8 }, () => claim(t, body, base)));
      // Replays of one claim go one at a time (its record's lock): on a loaded host the last may
      // wait past DB_STATEMENT_TIMEOUT_MS and answer 503 database_unavailable, having done nothing.
      const answered = responses.filter((r) => r.status === 201);
      for (const r of responses.filter((r) => r.status !== 201))
        expectProblem(r, 503, 'service-unavailable', { detail: 'database_unavailable' });
      expect({ round, answered: answered.length >= 1 }).toEqual({ round, answered: true });
      expect({ round, replayed: answered.filter((r) => r.headers['idempotent-replayed'] === 'true').length }).toEqual({
        round,
        replayed: answered.length - 1,
      });
      timedOut += responses.length - answered.length;
      const [row] = await db(t).query(
        `SELECT (SELECT count(*)::int FROM service_agents WHERE workspace_id = $1 AND NOT hidden AND NOT is_default) AS agents,
                (SELECT count(*)::int FROM robots WHERE workspace_id = $1) AS robots,
                (SELECT count(*)::int FROM enrollment_claims WHERE workspace_id = $1) AS claims`,
        [op.reg.workspaceId],
      );
      expect({ round, ...row }).toEqual({ round, agents: 1, robots: 1, claims: 1 });
      expect({ round, agentIds: new Set(answered.map((r) => r.body.service_agent.id)).size }).toEqual({ round, agentIds: 1 });
      expect({ round, usable: await usableKeysOf(answered[0].body.service_agent.id) }).toEqual({ round, usable: 1 });
      const working = (await Promise.all(answered.map((r) => use(r.body.api_key.key)))).filter((s) => s === 200);
      expect({ round, working: working.length }).toEqual({ round, working: 1 });
      expect({ round, counted: await claimsCount(t, token.id) }).toEqual({ round, counted: 1 });
    }
    process.stdout.write(`[replayable-claims] 8-way claims with one claim_id, 20 rounds: ${timedOut} of 160 answered 503 (lock wait)\n`);
  }, 120_000);

  it('a first use racing a replay: either the use is served and the replay refused, or the replay answers and the use is refused, never both (20 rounds)', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 20; round++) {
      const op = await makeFleetOwner(t);
      const token = await issueToken(t, op, { max_claims: 1 });
      const body = { token: token.token, serial_number: uniqueSerial(`U${round}`), claim_id: newClaimId() };
      const first = await claim(t, body, base);
      expect(first.status).toBe(201);
      const [used, replay] = await Promise.all([use(first.body.api_key.key), claim(t, body, base)]);
      const outcome = `use ${used}, replay ${replay.status}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      expect({ round, outcome }).toEqual({ round, outcome: expect.stringMatching(/^(use 200, replay 409|use 401, replay 201)$/) });
      expect({ round, usable: await usableKeysOf(first.body.service_agent.id) }).toEqual({ round, usable: 1 });
    }
    process.stdout.write(`[replayable-claims] first use vs replay, 20 rounds: ${JSON.stringify(outcomes)}\n`);
  }, 60_000);

  it('an answer lost after the COMMIT (the connection cut before the client reads it) is recovered by a replay', async () => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 1 });
    const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
    // a proxy that forwards the request and cuts the client off as soon as the answer starts to come back
    const target = new URL(base);
    let answered = 0;
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      client.pipe(upstream);
      upstream.once('data', () => {
        answered++;
        client.destroy();
        upstream.destroy();
      });
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const lost = await request(`http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`)
        .post(CLAIM)
        .send(body)
        .then(
          () => 'answered',
          (err: Error) => err.message,
        );
      expect(lost).not.toBe('answered');
      expect(answered).toBe(1);
    } finally {
      proxy.close();
    }
    // the claim committed; without claim_id the device would now be refused for good
    expect(await claimsCount(t, token.id)).toBe(1);
    const retry = await claim(t, body, base);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const [{ agent_id }] = await db(t).query(`SELECT service_agent_id AS agent_id FROM enrollment_claims WHERE enrollment_token_id = $1`, [
      token.id,
    ]);
    expect(retry.body.service_agent.id).toBe(agent_id);
    expect(await use(retry.body.api_key.key)).toBe(200);
    // and without claim_id, the same lost answer leaves the retry refused (what the device saw before)
    const plain = await claim(t, { token: token.token, serial_number: body.serial_number });
    expectProblem(plain, 409, 'conflict', { detail: 'enrollment_claimed' });
  });

  it('Postgres not answering in time during a replay: 503, and nothing of it is done (the earlier answer stays replayable)', async () => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 1 });
    const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
    const first = await claim(t, body);
    expect(first.status).toBe(201);
    // another session holds the claim record's row: the replay's lock waits past DB_STATEMENT_TIMEOUT_MS (2 s)
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM enrollment_claims WHERE credential_id = $1 FOR UPDATE`, [first.body.api_key.credential_id]);
      const refused = await claim(t, body);
      expectProblem(refused, 503, 'service-unavailable', { detail: 'database_unavailable' });
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const [state] = await db(t).query(
      `SELECT (SELECT status FROM api_credentials WHERE id = $1) AS status,
              (SELECT count(*)::int FROM api_credentials WHERE service_agent_id = $2) AS keys,
              (SELECT credential_id FROM enrollment_claims WHERE enrollment_token_id = $3) AS answer`,
      [first.body.api_key.credential_id, first.body.service_agent.id, token.id],
    );
    expect(state).toEqual({ status: 'usable', keys: 1, answer: first.body.api_key.credential_id });
    const replay = await claim(t, body);
    expect(replay.status).toBe(201);
    expect(replay.body.service_agent.id).toBe(first.body.service_agent.id);
  });
});

/** Redis out of reach during a replay: the replay is Postgres's; the revocation still reaches every node through the outbox. */
describe('replayable claims with Redis down', () => {
  const redis = new OwnRedis();
  let t: TestApp;

  beforeAll(async () => {
    await redis.start();
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000', REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await redis.start();
    await t?.close();
    await redis.kill();
  });

  it('a replay with Redis killed either answers in full or changes nothing; once answered, the earlier key is refused', async () => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 1 });
    const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
    const first = await claim(t, body);
    expect(first.status).toBe(201);

    await redis.kill();
    const replay = await claim(t, body);
    const [state] = await db(t).query(
      `SELECT (SELECT status FROM api_credentials WHERE id = $1) AS earlier,
              (SELECT count(*)::int FROM api_credentials WHERE service_agent_id = $2) AS keys,
              (SELECT credential_id FROM enrollment_claims WHERE enrollment_token_id = $3) AS answer`,
      [first.body.api_key.credential_id, first.body.service_agent.id, token.id],
    );
    if (replay.status === 201) {
      expect(replay.body.service_agent.id).toBe(first.body.service_agent.id);
      expect(state).toEqual({ earlier: 'revoked', keys: 2, answer: replay.body.api_key.credential_id });
      const old = await t.http().get('/api/v1/messages').set('authorization', `Bearer ${first.body.api_key.key}`);
      expect(old.status).toBe(401);
    } else {
      expectProblem(replay, 503, 'service-unavailable', { detail: 'redis_unavailable' });
      expect(state).toEqual({ earlier: 'usable', keys: 1, answer: first.body.api_key.credential_id });
    }
    process.stdout.write(`[replayable-claims] replay with Redis killed: ${replay.status}\n`);
  });
});

/**
 * PostgreSQL lost at each step of a replay: 503 database_unavailable, and nothing of it stays
 * (the earlier answer's key usable and still the claim's, no new key, no event); once PostgreSQL
 * is back the retry replays.
 */
describe('a replay while PostgreSQL goes away', () => {
  const databaseUrl = new URL(process.env.DATABASE_URL!);
  const proxy = new TcpProxy(databaseUrl.hostname, Number(databaseUrl.port));
  let t: TestApp;
  let direct: Client;

  beforeAll(async () => {
    await proxy.start();
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, DATABASE_URL: proxy.urlFor(databaseUrl), API_RATE_LIMIT: '1000000' } });
    direct = new Client({ connectionString: process.env.DATABASE_URL });
    await direct.connect();
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await proxy.start();
    await t?.close();
    await direct?.end();
    await proxy.cut();
  });

  const steps: [string, (t: TestApp) => jest.SpyInstance][] = [
    ['locking the claim and its key', (t) => proxy.cutAt(t.app.get(EnrollmentClaimsRepository, { strict: false }), 'lockForReplay')],
    ['locking the robot', (t) => proxy.cutAt(t.app.get(RobotsRepository, { strict: false }), 'lockById')],
    ['revoking the earlier key', (t) => proxy.cutAt(t.app.get(CredentialRevoker), 'revokeMany')],
    ['issuing the new key', (t) => proxy.cutAt(t.app.get(CredentialIssuer), 'issueApiKey')],
    ['issuing its access token', (t) => proxy.cutAt(t.app.get(CredentialIssuer), 'issueAccessToken')],
    ['making it the claim’s answer', (t) => proxy.cutAt(t.app.get(EnrollmentClaimsRepository, { strict: false }), 'setAnswer')],
    ['the COMMIT', (t) => proxy.cutAt(t.app.get(EnrollmentClaimsRepository, { strict: false }), 'setAnswer', 'after')],
  ];

  it.each(steps)('lost at %s: 503, nothing of the replay done, and the retry replays', async (_step, inject) => {
    const op = await makeFleetOwner(t);
    const token = await issueToken(t, op, { max_claims: 1 });
    const body = { token: token.token, serial_number: uniqueSerial(), claim_id: newClaimId() };
    const first = await claim(t, body);
    expect(first.status).toBe(201);

    const spy = inject(t);
    const refused = await claim(t, body);
    expect(spy).toHaveBeenCalled();
    expectProblem(refused, 503, 'service-unavailable', { detail: 'database_unavailable' });
    await proxy.start();

    const { rows } = await direct.query(
      `SELECT (SELECT status FROM api_credentials WHERE id = $1) AS earlier,
              (SELECT count(*)::int FROM api_credentials WHERE service_agent_id = $2) AS keys,
              (SELECT credential_id FROM enrollment_claims WHERE enrollment_token_id = $3) AS answer,
              (SELECT count(*)::int FROM domain_events WHERE workspace_id = $4 AND type = 'api_key.revoked') AS revoked_events`,
      [first.body.api_key.credential_id, first.body.service_agent.id, token.id, op.reg.workspaceId],
    );
    expect(rows[0]).toEqual({ earlier: 'usable', keys: 1, answer: first.body.api_key.credential_id, revoked_events: 0 });

    const retried = await eventually(async () => await claim(t, body).expect(201), {
      timeoutMs: 10_000,
      intervalMs: 200,
      what: 'the retry to replay once PostgreSQL is back',
    });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body.service_agent.id).toBe(first.body.service_agent.id);
  });
});
