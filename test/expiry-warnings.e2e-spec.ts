import { Outbox } from '../src/events';
import { ExpiryWarnings } from '../src/expiry-warnings/expiry-warnings.service';
import { EXPIRY_WARNINGS_BATCH } from '../src/expiry-warnings/notices';
import { asOperator, claim, issueToken, makeFleetOwner, OP, uniqueSerial } from './enrollment-support';
import { type Operator } from './support/console';
import { eventually } from './support/eventually';
import { eventsOf, rowsOf } from './support/fleet';
import { sleep, TRUST_LOOPBACK } from './support/operator';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ENV = { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000' };

/**
 * An app whose own expiry-warnings timer is stopped: the test's runs are the only ones, so what a
 * run did is what the test sees.
 */
async function appWithoutTimer(env: Record<string, string>): Promise<TestApp> {
  const app = await createTestApp({ env });
  await app.app.get(ExpiryWarnings).stop();
  return app;
}

const sweep = (t: TestApp, asOf: number | null = null) => t.app.get(ExpiryWarnings).sweep(asOf === null ? null : new Date(asOf));

/** What a warning is about: a key's credential_id or a token's id. */
const subjectOf = (e: { data: any }): string => e.data.credential_id ?? e.data.enrollment_token?.id;

/** The workspace's events of `type` about `id`. */
async function warningsOf(t: TestApp, workspaceId: string, type: string, id: string): Promise<{ id: string; data: any }[]> {
  return (await eventsOf(t, workspaceId, type)).filter((e) => subjectOf(e) === id);
}

/** How many of `ids` have exactly one event of `type`, and how many events there are for them in all. */
async function tally(t: TestApp, workspaceId: string, type: string, ids: string[]): Promise<{ once: number; events: number }> {
  const events = await eventsOf(t, workspaceId, type);
  const per = new Map<string, number>();
  for (const e of events) per.set(subjectOf(e), (per.get(subjectOf(e)) ?? 0) + 1);
  return { once: ids.filter((id) => per.get(id) === 1).length, events: ids.reduce((n, id) => n + (per.get(id) ?? 0), 0) };
}

/** `n` usable keys of the workspace's default agent expiring `inMs` from the database's now, written straight into the table. */
async function insertExpiringKeys(t: TestApp, owner: Operator, n: number, inMs: number): Promise<string[]> {
  const rows: { id: string }[] = await rowsOf(
    t,
    `INSERT INTO api_credentials (workspace_id, service_agent_id, prefix, secret_hash, scopes, expires_at)
     SELECT $1, $2, 'xw' || md5(random()::text || g), sha256(g::text::bytea), '{events:read}', now() + make_interval(secs => $4::float8 / 1000)
       FROM generate_series(1, $3::int) g RETURNING id`,
    [owner.reg.workspaceId, owner.reg.defaultAgentId, n, inMs],
  );
  return rows.map((r) => r.id);
}

describe('warnings before things run out (api_key.expiring, enrollment_token.expiring, enrollment_token.exhausted)', () => {
  let t: TestApp;
  let owner: Operator;

  beforeAll(async () => {
    t = await appWithoutTimer(ENV);
    owner = await makeFleetOwner(t);
  });
  afterAll(() => t.close());

  describe('api_key.expiring', () => {
    it('is recorded once for a usable key within 7 days of its expiry, with { credential_id, service_agent_id, expires_at }', async () => {
      const now = Date.now();
      const expiresAt = new Date(now + 6 * DAY);
      const { credentialId, serviceAgentId } = await issueKey(t, owner.reg, ['messages:read'], { expiresAt });
      await sweep(t);
      await sweep(t);
      const events = await warningsOf(t, owner.reg.workspaceId, 'api_key.expiring', credentialId);
      expect(events.map((e) => e.data)).toEqual([
        { credential_id: credentialId, service_agent_id: serviceAgentId, expires_at: expiresAt.toISOString() },
      ]);
      const [row] = await rowsOf(t, `SELECT expiring_notified_at FROM api_credentials WHERE id = $1`, [credentialId]);
      expect(row.expiring_notified_at).not.toBeNull();
    });

    it('is not recorded outside the window (more than 7 days ahead, already expired, no expiry) or for a key that cannot run out', async () => {
      const now = Date.now();
      const later = await issueKey(t, owner.reg, ['messages:read'], { expiresAt: new Date(now + 8 * DAY) });
      const expired = await issueKey(t, owner.reg, ['messages:read'], { expiresAt: new Date(now - HOUR) });
      const never = await issueKey(t, owner.reg, ['messages:read']);
      const revoked = await issueKey(t, owner.reg, ['messages:read'], { expiresAt: new Date(now + 3 * DAY) });
      const archived = await issueKey(t, owner.reg, ['messages:read'], { expiresAt: new Date(now + 3 * DAY) });
      const rotated = await issueKey(t, owner.reg, ['messages:read'], { expiresAt: new Date(now + 3 * DAY) });
      await asOperator(t, owner).post(`${OP}/api_keys/${revoked.credentialId}/revoke`).expect(200);
      await asOperator(t, owner).post(`${OP}/api_keys/${archived.credentialId}/archive`).expect(200);
      // a rotation ends the old key at previous.expires_at and says so with api_key.rotated (ADR 0233)
      await rowsOf(t, `UPDATE api_credentials SET rotated_at = now() WHERE id = $1`, [rotated.credentialId]);
      await sweep(t);
      for (const k of [later, expired, never, revoked, archived, rotated]) {
        expect(await warningsOf(t, owner.reg.workspaceId, 'api_key.expiring', k.credentialId)).toEqual([]);
      }
      // the 8-day key enters its window two days later, and is warned then (once)
      await sweep(t, now + 2 * DAY);
      await sweep(t, now + 3 * DAY);
      expect(await warningsOf(t, owner.reg.workspaceId, 'api_key.expiring', later.credentialId)).toHaveLength(1);
      // a key with no expiry never is, however late
      await sweep(t, now + 3650 * DAY);
      expect(await warningsOf(t, owner.reg.workspaceId, 'api_key.expiring', never.credentialId)).toEqual([]);
    });

    it('reaches GET /api/v1/events and the sockets of the workspace that hold events:read', async () => {
      const reader = await issueKey(t, owner.reg, ['events:read', 'sockets:connect']);
      const base = await t.listen();
      const { socket_token } = await mintSocketToken(t, reader.key);
      const socket = await SocketClient.open(socketUrl(base, { socket_token }));
      try {
        expect((await socket.request('ready', { events: ['api_key.expiring'] })).status).toBe('ok');
        const { credentialId } = await issueKey(t, owner.reg, ['messages:read'], { expiresAt: new Date(Date.now() + 2 * DAY) });
        await sweep(t);
        const push = await socket.next((m) => m.event === 'event' && m.payload.event.data.credential_id === credentialId);
        expect(push.payload.event.type).toBe('api_key.expiring');
        const res = await t.http().get('/api/v1/events?type=api_key.expiring').set('x-agent-api-key', reader.key).expect(200);
        const listed = res.body.events.filter((e: any) => e.data.credential_id === credentialId);
        expect(listed).toEqual([push.payload.event]);
      } finally {
        socket.close();
      }
    });
  });

  describe('enrollment_token.expiring', () => {
    it('is recorded once, with { enrollment_token } and no secret, when a token issued for longer enters its last 24 hours', async () => {
      const now = Date.now();
      const token = await issueToken(t, owner, { max_claims: 3, expires_in: 30 * 3600 });
      await sweep(t);
      expect(await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.expiring', token.id)).toEqual([]); // 30 h ahead
      await sweep(t, now + 7 * HOUR);
      await sweep(t, now + 8 * HOUR);
      const events = await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.expiring', token.id);
      expect(events).toHaveLength(1);
      const { token: secret, ...shown } = token; // the issue's answer is the token as operators see it, plus its secret
      expect(events[0].data).toEqual({ enrollment_token: { ...shown, status: 'usable' } });
      expect(JSON.stringify(events[0].data)).not.toContain(secret.split('.')[1]);
    });

    it('is not recorded for a token issued inside its last 24 hours (the default), a revoked one, or one used up', async () => {
      const now = Date.now();
      const daily = await issueToken(t, owner); // 24 hours: issued inside its window
      const revoked = await issueToken(t, owner, { expires_in: 30 * 3600 });
      await asOperator(t, owner).post(`${OP}/enrollment_tokens/${revoked.id}/revoke`).expect(200);
      const usedUp = await issueToken(t, owner, { expires_in: 30 * 3600 });
      expect((await claim(t, { token: usedUp.token, serial_number: uniqueSerial() })).status).toBe(201);
      await sweep(t, now + 7 * HOUR);
      for (const token of [daily, revoked, usedUp]) {
        expect(await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.expiring', token.id)).toEqual([]);
      }
      expect(await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.exhausted', usedUp.id)).toHaveLength(1);
    });
  });

  describe('enrollment_token.exhausted', () => {
    it("is recorded once, by the next run after the token's last claim", async () => {
      const token = await issueToken(t, owner, { max_claims: 2 });
      expect((await claim(t, { token: token.token, serial_number: uniqueSerial() })).status).toBe(201);
      await sweep(t);
      expect(await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.exhausted', token.id)).toEqual([]);
      expect((await claim(t, { token: token.token, serial_number: uniqueSerial() })).status).toBe(201);
      await sweep(t);
      await sweep(t);
      const events = await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.exhausted', token.id);
      expect(events).toHaveLength(1);
      expect(events[0].data.enrollment_token).toMatchObject({ id: token.id, status: 'exhausted', max_claims: 2, claims_count: 2 });
    });

    it('is recorded for a token used up and then revoked, and never for one revoked with claims left', async () => {
      const usedThenRevoked = await issueToken(t, owner);
      expect((await claim(t, { token: usedThenRevoked.token, serial_number: uniqueSerial() })).status).toBe(201);
      await asOperator(t, owner).post(`${OP}/enrollment_tokens/${usedThenRevoked.id}/revoke`).expect(200);
      const revokedShort = await issueToken(t, owner, { max_claims: 3 });
      expect((await claim(t, { token: revokedShort.token, serial_number: uniqueSerial() })).status).toBe(201);
      await asOperator(t, owner).post(`${OP}/enrollment_tokens/${revokedShort.id}/revoke`).expect(200);
      await sweep(t);
      const events = await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.exhausted', usedThenRevoked.id);
      expect(events.map((e) => e.data.enrollment_token.status)).toEqual(['revoked']);
      expect(await warningsOf(t, owner.reg.workspaceId, 'enrollment_token.exhausted', revokedShort.id)).toEqual([]);
    });
  });

  describe('exactly once with runs at once', () => {
    let other: TestApp;
    beforeAll(async () => (other = await appWithoutTimer(ENV)));
    afterAll(() => other.close());

    it('four runs at once, on two app instances, record one warning per key and per token, over several batches', async () => {
      const fleet = await makeFleetOwner(t);
      const keys = await insertExpiringKeys(t, fleet, 2 * EXPIRY_WARNINGS_BATCH + 100, 3 * DAY);
      const tokens = await Promise.all(Array.from({ length: 10 }, () => issueToken(t, fleet)));
      for (const token of tokens) expect((await claim(t, { token: token.token, serial_number: uniqueSerial() })).status).toBe(201);
      await Promise.all([sweep(t), sweep(other), sweep(t), sweep(other)]);
      await Promise.all([sweep(t), sweep(other)]);
      expect(await tally(t, fleet.reg.workspaceId, 'api_key.expiring', keys)).toEqual({ once: keys.length, events: keys.length });
      const ids = tokens.map((x) => x.id);
      expect(await tally(t, fleet.reg.workspaceId, 'enrollment_token.exhausted', ids)).toEqual({ once: ids.length, events: ids.length });
    });
  });

  describe('Postgres unreachable during a run', () => {
    const pgUrl = new URL(process.env.DATABASE_URL!);
    const proxy = new TcpProxy(pgUrl.hostname, Number(pgUrl.port));
    let down: TestApp;

    beforeAll(async () => {
      await proxy.start();
      down = await appWithoutTimer({ ...ENV, DATABASE_URL: proxy.urlFor(pgUrl), DB_PIPELINE_CONNECTIONS: '0' });
    });
    afterAll(async () => {
      await proxy.start();
      await down?.close();
      await proxy.cut();
    });

    const notified = async (ids: string[]) =>
      (await rowsOf(t, `SELECT count(*)::int AS n FROM api_credentials WHERE id = ANY($1) AND expiring_notified_at IS NOT NULL`, [ids]))[0]
        .n;

    it("a run while it is away fails cleanly (nothing marked, nothing recorded), the job's timer retries each period, and each warning is recorded once when it is back", async () => {
      const fleet = await makeFleetOwner(t);
      const keys = await insertExpiringKeys(t, fleet, 20, 3 * DAY);
      const job = down.app.get(ExpiryWarnings);
      await proxy.cut();
      await expect(sweep(down)).rejects.toThrow();
      job.start(200);
      try {
        await sleep(1000); // about five more runs, each failing
        expect(await notified(keys)).toBe(0);
        expect(await tally(t, fleet.reg.workspaceId, 'api_key.expiring', keys)).toEqual({ once: 0, events: 0 });
        await proxy.start();
        await eventually(
          async () =>
            expect(await tally(t, fleet.reg.workspaceId, 'api_key.expiring', keys)).toEqual({ once: keys.length, events: keys.length }),
          { timeoutMs: 15_000, what: 'every key warned once by the timer' },
        );
      } finally {
        await job.stop();
      }
      await sweep(down);
      expect(await tally(t, fleet.reg.workspaceId, 'api_key.expiring', keys)).toEqual({ once: keys.length, events: keys.length });
    });

    it('a run that fails does not move where the next one looks for claims: a token used up meanwhile is announced once', async () => {
      const fleet = await makeFleetOwner(t);
      const token = await issueToken(t, fleet);
      t.clock.set(Date.now()); // the claim is recorded after every earlier run of `down` started
      expect((await claim(t, { token: token.token, serial_number: uniqueSerial() })).status).toBe(201);
      const [{ claimed_at }] = await rowsOf(t, `SELECT claimed_at FROM enrollment_claims WHERE enrollment_token_id = $1`, [token.id]);
      down.clock.set(new Date(claimed_at).getTime() + 5 * 60_000); // a run five minutes after the claim fails...
      await proxy.cut();
      await expect(sweep(down)).rejects.toThrow();
      await proxy.start();
      down.clock.advance(60_000); // ...and the next one still looks back to the last run that succeeded
      await sweep(down);
      await sweep(down);
      expect(await warningsOf(t, fleet.reg.workspaceId, 'enrollment_token.exhausted', token.id)).toHaveLength(1);
    });

    it('a connection lost in the middle of a batch (rows marked, events half recorded) leaves nothing, and a later run records each once', async () => {
      const fleet = await makeFleetOwner(t);
      const keys = await insertExpiringKeys(t, fleet, 20, 3 * DAY);
      const outbox = down.app.get(Outbox);
      const record = outbox.record.bind(outbox);
      let calls = 0;
      const spy = jest.spyOn(outbox, 'record').mockImplementation(async (w, workspaceId, type, data) => {
        if (++calls === 5) await proxy.cut(); // four events and every marker of the batch written, then Postgres goes
        return record(w, workspaceId, type, data);
      });
      try {
        await expect(sweep(down)).rejects.toThrow();
      } finally {
        spy.mockRestore();
      }
      await proxy.start();
      expect(await notified(keys)).toBe(0);
      expect(await tally(t, fleet.reg.workspaceId, 'api_key.expiring', keys)).toEqual({ once: 0, events: 0 });
      // Postgres ends the lost session (and releases its locks) once it sees the connection gone.
      await eventually(
        async () => {
          await sweep(down);
          expect(await tally(t, fleet.reg.workspaceId, 'api_key.expiring', keys)).toEqual({ once: keys.length, events: keys.length });
        },
        { timeoutMs: 15_000, what: 'every key warned once' },
      );
      await sweep(down);
      expect(await tally(t, fleet.reg.workspaceId, 'api_key.expiring', keys)).toEqual({ once: keys.length, events: keys.length });
    });
  });
});
