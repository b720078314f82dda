import { randomUUID } from 'node:crypto';
import { MACHINE_SCOPES } from '../src/auth';
import { buildOpenApiDocument } from '../src/core/openapi/openapi';
import { BEARER_NOT_ACCEPTED } from '../src/credentials/reject-bearer.guard';
import { issueToken, makeCohort, makeFleetOwner, preRegister, uniqueSerial } from './enrollment-support';
import { uniqueEmail } from './support/builders';
import { makeOperator, makePlatformAdmin, sessionCookie, uniqueName, type Operator } from './support/console';
import { rowsOf } from './support/fleet';
import { randomIPv4 } from './support/operator';
import { fromAddress, grant, makePartner, mintToken, type Partner } from './support/partners';
import { PAYMENTS_SECRET, stripeSignature } from './support/payments';
import { issueKey } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import type { Response } from 'supertest';

/**
 * Issue 56: every operation of the OpenAPI document is reached by exactly the means its `security`
 * declares (each kind of credential the service has, presented on every operation), and an
 * operator of workspace A (an admin API token, the owner's session) reaches nothing of workspace
 * B on any /api/v1/operator/* operation. Path params are well-formed ids, bodies are `{}` (or an
 * empty form): a 404 or a 422 is past authentication, and nothing the walk sends can change what
 * it walks with (the routes that end their own credential go last).
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Operation {
  method: Method;
  path: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, unknown> };
}

/** One way in: the headers a request presents, and the OpenAPI security scheme they are. */
interface Means {
  name: string;
  scheme: string;
  headers: Record<string, string>;
}

/**
 * The answers that refuse the means presented rather than what it asked: a strategy's 401 (by its
 * code, as each strategy names it), the API-token strategy's 403 on a route that needs a person and
 * the guard's on a route it cannot serve, a page's redirect to log in, and the payment provider's
 * missing or bad signature. Anything else got past authentication: 403 insufficient_role or
 * platform_admin_required, 403 forbidden to an engagement token on another engagement's id, 404,
 * 409, 422, and a route's own 401 (a wrong password at /users/reauthenticate, which has no code).
 */
const REFUSED_401 = new Set([
  'session_required',
  'invalid_api_token',
  'api_token_revoked',
  'api_token_expired',
  'api_key_required',
  'invalid_api_key',
  'api_key_expired',
  'api_key_archived',
  'api_key_revoked',
  'invalid_token',
  'token_expired',
  'engagement_revoked',
  'partner_key_expired',
  'invalid_scim_token',
  'metrics_token_required',
  'invalid_metrics_token',
]);
const REFUSED_403 = new Set(['person_required', 'route_not_accessible']);
// the token exchange refuses a Bearer header (SPEC.md, its detail): no credential of its kind
const REFUSED_400 = new Set(['missing_signature', 'invalid_signature', 'signature_expired', BEARER_NOT_ACCEPTED]);
const TO_LOG_IN = /^\/users\/log-in(\?return_to=[^&]*)?$/;

/** A problem's code: `error` where it has one, else `detail` (the strategies' refusals name their code there). */
const codeOf = (res: Response): string | undefined => {
  const code: unknown = res.body?.error ?? res.body?.detail;
  return typeof code === 'string' ? code : undefined;
};
function refused(res: Response): boolean {
  const code = codeOf(res);
  if (res.status === 401) return code !== undefined && REFUSED_401.has(code);
  if (res.status === 403) return code !== undefined && REFUSED_403.has(code);
  if (res.status === 400) return code !== undefined && REFUSED_400.has(code);
  return res.status === 302 && TO_LOG_IN.test(res.headers.location ?? '');
}

/** A route that ends the credential it is called with (the machine's key): walked last. */
const SPENDS_ITS_CREDENTIAL = new Set(['/api/v1/credentials/rotate']);
/**
 * Public operations (`security: []`) are walked without credentials, and must take the request.
 * The token exchange declares its key: `x-agent-api-key`, or `{}` for the body's `api_key`.
 */
/** A plain GET of the WebSocket is 404 to anyone: the upgrade's auth is the socket suites'. */
const NOT_WALKED = new Set(['/socket']);

/** Bodies that pass validation where `{}` would not, so that the route gets as far as looking its id up. */
const VALID_BODIES: Record<string, object> = { 'PATCH /api/v1/operator/members/{user_id}': { role: 'member' } };

