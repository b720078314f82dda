import { ServiceAgentsSubjectData } from '../src/agents/service-agents-subject-data';
import { Db } from '../src/core/database/db.service';
import { EventBus } from '../src/core/redis/event-bus.service';
import { RedisService } from '../src/core/redis/redis.service';
import { RobotsService } from '../src/enrollment/robots.service';
import { makeFleetOwner } from './enrollment-support';
import { makeWorkspace, type Registered, uniqueEmail } from './support/builders';
import { makePlatformAdmin, type Operator } from './support/console';
import { eventually } from './support/eventually';
import { enrollRobot } from './support/fleet';
import { TRUST_LOOPBACK } from './support/operator';
import { invoiceEvent, PAYMENTS_SECRET, postPaymentEvent } from './support/payments';
import { issueKey, mintSocketToken, sessionCookie, SocketClient, socketUrl } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, type TestApp } from './support/test-app';
import type { Response } from 'supertest';

const OP = '/api/v1/operator';
const WITHIN_MS = 1000;

/** The agent credentials a test refuses on node B: a key, a token exchanged from it, a socket token. */
interface Held {
  key: string;
  credentialId: string;
  serviceAgentId: string;
  token: string;
  socketToken: string;
}

/**
 * Issue 51, item 9 (ADR 0230): deactivating an agent, changing a workspace's status and archiving
 * a key reach the credential caches (and live sockets) of every node within 1 s whatever Redis
 * does, not only through the changing node's bus publish. Two nodes on one Postgres, each reaching
 * Redis through a TCP proxy of its own. Node A makes the change while it cannot publish on the bus
 * (its PUBLISH fails with Redis up, or its Redis is cut off), node B holds the credentials in its
 * cache with a healthy bus of its own, so only the change's own notification can tell it; and
 * with Redis down for both, B bypasses its caches. Each case measures the time from the change's
 * request on A to B refusing the agent's key and token.
 */
