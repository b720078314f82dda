import { makeWorkspace, Registered } from './support/builders';
import { mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

const ORIGIN = 'https://fleet.example.com';

describe('websocket /socket in production: the configured HTTPS origin only', () => {
  let t: TestApp;
  let base: string;
  let w: Registered;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        METRICS_BEARER_TOKEN: 'x'.repeat(20),
        SESSION_SECRET: 'y'.repeat(40),
        SECRETS_ENCRYPTION_KEY: 'YWdlbnQtbmV0d29yay1kZXZlbG9wbWVudC1rZXktMzI=', // required in production (the development key, base64)
        BASE_URL: ORIGIN,
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        QUEUE_MAILER_CONCURRENCY: '0',
        QUEUE_PASSWORD_RESETS_CONCURRENCY: '0',
        QUEUE_WEBHOOKS_CONCURRENCY: '0',
      },
    });
    base = await t.listen();
    w = await makeWorkspace(t);
  });
  afterAll(() => t.close());

  it('accepts an upgrade from the configured origin', async () => {
    const { socket_token } = await mintSocketToken(t, w.apiKey);
    const client = await SocketClient.open(socketUrl(base, { socket_token }), { origin: ORIGIN });
    expect((await client.request('heartbeat')).status).toBe('ok');
    client.close();
  });

  it('refuses any other origin, or none, with 403 before looking at the token', async () => {
    const { socket_token } = await mintSocketToken(t, w.apiKey);
    for (const origin of [undefined, 'http://fleet.example.com', 'https://evil.example.com', 'https://fleet.example.com:8443', 'null']) {
      const refusal = await SocketClient.refusal(socketUrl(base, { socket_token }), origin === undefined ? {} : { origin });
      expect({ origin, status: refusal.status }).toEqual({ origin, status: 403 });
      expect(JSON.parse(refusal.body)).toMatchObject({
        type: `${ORIGIN}/problems/forbidden`,
        status: 403,
        detail: 'origin_not_allowed',
      });
    }
  });

  it('from the right origin, still needs a valid token', async () => {
    const refusal = await SocketClient.refusal(socketUrl(base, { socket_token: 'x'.repeat(43) }), { origin: ORIGIN });
    expect(refusal.status).toBe(401);
  });
});