const OPERATOR_PREFIX = '/api/v1/operator/';
const nameOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
const ADMIN_EMAIL = uniqueEmail('means-admin');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const summary = (res: Response) => `${res.status} ${codeOf(res) ?? res.headers.location ?? ''}`.trim();

describe('operator routes: the means each takes, and nothing across tenants', () => {
  let t: TestApp;
  let operations: Operation[];
  let a: Operator;
  let admin: Operator;
  let partner: Partner;
  let aToken: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUSTED_PROXY_IPS: '127.0.0.1,::1', // each request from an address of its own: no throttle mixes them up
        PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL,
        API_RATE_LIMIT: '100000000',
        PAYMENTS_WEBHOOK_SECRET: PAYMENTS_SECRET,
      },
    });
    const doc = buildOpenApiDocument(t.app, t.config);
    operations = Object.entries(doc.paths)
      .filter(([path]) => !NOT_WALKED.has(path))
      .flatMap(([path, item]) =>
        Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ ...op, method: method as Method, path })),
      );
    [a, admin] = await Promise.all([makeOperator(t), makePlatformAdmin(t, ADMIN_EMAIL)]);
    partner = await makePartner(t, admin);
    const minted = await t
      .http()
      .post(`${OPERATOR_PREFIX}api_tokens`)
      .set('cookie', a.cookie)
      .send({ name: uniqueName('walk'), role: 'admin' });
    expect(minted.status).toBe(201);
    aToken = minted.body.api_token.token;
  });
  afterAll(() => t?.close());

  /** `op` with each path param filled in by `param(the segment before it)`; `{}` or an empty form as its body. */
  const send = (op: Operation, headers: Record<string, string>, param: (segment: string) => string = () => randomUUID()) => {
    const segments = op.path.split('/');
    const path = segments.map((s, i) => (/^\{.+\}$/.test(s) ? param(segments[i - 1]) : s)).join('/');
    const req = t.http()[op.method](path).set('x-forwarded-for', randomIPv4()).set(headers);
    if (op.method === 'get' || op.method === 'delete') return req;
    const form = op.requestBody?.content?.['application/x-www-form-urlencoded'] !== undefined;
    return form ? req.type('form').send('') : req.type('json').send(VALID_BODIES[nameOf(op)] ?? {});
  };

  it('each operation is reached by exactly the means its security declares, and a token never where a person is needed', async () => {
    const { key } = await issueKey(t, a.reg, [...MACHINE_SCOPES]);
    const scim = await t
      .http()
      .post(`${OPERATOR_PREFIX}scim_tokens`)
      .set('cookie', a.cookie)
      .send({ name: uniqueName('walk') });
    const exchanged = await t.http().post('/api/v1/agent_tokens').send({ api_key: key });
    const engagement = await grant(t, a, partner.id);
    const engagementToken = await mintToken(fromAddress(t), partner.key, engagement.id);
    expect([scim.status, exchanged.status]).toEqual([201, 200]);
    const means: Means[] = [
      { name: 'session', scheme: 'session', headers: { cookie: a.cookie } },
      { name: 'aot_ token', scheme: 'api-token', headers: bearer(aToken) },
      { name: 'agk_ bearer', scheme: 'machine', headers: bearer(key) },
      { name: 'access token', scheme: 'machine', headers: bearer(exchanged.body.token) },
      { name: 'agk_ header', scheme: 'agent-api-key', headers: { 'x-agent-api-key': key } },
      { name: 'scim_ token', scheme: 'scim', headers: bearer(scim.body.scim_token.token) },
      { name: 'mpk_ key', scheme: 'partner', headers: bearer(partner.key) },
      { name: 'engagement token', scheme: 'engagement', headers: bearer(engagementToken) },
      { name: 'metrics token', scheme: 'metrics', headers: bearer(t.config.metricsBearerToken!) },
      { name: 'payment signature', scheme: 'payments-signature', headers: { 'stripe-signature': stripeSignature('{}') } },
    ];
    const none: Means = { name: 'none', scheme: '', headers: {} };

    const secured = operations.filter((op) => op.security?.length);
    const open = operations.filter((op) => !op.security?.length);
    // every operation says how it is reached: public ones with an empty list
    expect(operations.filter((op) => op.security === undefined).map(nameOf)).toEqual([]);
    const ordered = [
      ...secured.filter((op) => !SPENDS_ITS_CREDENTIAL.has(op.path)),
      ...secured.filter((op) => SPENDS_ITS_CREDENTIAL.has(op.path)),
    ];
    const mismatches: string[] = [];
    const unexpected: string[] = [];
    for (const op of ordered) {
      const schemes = new Set(op.security!.flatMap((s) => Object.keys(s)));
      const presented = [none, ...means];
      const answers = await Promise.all(presented.map((m) => send(op, m.headers)));
      const declared = presented.filter((m) => schemes.has(m.scheme)).map((m) => m.name);
      const through = presented.filter((_, i) => !refused(answers[i])).map((m) => m.name);
      const where = nameOf(op);
      if (through.join() !== declared.join()) {
        const how = answers.map((r, i) => `${presented[i].name}: ${summary(r)}`).join('; ');
        mismatches.push(`${where} declares [${declared.join(', ')}], reached by [${through.join(', ')}] (${how})`);
      }
      answers.forEach((r, i) => {
        if (r.status === 429 || r.status >= 500) unexpected.push(`${where} with ${presented[i].name}: ${summary(r)}`);
      });
    }
    const refusedOpen: string[] = [];
    for (const op of open) {
      if (refused(await send(op, none.headers))) refusedOpen.push(nameOf(op));
    }
    process.stdout.write(
      `[means] ${secured.length} secured operations walked with ${means.length + 1} means each; ${open.length} public ones without\n`,
    );
    expect(secured.length).toBeGreaterThan(200);
    expect(mismatches).toEqual([]);
    expect(refusedOpen).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  /** Workspace B with one of each resource an operator route names by id, and those ids by the path segment naming them. */
  async function workspaceB() {
    const b = await makeFleetOwner(t); // a team plan: room for a robot
    const created = async (path: string, body: object, key: string): Promise<{ id: string } & Record<string, unknown>> => {
      const res = await t.http().post(`${OPERATOR_PREFIX}${path}`).set('cookie', b.cookie).send(body);
      if (res.status !== 201) throw new Error(`B: POST ${path}: ${res.status} ${res.text}`);
      return res.body[key];
    };
    const machine = await issueKey(t, b.reg, ['gateway:check', 'messages:read', 'traces:write']);
    const at = new Date(t.clock.now()).toISOString();
    const trace = await t
      .http()
      .post('/api/v1/traces')
      .set('x-agent-api-key', machine.key)
      .send({
        name: 'b',
        status: 'ok',
        started_at: at,
        duration_ms: 1,
        spans: [{ span_id: 's0', name: 'b', started_at: at, duration_ms: 1 }],
      });
    expect(trace.status).toBe(201);
    await created('gateway_rules', { action: 'deploy', effect: 'require_approval' }, 'gateway_rule');
    const checked = await t.http().post('/api/v1/gateway/check').set('x-agent-api-key', machine.key).send({ action: 'deploy' });
    expect(checked.body.decision).toBe('require_approval');
    const token = await created('api_tokens', { name: uniqueName('b'), role: 'member' }, 'api_token');
    const sessions = await t.http().get(`${OPERATOR_PREFIX}me/sessions`).set('cookie', b.cookie).expect(200);
    const ids: Record<string, string> = {
      service_agents: b.reg.defaultAgentId,
      api_keys: machine.credentialId,
      enrollment_tokens: (await issueToken(t, b)).id,
      robots: (await preRegister(t, b, uniqueSerial())).id,
      cohorts: (await makeCohort(t, b, uniqueName('cohort'))).id,
      webhook_subscriptions: (
        await created(
          'webhook_subscriptions',
          { url: 'http://127.0.0.1:9/hooks/b', event_types: ['robot.claimed'] },
          'webhook_subscription',
        )
      ).id,
      gateway_rules: (await created('gateway_rules', { action: 'wipe', effect: 'deny' }, 'gateway_rule')).id,
      approvals: checked.body.approval.id,
      traces: trace.body.trace.id,
      api_tokens: token.id,
      scim_tokens: (await created('scim_tokens', { name: uniqueName('b') }, 'scim_token')).id,
      invitations: (await created('invitations', { email: uniqueEmail('b-invitee'), role: 'member' }, 'invitation')).id,
      engagements: (await grant(t, b, partner.id)).id,
      members: b.reg.body.user.id,
      sessions: sessions.body.sessions[0].id,
    };
    return { b, ids, key: machine.key, token: token.token as string };
  }

  /**
   * Everything of B's: each row of B in every table with a workspace_id, its owner's account and
   * sessions. Not `last_used_at`: B's own key, used while B was set up, has it written in batches.
   */
  async function rowsOfB(workspaceId: string, userId: string): Promise<Record<string, unknown[]>> {
    const tables: { table_name: string }[] = await rowsOf(
      t,
      `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'workspace_id' AND table_name <> 'audit_chains'`,
    );
    const out: Record<string, unknown[]> = {};
    for (const { table_name: table } of tables) {
      const rows: { row: string }[] = await rowsOf(
        t,
        `SELECT (to_jsonb(x) - 'last_used_at')::text AS row FROM "${table}" x WHERE workspace_id = $1 ORDER BY 1`,
        [workspaceId],
      );
      out[table] = rows.map((r) => r.row);
    }
    out.users = await rowsOf(t, `SELECT * FROM users WHERE id = $1`, [userId]);
    out.sessions = await rowsOf(t, `SELECT * FROM user_sessions WHERE user_id = $1 ORDER BY id`, [userId]);
    return out;
  }

  it("an admin token and the owner's session of A reach nothing of B's on any operator route, and B is unchanged", async () => {
    const { b, ids, key, token } = await workspaceB();
    const bOwnId = (segment: string) => ids[segment] ?? randomUUID();
    const bIds = new Set([b.reg.workspaceId, ...Object.values(ids)]);
    const aSession = await sessionCookie(t, a.reg);
    // A's token and session are live before and after (a dead one would be refused everywhere, and prove nothing)
    const live = async () => {
      for (const headers of [bearer(aToken), { cookie: aSession }]) await t.http().get(`${OPERATOR_PREFIX}robots`).set(headers).expect(200);
    };
    await live();
    const fromA: { name: string; headers: Record<string, string>; onB: boolean }[] = [
      { name: "A's token", headers: bearer(aToken), onB: false },
      { name: "A's token naming B", headers: { ...bearer(aToken), 'x-workspace-id': b.reg.workspaceId }, onB: true },
      { name: "A's session", headers: { cookie: aSession }, onB: false },
      { name: "A's session naming B", headers: { cookie: aSession, 'x-workspace-id': b.reg.workspaceId }, onB: true },
    ];
    const walked = operations.filter((op) => op.path.startsWith(OPERATOR_PREFIX));
    const before = await rowsOfB(b.reg.workspaceId, b.reg.body.user.id);

    const reached: string[] = [];
    const unprobed: string[] = [];
    let withIdsOfB = 0;
    for (const op of walked) {
      const names = op.path.split('/');
      const namesB = names.some((s, i) => /^\{.+\}$/.test(s) && ids[names[i - 1]] !== undefined);
      if (namesB) withIdsOfB++;
      const answers = await Promise.all(fromA.map((m) => send(op, m.headers, bOwnId)));
      answers.forEach((res, i) => {
        const where = `${nameOf(op)} with ${fromA[i].name}: ${summary(res)}`;
        const ok = res.status >= 200 && res.status < 300;
        // A's own routes may answer A (a list, a new enrollment token); never with anything of B's
        if (ok && (namesB || fromA[i].onB || [...bIds].some((id) => res.text.includes(id)))) reached.push(where);
        if (res.status === 429 || res.status >= 500) reached.push(where);
        // refused for its body before B's id was looked up: give it a valid one in VALID_BODIES
        if (namesB && res.status === 422) unprobed.push(where);
      });
    }
    process.stdout.write(
      `[cross-tenant] ${walked.length} operator operations, ${withIdsOfB} with B's ids, each with ${fromA.length} credentials of A\n`,
    );
    expect(walked.length).toBeGreaterThan(100);
    expect(withIdsOfB).toBeGreaterThanOrEqual(30);
    expect(reached).toEqual([]);
    expect(unprobed).toEqual([]);

    await live();
    expect(await rowsOfB(b.reg.workspaceId, b.reg.body.user.id)).toEqual(before);
    // B's credentials still work, and B's lists are what B made
    await t.http().get('/api/v1/messages').set('x-agent-api-key', key).expect(200);
    const robots = await t.http().get(`${OPERATOR_PREFIX}robots`).set(bearer(token)).expect(200);
    expect(robots.body.robots.map((r: { id: string }) => r.id)).toEqual([ids.robots]);
    const agents = await t.http().get(`${OPERATOR_PREFIX}service_agents`).set('cookie', b.cookie).expect(200);
    expect(agents.body.service_agents.map((x: { id: string }) => x.id)).toContain(ids.service_agents);
  });
});
