import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { BatchRunner } from '../src/batch-operations/batch-runner.service';
import { DataRequestRunner } from '../src/data-requests/data-request-runner.service';
import { ViolationRecorder } from '../src/security-violations/violation-recorder.service';
import { asOperator, makeFleetOwner } from './enrollment-support';
import { eventually } from './support/eventually';
import { eventsOf, insertRobots, rowsOf, waiterOn } from './support/fleet';
import { sleep } from './support/operator';
import { OwnRedis } from './support/own-infra';
import { issueKey, mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { spawnApp, type SpawnedApp, testEnv, waitForHealth } from './support/spawned-app';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';
import type { Operator } from './support/console';

jest.setTimeout(120_000);

const BATCHES = '/api/v1/operator/batch_operations';

/** A connection holding a row lock on one robot until released: the chunk that reaches it waits. */
async function holdRobot(robotId: string): Promise<{ client: Client; pid: number; release: () => Promise<void> }> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`SELECT 1 FROM robots WHERE id = $1 FOR UPDATE`, [robotId]);
  const pid = (await client.query(`SELECT pg_backend_pid() AS pid`)).rows[0].pid as number;
  return {
    client,
    pid,
    release: async () => {
      await client.query('COMMIT').catch(() => undefined);
      await client.end();
    },
  };
}

/**
 * What the sweep sees of an operation or request left untouched for two minutes (backdated, so the
 * sweep's own threshold is what is tested, and other suites' fresh work is left alone).
 */
const untouchedFor2Minutes = (t: TestApp, table: 'batch_operations' | 'data_requests', id: string) =>
  rowsOf(t, `UPDATE ${table} SET updated_at = now() - interval '2 minutes' WHERE id = $1`, [id]);

/** Waits for an operation to finish; returns it. */
const finished = (t: TestApp, owner: Operator, id: string, timeoutMs = 30_000) =>
  eventually(
    async () => {
      const b = (await asOperator(t, owner).get(`${BATCHES}/${id}?target_limit=1`).expect(200)).body.batch_operation;
      expect(['completed', 'failed', 'cancelled']).toContain(b.status);
      return b;
    },
    { timeoutMs, intervalMs: 100, what: `batch operation ${id} to finish` },
  );

/** Every target of an operation recorded once, with these outcomes; the operation completed once. */
async function expectAppliedOnce(t: TestApp, owner: Operator, id: string, robotIds: string[]): Promise<void> {
  const [counts] = await rowsOf(
    t,
    `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status <> 'succeeded')::int AS other
       FROM batch_operation_targets WHERE batch_operation_id = $1`,
    [id],
  );
  expect(counts).toEqual({ succeeded: robotIds.length, other: 0 });
  const [{ retired }] = await rowsOf(t, `SELECT count(*)::int AS retired FROM robots WHERE id = ANY($1::uuid[]) AND status = 'retired'`, [
    robotIds,
  ]);
  expect(retired).toBe(robotIds.length);
  const completions = (await eventsOf(t, owner.reg.workspaceId, 'batch_operation.completed')).filter(
    (e) => e.data.batch_operation.id === id,
  );
  expect(completions.map((e) => e.data.batch_operation.succeeded)).toEqual([robotIds.length]);
}