describe('credential changes reach the other node within 1 s whatever Redis does', () => {
  const redisUrl = new URL(process.env.REDIS_URL!);
  const proxyA = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  const proxyB = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  const adminEmail = uniqueEmail('platform-admin');
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let admin: Operator;
  const open: SocketClient[] = [];
  const figures: { fault: string; change: string; ms: number }[] = [];

  const busHealthy = (t: TestApp) => t.app.get(EventBus).healthy;
  const onB = (credential: string) => b.http().get('/api/v1/messages?limit=1').set('authorization', `Bearer ${credential}`);
  /** "200", or the refusal's status and code ("403 service_agent_inactive", "403 workspace_frozen"). */
  const outcome = (res: Response) => (res.status === 200 ? '200' : `${res.status} ${res.body.error ?? res.body.detail}`);

  /** A key of `serviceAgentId` (w's default agent unless given), a token from it and a socket token, each used on B (so cached there). */
  const hold = async (w: Registered, serviceAgentId?: string): Promise<Held> => {
    const issued = await issueKey(a, w, ['messages:read', 'sockets:connect'], { serviceAgentId });
    const exchanged = await a.http().post('/api/v1/agent_tokens').set('x-agent-api-key', issued.key).send({}).expect(200);
    const held = { ...issued, token: exchanged.body.token, socketToken: (await mintSocketToken(b, issued.key)).socket_token };
    for (const credential of [held.key, held.token]) {
      await onB(credential).expect(200);
      await onB(credential).expect(200); // served from B's cache now
    }
    return held;
  };

  /** A socket on B, open with the held socket token. */
  const socketOnB = async (held: Held) => {
    const socket = await SocketClient.open(socketUrl(baseB, { socket_token: held.socketToken }));
    open.push(socket);
    await socket.request('ready');
    return socket;
  };

  /**
   * Starts `change` on A and polls B meanwhile until it refuses the key and the token as `refused`
   * says; fails unless that is within 1 s of the change's start, or unless `fault` held. Returns
   * the milliseconds, and records them.
   */
  const refusedOnB = async (
    fault: { name: string; check: () => void },
    label: string,
    held: Held,
    refused: string,
    change: () => Promise<unknown>,
  ) => {
    const started = Date.now();
    const changed = change();
    changed.catch(() => undefined); // awaited below; a failure fails the test there
    await eventually(async () => expect([outcome(await onB(held.key)), outcome(await onB(held.token))]).toEqual([refused, refused]), {
      timeoutMs: WITHIN_MS,
      intervalMs: 10,
      what: `node B to refuse the key and the token (${label})`,
    });
    const ms = Date.now() - started;
    await changed;
    fault.check();
    expect(ms).toBeLessThan(WITHIN_MS);
    figures.push({ fault: fault.name, change: label, ms });
    return ms;
  };

  /** Each fault: injects it, and returns the check that it held (the change's publish did fail). */
  const faults: [string, () => Promise<() => void>][] = [
    [
      "node A's PUBLISH fails, Redis up",
      async () => {
        const publish = jest.spyOn(a.app.get(RedisService).client, 'publish').mockRejectedValue(new Error('PUBLISH refused (injected)'));
        return () => expect(publish).toHaveBeenCalled();
      },
    ],
    [
      'node A cut off from Redis',
      async () => {
        await proxyA.cut();
        await eventually(() => expect(busHealthy(a)).toBe(false), { timeoutMs: 3000, what: "node A's bus to be down" });
        return () => expect([busHealthy(a), busHealthy(b)]).toEqual([false, true]);
      },
    ],
    [
      'Redis down for both nodes',
      async () => {
        await Promise.all([proxyA.cut(), proxyB.cut()]);
        await eventually(() => expect(busHealthy(a) || busHealthy(b)).toBe(false), { timeoutMs: 3000, what: 'both buses to be down' });
        return () => expect([busHealthy(a), busHealthy(b)]).toEqual([false, false]);
      },
    ],
  ];

  beforeAll(async () => {
    await Promise.all([proxyA.start(), proxyB.start()]);
    const env = {
      ...TRUST_LOOPBACK,
      API_RATE_LIMIT: '1000000',
      PLATFORM_ADMIN_EMAILS: adminEmail,
      PAYMENTS_WEBHOOK_SECRET: PAYMENTS_SECRET,
    };
    [a, b] = await Promise.all([
      createTestApp({ env: { ...env, REDIS_URL: proxyA.urlFor(redisUrl) } }),
      createTestApp({ env: { ...env, REDIS_URL: proxyB.urlFor(redisUrl) } }),
    ]);
    baseB = await b.listen();
    admin = await makePlatformAdmin(a, adminEmail);
  });
  beforeEach(async () => {
    await Promise.all([proxyA.start(), proxyB.start()]);
    await eventually(() => expect(busHealthy(a) && busHealthy(b)).toBe(true), { timeoutMs: 5000, what: 'both buses up' });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    open.splice(0).forEach((socket) => socket.close());
  });
  afterAll(async () => {
    await Promise.all([proxyA.start(), proxyB.start()]);
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all([proxyA.cut(), proxyB.cut()]);
    if (figures.length > 0) {
      process.stdout.write(`\nnode B refused the key and the token, ms after the change began on node A:\n`);
      for (const f of figures) process.stdout.write(`  ${f.fault} | ${f.change}: ${f.ms} ms\n`);
    }
  });

  describe.each(faults)('%s', (fault, inject) => {
    it('an agent deactivated on A (operator REST): B refuses its key and token, and closes its socket, within 1 s', async () => {
      const w = await makeWorkspace(a);
      const cookie = await sessionCookie(a, w.email, w.password);
      const held = await hold(w);
      const socket = await socketOnB(held);
      const faulted = await inject();

      const ms = await refusedOnB(
        { name: fault, check: faulted },
        'agent deactivated (operator REST)',
        held,
        '403 service_agent_inactive',
        () => a.http().patch(`${OP}/service_agents/${w.defaultAgentId}`).set('cookie', cookie).send({ status: 'inactive' }).expect(200),
      );
      expect((await socket.closedWithin(Math.max(1, WITHIN_MS - ms))).code).toBe(4403);
    });

    it('a workspace frozen on A (platform admin REST): B refuses its agents within 1 s and closes their sockets', async () => {
      const w = await makeWorkspace(a);
      const held = await hold(w);
      const socket = await socketOnB(held);
      const faulted = await inject();

      const ms = await refusedOnB({ name: fault, check: faulted }, 'workspace frozen (admin REST)', held, '403 workspace_frozen', () =>
        a.http().patch(`/api/v1/admin/workspaces/${w.workspaceId}`).set('cookie', admin.cookie).send({ status: 'frozen' }).expect(200),
      );
      expect((await socket.closedWithin(Math.max(1, WITHIN_MS - ms))).code).toBe(4403);
    });
  });

  describe("every other write path, node A's PUBLISH failing", () => {
    const [fault, inject] = faults[0];

    it('a robot retired on A (operator REST): its agent is refused on B within 1 s', async () => {
      const owner = await makeFleetOwner(a);
      const robot = await enrollRobot(a, owner);
      const held = await hold(owner.reg, robot.serviceAgentId);
      const faulted = await inject();
      await refusedOnB({ name: fault, check: faulted }, 'robot retired (operator REST)', held, '403 service_agent_inactive', () =>
        a.http().post(`${OP}/robots/${robot.robotId}/retire`).set('cookie', owner.cookie).expect(200),
      );
    });

    it('robots retired by a batch operation on A: their agents are refused on B within 1 s', async () => {
      const owner = await makeFleetOwner(a);
      const robot = await enrollRobot(a, owner);
      const held = await hold(owner.reg, robot.serviceAgentId);
      const faulted = await inject();
      const robots = a.app.get(RobotsService, { strict: false });
      // what the retire_robots action does with each chunk (the job may run on either node)
      await refusedOnB(
        { name: fault, check: faulted },
        'robots retired (batch operation)',
        held,
        '403 service_agent_inactive',
        async () => {
          const { agentIds } = await a.app.get(Db).transaction((tx) => robots.retireMany(tx, owner.reg.workspaceId, [robot.robotId]));
          expect(agentIds).toEqual([robot.serviceAgentId]);
          await robots.publishRetired(agentIds);
        },
      );
    });

    it("an agent erased by a data request on A: it is refused on B within 1 s (the agents' part of the erasure)", async () => {
      const w = await makeWorkspace(a);
      const held = await hold(w);
      const faulted = await inject();
      const agents = a.app.get(ServiceAgentsSubjectData, { strict: false });
      const subject = {
        workspaceId: w.workspaceId,
        type: 'service_agent' as const,
        id: w.defaultAgentId,
        serviceAgentIds: [w.defaultAgentId],
        robotIds: [],
        userIds: [],
      };
      await refusedOnB({ name: fault, check: faulted }, 'agent erased (data request)', held, '403 service_agent_inactive', async () => {
        const after = await a.app.get(Db).transaction((tx) => agents.erase(tx, subject));
        await after?.();
      });
    });

    it('a workspace paused by a failed payment on A: B refuses its agents within 1 s', async () => {
      const w = await makeWorkspace(a);
      const held = await hold(w);
      const faulted = await inject();
      await refusedOnB({ name: fault, check: faulted }, 'workspace paused (payment webhook)', held, '403 workspace_paused', async () => {
        const res = await postPaymentEvent(a, invoiceEvent('invoice.payment_failed', w.workspaceId)).expect(200);
        expect(res.body.outcome).toBe('applied');
      });
    });

    it('a workspace archived from the admin page on A: B refuses its agents within 1 s', async () => {
      const w = await makeWorkspace(a);
      const held = await hold(w);
      const faulted = await inject();
      await refusedOnB({ name: fault, check: faulted }, 'workspace archived (admin page)', held, '403 workspace_archived', () =>
        a
          .http()
          .post(`/admin/workspaces/${w.workspaceId}`)
          .set('cookie', admin.cookie)
          .type('form')
          .send({ status: 'archived' })
          .expect(303),
      );
    });

    it('a key archived on A (operator REST): B refuses it and its token within 1 s', async () => {
      const w = await makeWorkspace(a);
      const cookie = await sessionCookie(a, w.email, w.password);
      const held = await hold(w);
      const faulted = await inject();
      await refusedOnB({ name: fault, check: faulted }, 'key archived (operator REST)', held, '401 api_key_archived', () =>
        a.http().post(`${OP}/api_keys/${held.credentialId}/archive`).set('cookie', cookie).expect(200),
      );
    });
  });
});
