import { EventBus } from '../src/core/redis/event-bus.service';
import { makePlatformAdmin, Operator } from './support/console';
import { eventually } from './support/eventually';
import { engagedPartner, eventsPath, fromAddress, marketplaceEnv, mintToken } from './support/partners';
import { expectProblem } from './support/problem';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Two nodes reaching Redis through a TCP proxy the test cuts: suspending a partner, revoking an
 * engagement or rotating a key on one node is refused on the other within one second, whether
 * or not Redis is up, and the engagement plane keeps serving while Redis is down.
 */
describe('the marketplace cascade across nodes', () => {
  const redisUrl = new URL(process.env.REDIS_URL!);
  const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port));
  let a: TestApp;
  let b: TestApp;
  let admin: Operator;
  const busHealthy = (t: TestApp) => t.app.get(EventBus).healthy;
  const redisUp = async () => {
    await proxy.start();
    await eventually(async () => expect(busHealthy(a) && busHealthy(b)).toBe(true), { timeoutMs: 5000 });
  };
  const redisDown = async () => {
    await proxy.cut();
    await eventually(async () => expect(busHealthy(a) || busHealthy(b)).toBe(false), { timeoutMs: 3000 });
  };

  /** Polls `check` on node B until it holds; fails unless within 1 s of `since`. */
  const withinOneSecond = async (since: number, check: () => Promise<void>) => {
    await eventually(check, { timeoutMs: 1000, intervalMs: 20 });
    expect(Date.now() - since).toBeLessThan(1000);
  };

  beforeAll(async () => {
    await proxy.start();
    const viaProxy = proxy.urlFor(redisUrl);
    const { env, adminEmail } = marketplaceEnv();
    const nodeEnv = { ...env, REDIS_URL: viaProxy };
    [a, b] = await Promise.all([createTestApp({ env: nodeEnv }), createTestApp({ env: nodeEnv })]);
    admin = await makePlatformAdmin(a, adminEmail);
    await redisUp();
  });
  afterEach(() => redisUp());
  afterAll(async () => {
    await proxy.start();
    await Promise.all([a?.close(), b?.close()]);
    await proxy.cut();
  });

  it('while Redis is down the engagement plane keeps serving, and each node throttles failures on its own', async () => {
    const { partner, engagement, token } = await engagedPartner(a, admin);
    await redisDown();
    const ip = fromAddress(b).ip;
    const onB = fromAddress(b, ip);
    const onA = fromAddress(a, ip);
    const started = Date.now();
    await onB.post(eventsPath(engagement.id), token, { kind: 'during.outage' }).expect(202);
    const fresh = await mintToken(onB, partner.key, engagement.id);
    await onB.get(eventsPath(engagement.id), fresh).expect(200);
    expect(Date.now() - started).toBeLessThan(2000);
    for (let i = 0; i < 30; i++) expectProblem(await onB.get('/api/v1/partner/engagements', 'nope'), 401, 'unauthorized');
    expectProblem(await onB.get('/api/v1/partner/engagements', partner.key), 429, 'rate-limited', {
      detail: 'too many failed authentication attempts',
    });
    // node A never saw those failures: its own count is still empty
    await onA.get('/api/v1/partner/engagements', partner.key).expect(200);
    // and once Redis is back, the shared count applies again (it holds none of the outage's failures)
    await redisUp();
    await onB.get('/api/v1/partner/engagements', partner.key).expect(200);
  });

  describe.each([
    ['Redis up', async () => undefined],
    ['Redis down', redisDown],
  ])('with %s', (_label, beforeChange) => {
    it('a suspension on node A is refused on node B within 1 s, key and tokens alike', async () => {
      const { partner, engagement, token } = await engagedPartner(a, admin);
      const onB = fromAddress(b);
      // node B has both in its caches
      await onB.get('/api/v1/partner/engagements', partner.key).expect(200);
      await onB.get(eventsPath(engagement.id), token).expect(200);
      await beforeChange();
      await a.http().post(`/api/v1/admin/partners/${partner.id}/suspend`).set('cookie', admin.cookie).expect(200);
      const suspendedAt = Date.now();
      await withinOneSecond(suspendedAt, async () => {
        expectProblem(await onB.post(eventsPath(engagement.id), token, { kind: 'k' }), 403, 'forbidden', { detail: 'partner_suspended' });
        expectProblem(await onB.get('/api/v1/partner/engagements', partner.key), 403, 'forbidden', { detail: 'partner_suspended' });
      });
    });

    it('revoking an engagement on node A ends its tokens on node B within 1 s', async () => {
      const { owner, engagement, token } = await engagedPartner(a, admin);
      const onB = fromAddress(b);
      await onB.get(eventsPath(engagement.id), token).expect(200);
      await beforeChange();
      await a.http().post(`/api/v1/operator/engagements/${engagement.id}/revoke`).set('cookie', owner.cookie).expect(200);
      const revokedAt = Date.now();
      await withinOneSecond(revokedAt, async () => {
        expectProblem(await onB.post(eventsPath(engagement.id), token, { kind: 'k' }), 401, 'unauthorized', {
          detail: 'engagement_revoked',
        });
      });
    });

    it('rotating the key away on node A ends it and its tokens on node B within 1 s; the new key works there', async () => {
      const { partner, engagement, token } = await engagedPartner(a, admin);
      const onB = fromAddress(b);
      await onB.get('/api/v1/partner/engagements', partner.key).expect(200);
      await onB.get(eventsPath(engagement.id), token).expect(200);
      await beforeChange();
      const rotated = await a.http().post(`/api/v1/admin/partners/${partner.id}/rotate`).set('cookie', admin.cookie).send({}).expect(200);
      const rotatedAt = Date.now();
      await withinOneSecond(rotatedAt, async () => {
        expectProblem(await onB.get('/api/v1/partner/engagements', partner.key), 401, 'unauthorized', { detail: 'partner_key_expired' });
        expectProblem(await onB.get(eventsPath(engagement.id), token), 401, 'unauthorized', { detail: 'partner_key_expired' });
      });
      await onB.get('/api/v1/partner/engagements', rotated.body.partner_key.key).expect(200);
    });
  });
});
