import { makeWorkspace, Registered } from './support/builders';
import { expectProblem } from './support/problem';
import { issueKey, sessionCookie } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

interface Hit {
  kind: string;
  id: string;
  title: string;
  snippet: string;
  inserted_at: string;
}

/** The operator's observability search: full text over traces, messages, agent commands and events. */
describe('observability search', () => {
  let t: TestApp;
  let a: Registered;
  let b: Registered;
  let cookieA: string;
  let cookieB: string;
  const ids: Record<string, string> = {};

  const search = (query: string, cookie = cookieA) => t.http().get(`/api/v1/operator/observability/search?${query}`).set('cookie', cookie);
  const hits = async (query: string, cookie = cookieA): Promise<Hit[]> => (await search(query, cookie).expect(200)).body.hits;

  async function seed(w: Registered, cookie: string, word: string): Promise<Record<string, string>> {
    const key = (await issueKey(t, w, ['traces:write', 'messages:write'])).key;
    const trace = await t
      .http()
      .post('/api/v1/traces')
      .set('x-agent-api-key', key)
      .send({
        name: `${word} gripper calibration`,
        status: 'error',
        started_at: '2026-11-25T10:00:00Z',
        duration_ms: 40,
        attributes: { robot: 'RX-77', note: 'torque limit exceeded' },
        spans: [{ span_id: 'a', name: 'servo handshake', started_at: '2026-11-25T10:00:00Z', duration_ms: 10 }],
      });
    const message = await t
      .http()
      .post('/api/v1/messages')
      .set('x-agent-api-key', key)
      .send({ body: `the ${word} conveyor belt jammed near dock 4`, channel: 'ops' });
    const command = await t
      .http()
      .post('/api/v1/operator/agent_commands')
      .set('cookie', cookie)
      .send({ service_agent_id: w.defaultAgentId, name: 'recalibrate', payload: { reason: `${word} drift` } });
    return { trace: trace.body.trace.id, message: message.body.message.id, command: command.body.agent_command.id };
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await makeWorkspace(t);
    b = await makeWorkspace(t);
    cookieA = await sessionCookie(t, a.email, a.password);
    cookieB = await sessionCookie(t, b.email, b.password);
    Object.assign(ids, await seed(a, cookieA, 'zebra'));
    await seed(b, cookieB, 'zebra');
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the workspace own records of every kind, with a title and a snippet marking the matches', async () => {
    const found = await hits('q=zebra');
    expect(found.map((h) => h.kind).sort()).toEqual(['agent_command', 'event', 'message', 'trace']);
    const trace = found.find((h) => h.kind === 'trace')!;
    expect(trace).toEqual({
      kind: 'trace',
      id: ids.trace,
      title: 'zebra gripper calibration',
      snippet: expect.stringContaining('«zebra»'),
      inserted_at: expect.any(String),
    });
    expect(found.find((h) => h.kind === 'message')).toMatchObject({
      id: ids.message,
      title: 'ops',
      snippet: expect.stringContaining('«zebra» conveyor'),
    });
    expect(found.find((h) => h.kind === 'agent_command')).toMatchObject({ id: ids.command, title: 'recalibrate' });
    expect(found.find((h) => h.kind === 'event')).toMatchObject({ title: 'agent_command.created' });
    // another workspace's records, which match too, never appear
    expect((await hits('q=zebra', cookieB)).map((h) => h.id)).not.toContain(ids.trace);
  });

  it('searches trace attributes and span names, ranks title matches first, and reads web-search syntax', async () => {
    expect((await hits('q=torque')).map((h) => h.id)).toEqual([ids.trace]);
    expect((await hits('q=handshake')).map((h) => h.id)).toEqual([ids.trace]);
    expect((await hits('q=RX-77')).map((h) => h.kind)).toContain('trace');
    expect((await hits('q=' + encodeURIComponent('"conveyor belt"'))).map((h) => h.id)).toEqual([ids.message]);
    expect(await hits('q=' + encodeURIComponent('"belt conveyor"'))).toEqual([]);
    expect((await hits('q=' + encodeURIComponent('zebra -conveyor'))).map((h) => h.kind)).not.toContain('message');
    expect((await hits('q=' + encodeURIComponent('conveyor or torque'))).map((h) => h.kind).sort()).toEqual(['message', 'trace']);
    // "recalibrate" is the command's name (its title): it ranks above the event that mentions it in its data
    const ranked = await hits('q=recalibrate');
    expect(ranked[0].kind).toBe('agent_command');
    expect(await hits('q=nothingmatchesthis')).toEqual([]);
    expect(await hits('q=' + encodeURIComponent('!!!'))).toEqual([]);
  });

  it('kind narrows to one kind, in both filter forms; limit defaults to 20, at most 50', async () => {
    expect((await hits('q=zebra&kind=message')).map((h) => h.kind)).toEqual(['message']);
    expect((await hits('q=zebra&filter[kind]=trace')).map((h) => h.kind)).toEqual(['trace']);
    const key = (await issueKey(t, a, ['messages:write'])).key;
    for (let i = 0; i < 55; i++)
      await t
        .http()
        .post('/api/v1/messages')
        .set('x-agent-api-key', key)
        .send({ body: `quokka sighting ${i}` })
        .expect(201);
    const res = await search('q=quokka').expect(200);
    expect(res.body).toMatchObject({ count: 20 });
    expect(res.body.hits).toHaveLength(20);
    expect((await search('q=quokka&limit=50')).body.count).toBe(50);
    expect(Object.keys(res.body).sort()).toEqual(['count', 'hits']);
  });

  it('q is 1 to 200 characters, an emoji counting as one', async () => {
    expect((await search(`q=${encodeURIComponent('\u{1F916}'.repeat(200))}`)).status).toBe(200);
    expect((await search(`q=${'x'.repeat(200)}`)).status).toBe(200);
  });

  it.each([
    ['', 'invalid_q'],
    ['q=', 'invalid_q'],
    ['q=%20%20', 'invalid_q'],
    [`q=${'x'.repeat(201)}`, 'invalid_q'],
    [`q=${encodeURIComponent('\u{1F916}'.repeat(201))}`, 'invalid_q'],
    ['q=a&q=b', 'invalid_q'],
    ['q=zebra&kind=robot', 'invalid_kind'],
    ['q=zebra&limit=51', 'invalid_limit'],
    ['q=zebra&limit=0', 'invalid_limit'],
  ])('?%s is 400 %s', async (query, detail) => {
    expectProblem(await search(query), 400, 'bad-request', { detail });
  });

  it('finds security violations by what they are about, and kind=security_violation narrows to them', async () => {
    const key = (await issueKey(t, a, ['gateway:check'])).key;
    await t
      .http()
      .post('/api/v1/operator/gateway_rules')
      .set('cookie', cookieA)
      .send({ action: 'firmware.*', effect: 'deny', priority: 1 })
      .expect(201);
    await t
      .http()
      .post('/api/v1/gateway/check')
      .set('x-agent-api-key', key)
      .send({ action: 'firmware.flash', resource: 'okapi-controller' })
      .expect(200);
    const found = await hits('q=okapi&kind=security_violation');
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'security_violation',
        title: 'gateway denied (medium)',
        snippet: expect.stringContaining('«okapi»'),
      }),
    ]);
    expect((await hits('q=okapi')).map((h) => h.kind)).toContain('security_violation');
    expect(await hits('q=okapi', cookieB)).toEqual([]);
  });

  it('accepts 200 characters, and needs a session', async () => {
    await search(`q=${'y'.repeat(200)}`).expect(200);
    await t.http().get('/api/v1/operator/observability/search?q=zebra').expect(401);
  });

  it('/app/search renders hits with the matches marked, escaped, and explains a bad query', async () => {
    const page = await t.http().get('/app/search?q=zebra&kind=').set('cookie', cookieA).expect(200);
    expect(page.text).toContain(`<a href="/app/traces/${ids.trace}">zebra gripper calibration</a>`);
    expect(page.text).toContain('<mark>zebra</mark>');
    const key = (await issueKey(t, a, ['messages:write'])).key;
    await t
      .http()
      .post('/api/v1/messages')
      .set('x-agent-api-key', key)
      .send({ channel: '<img src=x onerror=alert(1)>', body: 'walrus & "friends" <b>bold</b>' })
      .expect(201);
    const escaped = await t.http().get('/app/search?q=walrus').set('cookie', cookieA).expect(200);
    expect(escaped.text).not.toContain('<img src=x');
    expect(escaped.text).toContain('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
    expect(escaped.text).not.toContain('<b>bold</b>');
    const bad = await t
      .http()
      .get(`/app/search?q=${'x'.repeat(201)}`)
      .set('cookie', cookieA)
      .expect(400);
    expect(bad.text).toContain('Enter 1 to 200 characters.');
    expect((await t.http().get('/app/search').set('cookie', cookieA).expect(200)).text).not.toContain('id="hits"');
  });
});