describe('fleet operations under faults', () => {
  describe("a batch operation's worker dying mid-chunk", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { BATCH_CHUNK_SIZE: '20' } });
    });
    afterAll(() => t.close());

    it('its connection killed: the chunk rolls back, the retry applies it, every target is applied once', async () => {
      const owner = await makeFleetOwner(t);
      const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 60);
      const hold = await holdRobot(robotIds[29]); // in the second chunk
      try {
        const op = (await asOperator(t, owner).post(BATCHES, { action: 'retire_robots', target_ids: robotIds }).expect(202)).body
          .batch_operation;
        const worker = await waiterOn(t, hold.pid, 'the second chunk to wait for the held robot');
        await hold.client.query(`SELECT pg_terminate_backend($1)`, [worker]);
        // the second chunk died with its connection: nothing of it stayed
        const targets = await rowsOf(
          t,
          `SELECT position, status FROM batch_operation_targets WHERE batch_operation_id = $1 ORDER BY position`,
          [op.id],
        );
        expect(targets.slice(0, 20).every((x: any) => x.status === 'succeeded')).toBe(true);
        expect(targets.slice(20).every((x: any) => x.status === 'pending')).toBe(true);
        const [{ n }] = await rowsOf(t, `SELECT count(*)::int AS n FROM robots WHERE id = ANY($1::uuid[]) AND status = 'retired'`, [
          robotIds.slice(20),
        ]);
        expect(n).toBe(0);
        await hold.release();
        expect(await finished(t, owner, op.id)).toMatchObject({ status: 'completed', total: 60, succeeded: 60, failed: 0, skipped: 0 });
        await expectAppliedOnce(t, owner, op.id, robotIds);
      } finally {
        await hold.release().catch(() => undefined);
      }
    });
  });

  describe('the worker process killed mid-chunk (production build, its own Redis)', () => {
    const redis = new OwnRedis();
    let t: TestApp;
    let worker: SpawnedApp | undefined;
    const spawnWorker = async () => {
      const app = spawnApp(await testEnv({ REDIS_URL: redis.url, QUEUE_BATCH_OPERATIONS_CONCURRENCY: '1' }));
      await waitForHealth(app);
      return app;
    };

    beforeAll(async () => {
      await redis.start();
      // this node only creates operations and sweeps; the spawned processes run the chunks
      t = await createTestApp({ env: { REDIS_URL: redis.url, BATCH_CHUNK_SIZE: '20', QUEUE_BATCH_OPERATIONS_CONCURRENCY: '0' } });
    });
    afterAll(async () => {
      worker?.child.kill('SIGKILL');
      await t?.close();
      await redis.kill();
    });

    it('its open chunk rolls back with the dead connection, and another worker finishes the operation, every target once', async () => {
      worker = await spawnWorker();
      const owner = await makeFleetOwner(t);
      const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 60);
      const hold = await holdRobot(robotIds[29]);
      try {
        const op = (await asOperator(t, owner).post(BATCHES, { action: 'retire_robots', target_ids: robotIds }).expect(202)).body
          .batch_operation;
        await waiterOn(t, hold.pid, 'the worker to wait for the held robot');
        worker.child.kill('SIGKILL');
        await worker.exited;
        await hold.release();
        // Postgres rolls the dead worker's chunk back once it notices the connection is gone
        await eventually(async () => {
          const [{ n }] = await rowsOf(t, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [
            hold.pid,
          ]);
          expect(n).toBe(0);
          const [{ pending }] = await rowsOf(
            t,
            `SELECT count(*)::int AS pending FROM batch_operation_targets WHERE batch_operation_id = $1 AND status = 'pending'`,
            [op.id],
          );
          expect(pending).toBe(40);
        });
        expect(
          (
            await rowsOf(t, `SELECT count(*)::int AS n FROM robots WHERE id = ANY($1::uuid[]) AND status = 'retired'`, [robotIds.slice(20)])
          )[0].n,
        ).toBe(0);

        worker = await spawnWorker();
        // BullMQ hands a dead worker's job on once its lock expires (30 s); the sweep (every 30 s,
        // for operations untouched for 60 s) too
        await untouchedFor2Minutes(t, 'batch_operations', op.id);
        await t.app.get(BatchRunner).sweep();
        expect(await finished(t, owner, op.id)).toMatchObject({ status: 'completed', succeeded: 60 });
        await expectAppliedOnce(t, owner, op.id, robotIds);
      } finally {
        await hold.release().catch(() => undefined);
      }
    });
  });

  describe('Redis gone (killed, and back empty)', () => {
    const redis = new OwnRedis();
    let t: TestApp;
    let owner: Operator;

    beforeAll(async () => {
      await redis.start();
      t = await createTestApp({ env: { REDIS_URL: redis.url, BATCH_CHUNK_SIZE: '10', OUTBOX_POLL_MS: '200' } });
      owner = await makeFleetOwner(t);
    });
    afterAll(async () => {
      await t?.close();
      await redis.kill();
    });

    it('while a batch runs: it stops between chunks with nothing half-done, and finishes when Redis is back', async () => {
      const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 300);
      const op = (await asOperator(t, owner).post(BATCHES, { action: 'retire_robots', target_ids: robotIds }).expect(202)).body
        .batch_operation;
      await eventually(
        async () => {
          const b = (await asOperator(t, owner).get(`${BATCHES}/${op.id}?target_limit=1`)).body.batch_operation;
          expect(b.succeeded).toBeGreaterThanOrEqual(30);
        },
        { timeoutMs: 20_000 },
      );
      await redis.kill();
      await sleep(1500);
      const stopped = (await asOperator(t, owner).get(`${BATCHES}/${op.id}?target_limit=1`).expect(200)).body.batch_operation;
      expect(stopped.status).toBe('running');
      expect(stopped.succeeded).toBeLessThan(300);
      expect(stopped.succeeded % 10).toBe(0); // whole chunks only
      const [{ retired }] = await rowsOf(
        t,
        `SELECT count(*)::int AS retired FROM robots WHERE id = ANY($1::uuid[]) AND status = 'retired'`,
        [robotIds],
      );
      expect(retired).toBe(stopped.succeeded);
      await sleep(1000);
      expect((await asOperator(t, owner).get(`${BATCHES}/${op.id}?target_limit=1`)).body.batch_operation.succeeded).toBe(stopped.succeeded);

      await redis.start();
      // the job was lost with Redis' memory; the sweep (every 30 s, for operations untouched for 60 s) queues it again
      await untouchedFor2Minutes(t, 'batch_operations', op.id);
      await eventually(() => t.app.get(BatchRunner).sweep(), { timeoutMs: 10_000 });
      expect(await finished(t, owner, op.id)).toMatchObject({ status: 'completed', succeeded: 300 });
      await expectAppliedOnce(t, owner, op.id, robotIds);
    });

    it('at creation: the operation and a data request are stored (202) and run once Redis is back', async () => {
      const { robotIds } = await insertRobots(t, owner.reg.workspaceId, 25);
      await redis.kill();
      {
        const op = (await asOperator(t, owner).post(BATCHES, { action: 'retire_robots', target_ids: robotIds }).expect(202)).body
          .batch_operation;
        expect(op.status).toBe('queued');
        const request = (
          await asOperator(t, owner)
            .post('/api/v1/operator/data_requests', { kind: 'export', subject_type: 'robot', subject_id: robotIds[0] })
            .expect(202)
        ).body.data_request;
        expect(request.status).toBe('pending');
        await redis.start();
        await untouchedFor2Minutes(t, 'batch_operations', op.id);
        await untouchedFor2Minutes(t, 'data_requests', request.id);
        await eventually(
          async () => {
            await t.app.get(BatchRunner).sweep();
            await t.app.get(DataRequestRunner).sweep();
          },
          { timeoutMs: 10_000 },
        );
        expect(await finished(t, owner, op.id)).toMatchObject({ status: 'completed', succeeded: 25 });
        await expectAppliedOnce(t, owner, op.id, robotIds);
        await eventually(
          async () => {
            const r = (await asOperator(t, owner).get(`/api/v1/operator/data_requests/${request.id}`)).body.data_request;
            expect(r.status).toBe('completed');
          },
          { timeoutMs: 20_000 },
        );
      }
    });
  });

  describe('Redis unreachable for a while (a proxy cut)', () => {
    const redis = new OwnRedis();
    let proxy: TcpProxy;
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      await redis.start();
      proxy = new TcpProxy('127.0.0.1', redis.port);
      await proxy.start();
      t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}/0`, OUTBOX_POLL_MS: '200' } });
      base = await t.listen();
    });
    afterAll(async () => {
      await proxy.start();
      await t?.close();
      await proxy.cut();
      await redis.kill();
    });

    it('checks still ask for approval and operators still decide; the agent on this node gets the decision pushed at once, and once', async () => {
      const owner = await makeFleetOwner(t);
      const { key } = await issueKey(t, owner.reg, ['gateway:check', 'sockets:connect']);
      await asOperator(t, owner).post('/api/v1/operator/gateway_rules', { action: 'deploy', effect: 'require_approval' }).expect(201);
      const { socket_token } = await mintSocketToken(t, key);
      const socket = await SocketClient.open(socketUrl(base, { socket_token }));
      try {
        await proxy.cut();
        const { approval } = (
          await t.http().post('/api/v1/gateway/check').set('x-agent-api-key', key).send({ action: 'deploy' }).expect(200)
        ).body;
        expect(approval.status).toBe('pending');
        await asOperator(t, owner).post(`/api/v1/operator/approvals/${approval.id}/approve`).expect(200);
        // The relaying node delivers the approval.decided event to its own sockets before it
        // publishes for the others, so Redis being away does not hold it up here.
        const push = await socket.next((m) => m.event === 'approval' && m.payload.approval.id === approval.id, 15_000);
        expect(push.payload.approval.status).toBe('approved');
        expect(await socket.staysOpen(300)).toBe(true);
        // Redis back: the event is published for the other nodes, and this one pushes nothing again.
        await proxy.start();
        await eventually(
          async () => {
            const [{ n }] = await t.app
              .get(DataSource)
              .query(
                `SELECT count(*)::int AS n FROM domain_events_pending p JOIN domain_events e ON e.id = p.event_id WHERE e.type = 'approval.decided' AND e.data->'approval'->>'id' = $1`,
                [approval.id],
              );
            expect(n).toBe(0);
          },
          { timeoutMs: 15_000 },
        );
        await sleep(300);
        expect(socket.pushes('approval').filter((m) => m.payload.approval.id === approval.id)).toHaveLength(1);
      } finally {
        socket.close();
        await proxy.start();
      }
    });
  });

  describe('Postgres unreachable while refused credentials are noted', () => {
    const pgUrl = new URL(process.env.DATABASE_URL!);
    const proxy = new TcpProxy(pgUrl.hostname, Number(pgUrl.port));
    let t: TestApp;

    beforeAll(async () => {
      await proxy.start();
      const viaProxy = proxy.urlFor(pgUrl);
      t = await createTestApp({ env: { DATABASE_URL: viaProxy, DB_PIPELINE_CONNECTIONS: '0' } });
    });
    afterAll(async () => {
      await proxy.start();
      await t?.close();
      await proxy.cut();
    });

    it('keeps what it noted and writes it when Postgres is back: one violation, every refusal counted', async () => {
      const owner = await makeFleetOwner(t);
      const { key, credentialId, serviceAgentId } = await issueKey(t, owner.reg, ['messages:read']);
      await asOperator(t, owner).post(`/api/v1/operator/api_keys/${credentialId}/revoke`).expect(200);
      await t.http().get('/api/v1/messages').set('x-agent-api-key', key).expect(401);
      const recorder = t.app.get(ViolationRecorder);
      await recorder.flush();
      await proxy.cut();
      // Refusals machine authentication reports meanwhile (from its cache; whether a request can be
      // answered without Postgres is the credential cache's business, not the recorder's).
      for (let i = 0; i < 5; i++) {
        recorder.note({
          reason: 'api_key_revoked',
          credential: { type: 'api_key', id: credentialId, serviceAgentId },
          workspaceId: owner.reg.workspaceId,
          ip: null,
          at: t.clock.now(),
        });
      }
      await recorder.flush(); // Postgres is away: kept
      expect(recorder.size).toBe(1);
      await proxy.start();
      await eventually(
        async () => {
          await recorder.flush();
          const rows = await rowsOf(t, `SELECT kind, occurrences FROM security_violations WHERE workspace_id = $1`, [
            owner.reg.workspaceId,
          ]);
          expect(rows).toEqual([{ kind: 'revoked_key_presented', occurrences: 6 }]);
        },
        { timeoutMs: 10_000 },
      );
      expect(await eventsOf(t, owner.reg.workspaceId, 'security_violation.opened')).toHaveLength(1);
    });
  });
});
