import { randomUUID } from 'node:crypto';
import { MACHINE_SCOPES } from '../src/auth';
import { buildOpenApiDocument } from '../src/core/openapi/openapi';
import { uniqueEmail } from './support/builders';
import { makeOperator, makePlatformAdmin, uniqueName, type Operator } from './support/console';
import { randomIPv4 } from './support/operator';
import { fromAddress, grant, makePartner, mintToken, type Partner } from './support/partners';
import { PAYMENTS_SECRET, stripeSignature } from './support/payments';
import { issueKey } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import type { Response } from 'supertest';

/**
 * Issue 56: every operation of the OpenAPI document is reached by exactly the means its `security`
 * declares (each kind of credential the service has, presented on every operation). Path params
 * are well-formed ids, bodies are `{}` (or an empty form): a 404 or a 422 is past authentication,
 * and nothing the walk sends can change what it walks with (the routes that end their own
 * credential go last).
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
const REFUSED_400 = new Set(['missing_signature', 'invalid_signature', 'signature_expired']);
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
 * Public operations (no `security`) are walked without credentials, and must take the request. The
 * token exchange is the one that needs a credential all the same: an agk_ key in x-agent-api-key
 * or in the body's `api_key` (the body's alternative is why its document declares no scheme).
 */
const PUBLIC_NEEDING_A_KEY = new Set(['POST /api/v1/agent_tokens']);
/** A plain GET of the WebSocket is 404 to anyone: the upgrade's auth is the socket suites'. */
const NOT_WALKED = new Set(['/socket']);

const OPERATOR_PREFIX = '/api/v1/operator/';
const nameOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
const ADMIN_EMAIL = uniqueEmail('means-admin');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const summary = (res: Response) => `${res.status} ${codeOf(res) ?? res.headers.location ?? ''}`.trim();

describe('operator routes: the means each takes', () => {
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
    return form ? req.type('form').send('') : req.type('json').send({});
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
    expect(refusedOpen).toEqual([...PUBLIC_NEEDING_A_KEY]);
    expect(unexpected).toEqual([]);
  });
});
