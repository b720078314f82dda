import { Logger } from '@nestjs/common';
import { DatabaseNotifications } from '../src/core/database/database-notifications.service';
import { PreparedSql } from '../src/core/database/pipeline/prepared-sql.service';
import { RedisService } from '../src/core/redis/redis.service';
import { claim, issueToken, makeFleetOwner, statusCounts, uniqueSerial } from './enrollment-support';
import { makeWorkspace } from './support/builders';
import { makeOperator, sessionCookie } from './support/console';
import { eventually } from './support/eventually';
import { IsolatedInfra } from './support/isolated-infra';
import { cookieHeader, logIn, randomIPv4, SESSION_COOKIE, TRUST_LOOPBACK } from './support/operator';
import { OwnPgBouncer } from './support/pgbouncer';
import { makeScimTenant, oktaUser, scim } from './support/scim';
import { issueKey } from './support/sockets';
import { WebhookReceiver } from './support/webhook-receiver';
import type { TestApp } from './support/test-app';

jest.setTimeout(60_000);

const OP = '/api/v1/operator';

/**
 * Issue 59, point 1 (ADR 0274): the service behind a real PgBouncer (Debian's, 1.18: no
 * max_prepared_statements) in transaction mode, with DATABASE_POOLER=transaction and LISTEN on a
 * direct connection of its own. The pooler has fewer server connections than the two nodes'
 * pools together, so consecutive transactions of one client connection land on different server
 * connections: a named prepared statement, a session setting or a session lock carried from one
 * transaction to the next would fail here. The pooler sets the service's timeouts on each server
 * connection (connect_query), as docs/operations.md says to.
 */
