import { ApplicationConfig } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { INSUFFICIENT_SCOPE_DETAIL } from '../src/auth';
import { makeWorkspace, PASSWORD, Registered, uniqueEmail } from './support/builders';
import { expectProblem } from './support/problem';
import { sessionCookie } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

/** Malformed and hostile bodies and queries: each a clear 4xx problem, and nothing written. */
describe('malformed input', () => {
  let t: TestApp;
  let db: DataSource;
  let w: Registered;
  let cookie: string;

  const usersWith = async (email: string) => (await db.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email]))[0].n;
  const tokensOf = async (credentialId: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM access_tokens WHERE credential_id = $1`, [credentialId]))[0].n;
  const registration = (email: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ email, password: PASSWORD, agent_name: 'bot', workspace_name: 'Acme', ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    w = await makeWorkspace(t);
    cookie = await sessionCookie(t, w.email, w.password);
  });
  afterAll(() => t.close());

  it('content-encoding gzip on a plain body is 400 malformed_body, and nothing is registered', async () => {
    const email = uniqueEmail();
    const res = await t
      .http()
      .post('/api/v1/register')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send(registration(email));
    expectProblem(res, 400, 'bad-request', { detail: 'malformed_body' });
    expect(await usersWith(email)).toBe(0);
    const machine = await t
      .http()
      .post('/api/v1/messages')
      .set('x-agent-api-key', w.apiKey)
      .set('content-type', 'application/json')
      .set('content-encoding', 'deflate')
      .send('{"body":"x"}');
    expectProblem(machine, 400, 'bad-request', { detail: 'malformed_body' });
  });

  it('JSON nested past 64 levels is 400 json_too_deep (3,000 levels included); 64 levels are parsed', async () => {
    const nest = (depth: number) => `${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}`;
    for (const depth of [65, 3000]) {
      const email = uniqueEmail();
      const res = await t
        .http()
        .post('/api/v1/register')
        .set('content-type', 'application/json')
        .send(registration(email).replace('"bot"', `"bot","deep":${nest(depth)}`));
      expectProblem(res, 400, 'bad-request', { detail: 'JSON nested deeper than 64 levels' });
      expect(await usersWith(email)).toBe(0);
    }
    // Brackets inside strings do not count.
    const inString = await t
      .http()
      .post('/api/v1/messages')
      .set('x-agent-api-key', w.apiKey)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ body: '['.repeat(5000) }));
    expect(inString.status).toBe(201);
    // 64 levels in all (the body object is the first): parsed, then refused as an unknown field.
    const ok = await t
      .http()
      .post('/api/v1/messages')
      .set('x-agent-api-key', w.apiKey)
      .set('content-type', 'application/json')
      .send(`{"body":"x","deep":${nest(63)}}`);
    expectProblem(ok, 422, 'validation-error');
  });

  it('a NUL character in any string field is 422 naming the field, and nothing is written', async () => {
    const email = uniqueEmail();
    const res = await t
      .http()
      .post('/api/v1/register')
      .set('content-type', 'application/json')
      .send(registration(email, { agent_name: 'bo\u0000t' }));
    const body = expectProblem(res, 422, 'validation-error');
    expect(body.errors).toEqual({ agent_name: ['must not contain the NUL character'] });
    expect(await usersWith(email)).toBe(0);
    const nested = await t
      .http()
      .post('/api/v1/operator/agent_commands')
      .set('cookie', cookie)
      .send({ service_agent_id: w.defaultAgentId, name: 'x', payload: { a: ['ok', 'n\u0000'] } });
    expect(expectProblem(nested, 422, 'validation-error').errors).toEqual({ 'payload.a.1': ['must not contain the NUL character'] });
    const form = await t.http().post('/users/log-in').type('form').send(`email=a%00b%40example.com&password=x`);
    expect(form.status).toBe(422);
  });

  it('__proto__, constructor and prototype keys are unknown fields wherever they are', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const email = uniqueEmail();
      const res = await t
        .http()
        .post('/api/v1/register')
        .set('content-type', 'application/json')
        .send(registration(email).replace('{', `{"${key}":{"admin":true},`));
      expect(expectProblem(res, 422, 'validation-error').errors).toEqual({ [key]: ['is not an allowed field'] });
      expect(await usersWith(email)).toBe(0);
    }
    const nested = await t
      .http()
      .post('/api/v1/operator/agent_commands')
      .set('cookie', cookie)
      .send(`{"service_agent_id":"${w.defaultAgentId}","name":"x","payload":{"__proto__":{"polluted":1}}}`)
      .set('content-type', 'application/json');
    expect(expectProblem(nested, 422, 'validation-error').errors).toEqual({ 'payload.__proto__': ['is not an allowed field'] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an object whose own toString or valueOf is not a function, where a date is expected, is 422 (not a 500)', async () => {
    for (const expires_at of [{ toString: '' }, { valueOf: 1, toString: null }, ['2030-01-01']]) {
      const res = await t
        .http()
        .post(`/api/v1/operator/service_agents/${w.defaultAgentId}/api_keys`)
        .set('cookie', cookie)
        .send({ expires_at });
      expect(expectProblem(res, 422, 'validation-error').errors).toEqual({ expires_at: ['must be an ISO 8601 date-time'] });
    }
  });

  it('a JSON route answers a form, multipart or text body with 415 saying to send JSON, and mints nothing', async () => {
    const before = await tokensOf(w.credentialId);
    const multipart = await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', w.apiKey).field('scopes', 'messages:read');
    expectProblem(multipart, 415, 'unsupported-media-type', { detail: 'send the request body as application/json' });
    const form = await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', w.apiKey).type('form').send('a=1');
    expectProblem(form, 415, 'unsupported-media-type');
    const text = await t
      .http()
      .post('/api/v1/messages')
      .set('x-agent-api-key', w.apiKey)
      .set('content-type', 'text/plain')
      .send('{"body":"x"}');
    expectProblem(text, 415, 'unsupported-media-type');
    expect(await tokensOf(w.credentialId)).toBe(before);
    // No body at all is still fine, and JSON subtypes are JSON.
    expect((await t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', w.apiKey)).status).toBe(200);
    const scimish = await t
      .http()
      .post('/api/v1/messages')
      .set('x-agent-api-key', w.apiKey)
      .set('content-type', 'application/merge-patch+json')
      .send('{"body":"y"}');
    expect(scimish.status).toBe(201);
  });

  it('a route that takes no body refuses one with fields (POST /api/v1/socket_tokens), and takes {} or nothing', async () => {
    const res = await t
      .http()
      .post('/api/v1/socket_tokens')
      .set('x-agent-api-key', w.apiKey)
      .send({ scopes: ['everything'] });
    expect(expectProblem(res, 422, 'validation-error').errors).toEqual({ scopes: ['is not an allowed field'] });
    expect((await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', w.apiKey).send({})).status).toBe(200);
    expect((await t.http().post('/api/v1/socket_tokens').set('x-agent-api-key', w.apiKey)).status).toBe(200);
  });

  it('the bodyless check runs after authentication (401 and 403 win over its 422), also on GET', async () => {
    const fields = { scopes: ['everything'] };
    expectProblem(await t.http().post('/api/v1/socket_tokens').send(fields), 401, 'unauthorized', { detail: 'api_key_required' });
    const readOnly = (
      await t
        .http()
        .post('/api/v1/agent_tokens')
        .set('x-agent-api-key', w.apiKey)
        .send({ scopes: ['messages:read'] })
        .expect(200)
    ).body.token;
    const noScope = await t.http().post('/api/v1/socket_tokens').set('authorization', `Bearer ${readOnly}`).send(fields);
    expectProblem(noScope, 403, 'forbidden', { detail: INSUFFICIENT_SCOPE_DETAIL });
    // A GET takes no body either: a JSON body with fields is refused, before the list is read.
    const get = await t
      .http()
      .get('/api/v1/messages?limit=1')
      .set('x-agent-api-key', w.apiKey)
      .set('content-type', 'application/json')
      .send('{"x":1}');
    expect(expectProblem(get, 422, 'validation-error').errors).toEqual({ x: ['is not an allowed field'] });
    expectProblem(
      await t.http().get('/api/v1/messages?limit=1').set('content-type', 'application/json').send('{"x":1}'),
      401,
      'unauthorized',
    );
  });

  it('the app has no global interceptor (one would put every route through rxjs: bench/README.md, finding 19)', () => {
    expect(t.app.get(ApplicationConfig).getGlobalInterceptors()).toEqual([]);
  });

  it('a plain application/json body read directly answers as body-parser does, body by body (BOM, white space, strictness, depth, bad UTF-8, NUL)', async () => {
    const deep = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const bodies: Array<string | Buffer> = [
      '',
      '   ',
      '{}',
      ' \n\t{}\r\n',
      '\ufeff{}',
      '\ufeff',
      '\ufeff{"scopes":["messages:read"]}',
      '[]',
      '1',
      '"x"',
      'null',
      'true',
      ' 1',
      '{"scopes":["messages:read"]}',
      '{"scopes":[]}',
      '{"scopes":"messages:read"}',
      '{"scopes":["nope"]}',
      '{"a":1}',
      '{bad',
      '{"scopes":["messages:read"]',
      '{"scopes":["messages:read"]} x',
      '{"api_key":"x\\u0000y"}',
      '{"__proto__":{"x":1}}',
      deep(64),
      deep(65),
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // {"a":"<invalid UTF-8>"}
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]), // a UTF-8 BOM as bytes
    ];
    const strip = (res: { status: number; body: Record<string, unknown> }) => {
      const { request_id: _, token: __, ...rest } = res.body ?? {};
      return { status: res.status, body: rest };
    };
    for (const body of bodies) {
      const send = (contentType: string) =>
        t.http().post('/api/v1/agent_tokens').set('x-agent-api-key', w.apiKey).set('content-type', contentType).send(body);
      // read directly (a plain content type) and by body-parser (the same type, spelled so that only body-parser reads it)
      const direct = strip(await send('application/json'));
      const parsed = strip(await send('application/json; charset="utf-8"'));
      expect({ sent: body.toString(), ...direct }).toEqual({ sent: body.toString(), ...parsed });
    }
  });

  it('list parameters sent as arrays or objects are 400 invalid_<name>', async () => {
    const list = (q: string) => t.http().get(`/api/v1/operator/agent_commands?${q}`).set('cookie', cookie);
    expectProblem(await list('status[]=bogus'), 400, 'bad-request', { detail: 'invalid_status' });
    expectProblem(await list('limit[]=1'), 400, 'bad-request', { detail: 'invalid_limit' });
    expectProblem(await list('filter[status][]=pending'), 400, 'bad-request', { detail: 'invalid_status' });
    expectProblem(await list('limit=1&limit=2'), 400, 'bad-request', { detail: 'invalid_limit' });
    expect((await list('limit=1&filter[status]=pending')).status).toBe(200);
  });
});
