import { ProblemError } from './errors';
import { OperatorClient, pages } from './operator-client';
import { FakeService, json, problem } from './testing/fake-service';
import type { RobotList } from './api-types';

const TOKEN = 'aot_AAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const OP = '/api/v1/operator';

describe('OperatorClient options', () => {
  it('needs an aot_ token and a base URL, and keeps plain http to loopback', () => {
    expect(() => new OperatorClient({ baseUrl: 'http://127.0.0.1:4000' } as never)).toThrow(/operator API token/);
    for (const apiToken of ['agk_a.b', 'mpk_a.b', 'aot_nodot', 'aot_a.b c', `Bearer ${TOKEN}`]) {
      expect(() => new OperatorClient({ baseUrl: 'http://127.0.0.1:4000', apiToken })).toThrow(/operator API token/);
    }
    expect(() => new OperatorClient({ baseUrl: 'http://agents.example.com', apiToken: TOKEN })).toThrow(/clear text/);
    expect(new OperatorClient({ baseUrl: 'https://agents.example.com/', apiToken: TOKEN }).http.baseUrl).toBe('https://agents.example.com');
  });
});

describe('OperatorClient against a local service', () => {
  let service: FakeService;
  let operator: OperatorClient;
  /** Query strings by `METHOD path`, as the service received them. */
  let queries: Map<string, string>;

  beforeEach(async () => {
    service = new FakeService();
    queries = new Map();
    operator = new OperatorClient({ baseUrl: await service.start(), apiToken: TOKEN, rateLimit: { maxWaitMs: 2000 } });
  });
  afterEach(() => service.close());

  /** A route answering `status` with `body`, keeping the query it was sent with. */
  const answer = (methodAndPath: string, status: number, body?: unknown) =>
    service.route(methodAndPath, (_req, res, raw) => {
      queries.set(methodAndPath, new URL(raw.url ?? '/', 'http://x').search);
      if (body === undefined) {
        res.writeHead(status);
        res.end();
      } else json(res, status, body);
    });

  const agent = { id: 'sa-1', name: 'Line 4', slug: 'line-4', status: 'active', scopes: [], inserted_at: 't', updated_at: 't' };
  const robot = { id: 'r/1', serial_number: 'SN-1', status: 'pending' };
  const page = { limit: 50, offset: 0, total: 1, has_more: false };

  it('sends each route its method, path (ids encoded), body and the token, and answers the resource', async () => {
    answer(`GET ${OP}/service_agents`, 200, { service_agents: [agent], count: 1 });
    answer(`POST ${OP}/service_agents`, 201, { service_agent: agent });
    answer(`PATCH ${OP}/service_agents/sa-1`, 200, { service_agent: { ...agent, status: 'inactive' } });
    answer(`POST ${OP}/service_agents/sa-1/api_keys`, 201, { api_key: { key: 'agk_x.y', credential_id: 'c-1' } });
    answer(`POST ${OP}/api_keys/c-1/archive`, 200, { api_key: { credential_id: 'c-1', status: 'archived' } });
    answer(`POST ${OP}/api_keys/c-1/revoke`, 200, { api_key: { credential_id: 'c-1', status: 'revoked' } });
    answer(`POST ${OP}/enrollment_tokens`, 201, { enrollment_token: { id: 'e-1', token: 'age_x.y' } });
    answer(`POST ${OP}/enrollment_tokens/e-1/revoke`, 200, { enrollment_token: { id: 'e-1', status: 'revoked' } });
    answer(`POST ${OP}/robots`, 201, { robot });
    answer(`POST ${OP}/robots/r%2F1/retire`, 200, { robot: { ...robot, status: 'retired' } });
    answer(`POST ${OP}/robots/r%2F1/reset`, 200, { robot });
    answer(`POST ${OP}/cohorts`, 201, { cohort: { id: 'co-1', name: 'Line 4' } });
    answer(`GET ${OP}/cohorts/co-1`, 200, { cohort: { id: 'co-1' }, members: [robot], count: 1, pagination: page });
    answer(`POST ${OP}/agent_commands`, 201, { agent_command: { id: 'cmd-1', status: 'pending' } });
    answer(`POST ${OP}/webhook_subscriptions`, 201, { webhook_subscription: { id: 'w-1', secret: 'whsec_x' } });
    answer(`DELETE ${OP}/webhook_subscriptions/w-1`, 204);

    expect(await operator.listServiceAgents()).toEqual({ service_agents: [agent], count: 1 });
    expect(await operator.createServiceAgent({ name: 'Line 4', scopes: ['messages:read'] })).toEqual(agent);
    expect(await operator.updateServiceAgent('sa-1', { status: 'inactive' })).toMatchObject({ status: 'inactive' });
    expect(await operator.issueApiKey('sa-1', { scopes: ['messages:read'] })).toMatchObject({ key: 'agk_x.y' });
    expect(await operator.archiveApiKey('c-1')).toMatchObject({ status: 'archived' });
    expect(await operator.revokeApiKey('c-1')).toMatchObject({ status: 'revoked' });
    expect(await operator.createEnrollmentToken({ max_claims: 3, serial_allowlist: ['SN-1'] })).toMatchObject({ token: 'age_x.y' });
    expect(await operator.revokeEnrollmentToken('e-1')).toMatchObject({ status: 'revoked' });
    expect(await operator.preRegisterRobot({ serial_number: 'SN-1' })).toEqual(robot);
    expect(await operator.retireRobot('r/1')).toMatchObject({ status: 'retired' });
    expect(await operator.resetRobot('r/1')).toEqual(robot);
    expect(await operator.createCohort({ name: 'Line 4' })).toMatchObject({ id: 'co-1' });
    expect(await operator.showCohort('co-1', { limit: 10 })).toMatchObject({ members: [robot] });
    expect(await operator.createAgentCommand({ service_agent_id: 'sa-1', name: 'reboot' })).toMatchObject({ id: 'cmd-1' });
    expect(await operator.createWebhookSubscription({ url: 'https://hooks.example.com/x', event_types: ['robot.claimed'] })).toMatchObject({
      secret: 'whsec_x',
    });
    expect(await operator.deleteWebhookSubscription('w-1')).toBeUndefined();

    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([...service.routes.keys()]);
    expect(service.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(service.requests.filter((r) => r.method === 'GET' || r.method === 'DELETE').map((r) => r.body)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const bodies = Object.fromEntries(service.requests.map((r) => [`${r.method} ${r.path}`, r.body]));
    expect(bodies).toMatchObject({
      [`POST ${OP}/service_agents`]: { name: 'Line 4', scopes: ['messages:read'] },
      [`PATCH ${OP}/service_agents/sa-1`]: { status: 'inactive' },
      [`POST ${OP}/service_agents/sa-1/api_keys`]: { scopes: ['messages:read'] },
      [`POST ${OP}/enrollment_tokens`]: { max_claims: 3, serial_allowlist: ['SN-1'] },
      [`POST ${OP}/robots`]: { serial_number: 'SN-1' },
      [`POST ${OP}/agent_commands`]: { service_agent_id: 'sa-1', name: 'reboot' },
    });
    expect(queries.get(`GET ${OP}/cohorts/co-1`)).toBe('?limit=10');
  });

  it("lists pass the document's paging and filters through, and answer pagination", async () => {
    const empty = { count: 0, pagination: { ...page, total: 0 } };
    answer(`GET ${OP}/robots`, 200, { robots: [], ...empty });
    answer(`GET ${OP}/enrollment_tokens`, 200, { enrollment_tokens: [], ...empty });
    answer(`GET ${OP}/cohorts`, 200, { cohorts: [], ...empty });
    answer(`GET ${OP}/webhook_subscriptions`, 200, { webhook_subscriptions: [], ...empty });
    answer(`GET ${OP}/agent_commands`, 200, { agent_commands: [], count: 0 });

    expect(await operator.listRobots({ limit: 5, offset: 10, 'filter[status]': 'pending' })).toEqual({ robots: [], ...empty });
    await operator.listEnrollmentTokens({ limit: 100 });
    await operator.listCohorts();
    await operator.listWebhookSubscriptions({ status: 'disabled' });
    await operator.listAgentCommands({ limit: 3, status: 'failed' });

    expect(Object.fromEntries(queries)).toEqual({
      [`GET ${OP}/robots`]: '?limit=5&offset=10&filter%5Bstatus%5D=pending',
      [`GET ${OP}/enrollment_tokens`]: '?limit=100',
      [`GET ${OP}/cohorts`]: '',
      [`GET ${OP}/webhook_subscriptions`]: '?status=disabled',
      [`GET ${OP}/agent_commands`]: '?limit=3&status=failed',
    });
  });

  it('pages() walks an offset-paged list until has_more is false', async () => {
    const total = 5;
    service.route(`GET ${OP}/robots`, (_req, res, raw) => {
      const q = new URL(raw.url ?? '/', 'http://x').searchParams;
      const [limit, offset] = [Number(q.get('limit')), Number(q.get('offset'))];
      const robots = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ ...robot, id: `r-${offset + i}` }));
      json(res, 200, { robots, count: robots.length, pagination: { limit, offset, total, has_more: offset + robots.length < total } });
    });
    const seen: string[] = [];
    const offsets: number[] = [];
    for await (const p of pages<RobotList>((at) => operator.listRobots({ ...at, limit: 2 }))) {
      offsets.push(p.pagination.offset);
      seen.push(...p.robots.map((r) => r.id));
    }
    expect(offsets).toEqual([0, 2, 4]);
    expect(seen).toEqual(['r-0', 'r-1', 'r-2', 'r-3', 'r-4']);
  });

  it('refusals are ProblemErrors naming the request, never the token', async () => {
    answer(`POST ${OP}/robots`, 403, problem(403, 'forbidden', 'insufficient_role'));
    answer(`GET ${OP}/robots`, 401, problem(401, 'unauthorized', 'api_token_revoked'));
    answer(`POST ${OP}/cohorts`, 422, problem(422, 'validation-error', 'validation_failed', { errors: { name: ['is taken'] } }));

    const caught = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (err: unknown) => err as ProblemError,
      );
    const [forbidden, revoked, invalid] = [
      await caught(operator.preRegisterRobot({ serial_number: 'SN-1' })),
      await caught(operator.listRobots()),
      await caught(operator.createCohort({ name: 'x' })),
    ];
    expect(forbidden).toBeInstanceOf(ProblemError);
    expect(forbidden).toMatchObject({ status: 403, slug: 'forbidden', detail: 'insufficient_role' });
    expect(forbidden?.message).toBe(`403 forbidden: insufficient_role (POST ${OP}/robots)`);
    expect(revoked).toMatchObject({ status: 401, slug: 'unauthorized', detail: 'api_token_revoked' });
    expect(invalid).toMatchObject({ status: 422, errors: { name: ['is taken'] } });
    for (const err of [forbidden, revoked, invalid]) expect(`${err?.message} ${JSON.stringify(err)}`).not.toContain(TOKEN.slice(4));
  });

  it('waits out a 429 as its retry-after says (token requests count in the machine rate limit)', async () => {
    let calls = 0;
    service.route(`GET ${OP}/service_agents`, (_req, res) => {
      if (++calls === 1) return json(res, 429, problem(429, 'rate-limited', 'rate_limited'), { 'retry-after': '0' });
      json(res, 200, { service_agents: [], count: 0 });
    });
    expect(await operator.listServiceAgents()).toEqual({ service_agents: [], count: 0 });
    expect(calls).toBe(2);
  });
});
