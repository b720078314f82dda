import { MessagesService } from '../src/messages/messages.service';
import { makeWorkspace, Registered } from './support/builders';
import { mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

const TOKEN = process.env.METRICS_BEARER_TOKEN!;
const HTML = 'text/html,application/xhtml+xml';

/** A sample of every kind of answer: JSON, problems (4xx and 500), pages, redirects, probes, the scrape, static files. */
async function samples(t: TestApp, w: Registered): Promise<Record<string, Response>> {
  const messages = t.app.get(MessagesService);
  const failing = jest.spyOn(messages, 'list').mockRejectedValueOnce(new Error('injected: a bug, not a dependency'));
  const internalError = await t.http().get('/api/v1/messages').set('x-agent-api-key', w.apiKey);
  failing.mockRestore();
  return {
    'API JSON 200': await t.http().get('/api/v1/messages').set('x-agent-api-key', w.apiKey),
    'API 201': await t.http().post('/api/v1/messages').set('x-agent-api-key', w.apiKey).send({ body: 'hello' }),
    'problem 401': await t.http().get('/api/v1/messages'),
    'problem 404 (unknown route)': await t.http().get('/api/v1/no-such-route'),
    'problem 405': await t.http().delete('/health'),
    'problem 413 (body parser)': await t
      .http()
      .post('/api/v1/messages')
      .set('content-type', 'application/json')
      .send(`{"body":"${'x'.repeat(1_100_000)}"}`),
    'problem 500': internalError,
    'page 200 (log-in)': await t.http().get('/users/log-in').set('accept', HTML),
    'page 404 (error page)': await t.http().get('/app/no-such-page').set('accept', HTML),
    'redirect 302': await t.http().get('/app').set('accept', HTML),
    'site root': await t.http().get('/'),
    'problem type page': await t.http().get('/problems/not-found'),
    '/health': await t.http().get('/health'),
    '/ready': await t.http().get('/ready'),
    '/metrics': await t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`),
    '/metrics 401': await t.http().get('/metrics').set('authorization', 'Bearer wrong-token-0123456789'),
    'static asset (swagger-ui.css)': await t.http().get('/api/docs/swagger-ui.css'),
    favicon: await t.http().get('/favicon.ico'),
    'OpenAPI document': await t.http().get('/api/docs-json'),
  };
}

describe('hardening headers on every answer (ADR 0229)', () => {
  describe('outside production', () => {
    let t: TestApp;
    let w: Registered;
    beforeAll(async () => {
      t = await createTestApp();
      w = await makeWorkspace(t);
    });
    afterAll(() => t.close());

    it('sends x-content-type-options: nosniff on every kind of answer, and no strict-transport-security', async () => {
      const answers = await samples(t, w);
      const statuses = Object.fromEntries(Object.entries(answers).map(([kind, res]) => [kind, res.status]));
      expect(statuses).toMatchObject({
        'API JSON 200': 200,
        'API 201': 201,
        'problem 401': 401,
        'problem 404 (unknown route)': 404,
        'problem 405': 405,
        'problem 413 (body parser)': 413,
        'problem 500': 500,
        'page 200 (log-in)': 200,
        'page 404 (error page)': 404,
        'redirect 302': 302,
        '/health': 200,
        '/ready': 200,
        '/metrics': 200,
        '/metrics 401': 401,
        'static asset (swagger-ui.css)': 200,
        favicon: 200,
        'OpenAPI document': 200,
      });
      expect(answers['problem 500'].body).toMatchObject({ status: 500, detail: 'internal_error' });
      expect(answers['page 404 (error page)'].headers['content-type']).toMatch(/^text\/html/);
      const missing = Object.entries(answers)
        .filter(([, res]) => res.headers['x-content-type-options'] !== 'nosniff')
        .map(([kind]) => kind);
      expect(missing).toEqual([]);
      const hsts = Object.entries(answers)
        .filter(([, res]) => res.headers['strict-transport-security'] !== undefined)
        .map(([kind]) => kind);
      expect(hsts).toEqual([]);
      // the pages keep their own policy
      expect(answers['page 200 (log-in)'].headers['content-security-policy']).toContain("default-src 'none'");
      expect(answers['page 200 (log-in)'].headers['x-frame-options']).toBe('DENY');
    });

    it('on the websocket upgrade too, accepted or refused', async () => {
      const base = await t.listen();
      const refused = await SocketClient.refusal(socketUrl(base, { socket_token: 'not-a-token' }));
      expect(refused.status).toBe(401);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      const { socket_token } = await mintSocketToken(t, w.apiKey);
      const socket = await SocketClient.open(socketUrl(base, { socket_token }));
      expect(socket.upgradeHeaders['x-content-type-options']).toBe('nosniff');
      socket.close();
    });
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      BASE_URL: 'https://fleet.example.com',
      SESSION_SECRET: 's'.repeat(40),
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SECRETS_ENCRYPTION_KEY: 'YWdlbnQtbmV0d29yay1kZXZlbG9wbWVudC1rZXktMzI=',
    };
    let t: TestApp;
    let w: Registered;
    beforeAll(async () => {
      t = await createTestApp({ env: production });
      w = await makeWorkspace(t);
    });
    afterAll(() => t.close());

    it('adds strict-transport-security for a year, without includeSubDomains unless configured, on every kind of answer', async () => {
      const answers = await samples(t, w);
      const wrong = Object.entries(answers)
        .filter(
          ([, res]) =>
            res.headers['strict-transport-security'] !== 'max-age=31536000' || res.headers['x-content-type-options'] !== 'nosniff',
        )
        .map(([kind, res]) => `${kind}: ${res.status} ${String(res.headers['strict-transport-security'])}`);
      expect(wrong).toEqual([]);
      const base = await t.listen();
      const refused = await SocketClient.refusal(socketUrl(base, { socket_token: 'not-a-token' }));
      expect(refused.headers['strict-transport-security']).toBe('max-age=31536000');
    });

    it('HSTS_INCLUDE_SUBDOMAINS and HSTS_MAX_AGE_SECONDS shape the header', async () => {
      const other = await createTestApp({ env: { ...production, HSTS_INCLUDE_SUBDOMAINS: 'true', HSTS_MAX_AGE_SECONDS: '600' } });
      try {
        const res = await other.http().get('/health');
        expect(res.headers['strict-transport-security']).toBe('max-age=600; includeSubDomains');
      } finally {
        await other.close();
      }
    });
  });
});