describe('behind PgBouncer in transaction mode (DATABASE_POOLER=transaction)', () => {
  const infra = new IsolatedInfra();
  const receiver = new WebhookReceiver();
  let bouncer: OwnPgBouncer;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;

  beforeAll(async () => {
    await Promise.all([infra.start(), receiver.start()]);
    bouncer = await OwnPgBouncer.start({
      target: infra.databaseUrl,
      poolSize: 6,
      connectQuery: 'SET statement_timeout = 2000; SET lock_timeout = 2000; SET idle_in_transaction_session_timeout = 10000',
    });
    const env = {
      ...TRUST_LOOPBACK,
      API_RATE_LIMIT: '1000000',
      DATABASE_URL: bouncer.url,
      DATABASE_POOLER: 'transaction',
      DATABASE_LISTEN_URL: infra.databaseUrl,
      OUTBOX_POLL_MS: '100',
    };
    [a, b] = [await infra.app(env), await infra.app(env)];
    baseA = await a.listen();
  });
  afterAll(async () => {
    await infra.stop();
    await bouncer?.stop();
    await receiver.stop();
  });

  it('runs unnamed statements through the pooler, with no pipelined lane and LISTEN on the direct connection', async () => {
    expect(a.app.get(PreparedSql).namedStatements).toBe(false);
    const before = await bouncer.transactions();
    await makeWorkspace(a);
    expect(await bouncer.transactions()).toBeGreaterThan(before);
    expect(a.app.get(DatabaseNotifications).isListening('credential_events')).toBe(true);
  });

  it("warns at start-up, naming what to set, when the pooler's server connections lack the service's timeouts, and still serves", async () => {
    const bare = await OwnPgBouncer.start({ target: infra.databaseUrl, poolSize: 2 });
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const t = await infra.app({ DATABASE_URL: bare.url, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: infra.databaseUrl });
      const warnings = warn.mock.calls.map(([message]) => String(message)).filter((m) => m.startsWith('DATABASE_POOLER=transaction'));
      expect(warnings).toEqual([expect.stringMatching(/statement_timeout=0ms.*set .*statement_timeout = 2000.*connect_query/)]);
      await t.http().get('/ready').expect(200);
      await infra.closeApp(t);
    } finally {
      warn.mockRestore();
      await bare.stop();
    }
  });

  it('machine auth: an agk_ key reads a list, exchanges a token, and the token reads it too', async () => {
    const w = await makeWorkspace(a);
    for (let i = 0; i < 3; i++)
      await a
        .http()
        .post('/api/v1/messages')
        .set('x-agent-api-key', w.apiKey)
        .send({ body: `m${i}` })
        .expect(201);
    // more reads than the pooler has server connections, at once: each lands wherever it is given
    const reads = await Promise.all(
      Array.from({ length: 24 }, () => a.http().get('/api/v1/messages?limit=2').set('x-agent-api-key', w.apiKey)),
    );
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));
    expect(reads[0].body.messages).toHaveLength(2);
    expect(reads[0].body.count).toBe(2);

    const exchanged = await a.http().post('/api/v1/agent_tokens').set('x-agent-api-key', w.apiKey).send({}).expect(200);
    const listed = await b.http().get('/api/v1/messages').set('authorization', `Bearer ${exchanged.body.token}`).expect(200);
    expect(listed.body.messages.map((m: { body: string }) => m.body).sort()).toEqual(['m0', 'm1', 'm2']);
  });

  it('claims race: 50 concurrent claims on a token with max_claims 10 grant exactly 10', async () => {
    const op = await makeFleetOwner(a, 'team');
    const token = await issueToken(a, op, { max_claims: 10 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claim(a, { token: token.token, serial_number: uniqueSerial(`PB${i}`) }, baseA)),
    );
    expect(statusCounts(responses)).toEqual({ 201: 10, 409: 40 });
  });

  it('operator sessions: a log-in on one node is read on the other, and a log-out ends it on both', async () => {
    const w = await makeWorkspace(a);
    const { res, session } = await logIn(a, w, { ip: randomIPv4(), json: true });
    expect(res.status).toBe(302);
    const cookie = cookieHeader({ [SESSION_COOKIE]: session });
    for (const t of [a, b]) await t.http().get(`${OP}/service_agents`).set('cookie', cookie).expect(200);
    await b.http().delete('/users/log-out').set('cookie', cookie).expect(302);
    for (const t of [a, b]) await t.http().get(`${OP}/service_agents`).set('cookie', cookie).expect(401);
  });

  it('SCIM: a user created with a SCIM token is listed by it', async () => {
    const tenant = await makeScimTenant(a);
    const created = await scim(a, tenant.token, 'post', '/Users', oktaUser()).expect(201);
    const listed = await scim(
      b,
      tenant.token,
      'get',
      `/Users?filter=${encodeURIComponent(`userName eq "${created.body.userName}"`)}`,
    ).expect(200);
    expect(listed.body.totalResults).toBe(1);
    expect(listed.body.Resources[0].id).toBe(created.body.id);
  });

  it('webhooks: an event recorded through the pooler is delivered to a local receiver', async () => {
    const op = await makeOperator(a);
    const url = receiver.url();
    await a
      .http()
      .post(`${OP}/webhook_subscriptions`)
      .set('cookie', op.cookie)
      .send({ url, event_types: ['agent_command.created'] })
      .expect(201);
    const cmd = await a
      .http()
      .post(`${OP}/agent_commands`)
      .set('cookie', op.cookie)
      .send({ service_agent_id: op.reg.defaultAgentId, name: 'reboot' })
      .expect(201);
    const [delivery] = await receiver.waitFor(url);
    expect(JSON.parse(delivery.rawBody)).toMatchObject({
      type: 'agent_command.created',
      data: { agent_command: { id: cmd.body.agent_command.id } },
    });
  });

  it("LISTEN: an agent deactivated on A while A cannot publish on the bus is refused by B's cache within 1 s", async () => {
    const w = await makeWorkspace(a);
    const cookie = await sessionCookie(a, w);
    const { key } = await issueKey(a, w, ['messages:read']);
    const onB = () => b.http().get('/api/v1/messages?limit=1').set('x-agent-api-key', key);
    await onB().expect(200);
    await onB().expect(200); // from B's cache now
    const publish = jest.spyOn(a.app.get(RedisService).client, 'publish').mockRejectedValue(new Error('PUBLISH refused (injected)'));
    try {
      const started = Date.now();
      await a.http().patch(`${OP}/service_agents/${w.defaultAgentId}`).set('cookie', cookie).send({ status: 'inactive' }).expect(200);
      await eventually(async () => expect((await onB()).status).toBe(403), {
        timeoutMs: 1000,
        intervalMs: 10,
        what: 'B to refuse the key',
      });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(publish).toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
  });
});
