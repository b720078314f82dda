import { PROBLEM_DOCS } from '../src/docs/problem-docs';
import { makeWorkspace } from './support/builders';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** No dead ends for someone finding their way around: the root, problem links, methods, the favicon. */
describe('no dead ends', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('/ gives a browser the landing page and an API client an index of the documents', async () => {
    const browser = await t.http().get('/').set('accept', BROWSER).expect(200);
    expect(browser.text).toContain('href="/users/register"');
    const api = await t.http().get('/').set('accept', 'application/json').expect(200);
    expect(api.body).toMatchObject({
      docs: { reference: '/api/docs', openapi: '/api/docs-json', asyncapi: '/api/asyncapi.json', problems: '/problems' },
      probes: { health: '/health' },
    });
    for (const path of [
      api.body.docs.reference,
      api.body.docs.openapi,
      api.body.docs.asyncapi,
      api.body.docs.problems,
      api.body.probes.health,
    ]) {
      expect({ path, status: (await t.http().get(path)).status }).toEqual({ path, status: 200 });
    }
  });

  it('every problem type links to a page that explains it; the type of a real answer resolves', async () => {
    for (const [slug, doc] of Object.entries(PROBLEM_DOCS)) {
      const page = await t.http().get(`/problems/${slug}`);
      expect({ slug, status: page.status, type: page.headers['content-type'] }).toEqual({
        slug,
        status: 200,
        type: expect.stringMatching(/^text\/html/),
      });
      expect(page.text).toContain(`<p id="action">`);
      expect(page.text).toContain(`${doc.status}`);
    }
    const refused = await t.http().get('/api/v1/messages');
    const body = expectProblem(refused, 401, 'unauthorized');
    const path = new URL(String(body.type)).pathname;
    const page = await t.http().get(path).expect(200);
    expect(page.text).toContain('Send a valid credential');
    expect((await t.http().get('/problems').expect(200)).text).toContain('href="/problems/rate-limited"');
    expectProblem(await t.http().get('/problems/no-such-thing'), 404, 'not-found');
    expectProblem(await t.http().get('/problems/__proto__'), 404, 'not-found');
  });

  it('a wrong method on a known path is 405 with Allow; an unknown path stays 404', async () => {
    const w = await makeWorkspace(t);
    const res = await t.http().delete('/api/v1/messages').set('x-agent-api-key', w.apiKey);
    expectProblem(res, 405, 'method-not-allowed', { detail: 'method_not_allowed' });
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    const put = await t.http().put(`/api/v1/operator/api_keys/${w.credentialId}/revoke`);
    expectProblem(put, 405, 'method-not-allowed');
    expect(put.headers.allow).toBe('POST');
    expectProblem(await t.http().delete('/api/v1/nothing-here'), 404, 'not-found');
    expectProblem(await t.http().get('/api/v1/messages/extra/segments'), 404, 'not-found');
  });

  it('/favicon.ico is an icon, and pages point at it', async () => {
    const icon = await t.http().get('/favicon.ico').expect(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await t.http().get('/users/log-in').expect(200)).text).toContain('<link rel="icon" href="/favicon.ico"');
  });
});
