import { createHash, randomBytes } from 'node:crypto';
import * as bcrypt from 'bcrypt';
import { DataSource } from 'typeorm';
import { MACHINE_SCOPES } from '../src/auth/scopes';
import { PASSWORD, uniqueEmail } from './support/builders';
import { expectProblem } from './support/problem';
import { createTestApp, TestApp } from './support/test-app';
import type { Response } from 'supertest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const API_KEY = /^agk_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}$/;
const EXPECTED_KEY_SCOPES = MACHINE_SCOPES.filter((s) => s !== 'credentials:write');

const rand = () => randomBytes(6).toString('hex');
const sorted = (xs: readonly string[]) => [...xs].sort();
const sha256 = (s: string) => createHash('sha256').update(s).digest();

function payload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: uniqueEmail('reg'),
    password: PASSWORD,
    agent_name: 'Warehouse Bot',
    workspace_name: `Register ${rand()}`,
    ...overrides,
  };
}

/** A 422 validation problem (API.md Conventions); returns its errors map. */
function expectValidation(res: Response): Record<string, string[]> {
  const body = expectProblem(res, 422, 'validation-error', { title: 'Unprocessable Content', detail: 'validation_failed' });
  expect(body.errors).toEqual(expect.any(Object));
  return body.errors as Record<string, string[]>;
}

describe('POST /api/v1/register', () => {
  let t: TestApp;
  let db: DataSource;
  const post = (body: unknown) =>
    t
      .http()
      .post('/api/v1/register')
      .send(body as object);
  const countUsers = async (email: string) => Number((await db.query(`SELECT count(*) AS n FROM users WHERE email = $1`, [email]))[0].n);
  const countWorkspaces = async (name: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM workspaces WHERE name = $1`, [name]))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  describe('201', () => {
    const local = `Ada-${rand()}`;
    const password = `pw-${rand()}-long-enough`;
    const workspaceName = `Analytical Engines ${rand()}`;
    let res: Response;
    let body: any;

    beforeAll(async () => {
      res = await post({
        email: `  ${local}@Example.COM `,
        password,
        agent_name: 'Difference Engine',
        workspace_name: workspaceName,
        name: 'Ada Lovelace',
      });
      body = res.body;
    });

    it('answers 201 with exactly the five objects of the Register response', () => {
      expect(res.status).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(sorted(Object.keys(body))).toEqual(['access_token', 'api_key', 'service_agent', 'user', 'workspace']);
    });

    it('user: id, name, normalized email, confirmed_at null', () => {
      expect(sorted(Object.keys(body.user))).toEqual(['confirmed_at', 'email', 'id', 'name']);
      expect(body.user.id).toMatch(UUID);
      expect(body.user.name).toBe('Ada Lovelace');
      expect(body.user.email).toBe(`${local.toLowerCase()}@example.com`);
      expect(body.user.confirmed_at).toBeNull();
    });

    it('api_key: the agk_ workspace key with every machine scope except credentials:write', () => {
      expect(sorted(Object.keys(body.api_key))).toEqual(['credential_id', 'key', 'scopes', 'service_agent_id', 'type']);
      expect(body.api_key.type).toBe('api_key');
      expect(body.api_key.key).toMatch(API_KEY);
      expect(body.api_key.credential_id).toMatch(UUID);
      expect(body.api_key.service_agent_id).toMatch(UUID);
      expect(sorted(body.api_key.scopes)).toEqual(sorted(EXPECTED_KEY_SCOPES));
      expect(body.api_key.scopes).not.toContain('credentials:write');
      expect(body.api_key.scopes).toHaveLength(MACHINE_SCOPES.length - 1);
    });

    it('access_token: a 30-day bearer token for the same credential and agent', () => {
      expect(sorted(Object.keys(body.access_token))).toEqual([
        'credential_id',
        'expires_in',
        'scopes',
        'service_agent_id',
        'token',
        'type',
      ]);
      expect(body.access_token.type).toBe('bearer');
      expect(body.access_token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.access_token.expires_in).toBe(2592000);
      expect(body.access_token.credential_id).toBe(body.api_key.credential_id);
      expect(sorted(body.access_token.scopes)).toEqual(sorted(EXPECTED_KEY_SCOPES));
    });

    it('the key lives on the hidden agent, not on the default agent that is returned', () => {
      expect(body.api_key.service_agent_id).toBe(body.access_token.service_agent_id);
      expect(body.api_key.service_agent_id).not.toBe(body.service_agent.id);
    });

    it('service_agent: the default agent, active', () => {
      expect(sorted(Object.keys(body.service_agent))).toEqual(['id', 'name', 'slug', 'status']);
      expect(body.service_agent.id).toMatch(UUID);
      expect(body.service_agent.name).toBe('Difference Engine');
      expect(body.service_agent.status).toBe('active');
      expect(body.service_agent.slug).toEqual(expect.any(String));
      expect(body.service_agent.slug.length).toBeGreaterThan(0);
    });

    it('workspace: active, on the free plan', () => {
      expect(sorted(Object.keys(body.workspace))).toEqual(['id', 'name', 'plan', 'slug', 'status']);
      expect(body.workspace.id).toMatch(UUID);
      expect(body.workspace.name).toBe(workspaceName);
      expect(body.workspace.status).toBe('active');
      expect(body.workspace.plan).toBe('free');
      expect(body.workspace.slug).toEqual(expect.any(String));
      expect(body.workspace.slug.length).toBeGreaterThan(0);
    });

    it('stores a bcrypt hash of the password, never the password', async () => {
      const rows = await db.query(`SELECT id, email, password_hash, name FROM users WHERE id = $1`, [body.user.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].email).toBe(body.user.email);
      expect(rows[0].password_hash).toMatch(/^\$2b\$\d\d\$/);
      expect(rows[0].password_hash).not.toContain(password);
      await expect(bcrypt.compare(password, rows[0].password_hash)).resolves.toBe(true);
      const whole = (await db.query(`SELECT row_to_json(u)::text AS j FROM users u WHERE id = $1`, [body.user.id]))[0].j;
      expect(whole).not.toContain(password);
    });

    it('stores only the key prefix and the SHA-256 of its secret; no column holds the key', async () => {
      const key: string = body.api_key.key;
      const [prefixPart, secret] = key.slice('agk_'.length).split('.');
      const rows = await db.query(
        `SELECT prefix, secret_hash, scopes, status, workspace_id, service_agent_id, expires_at, last_used_at
           FROM api_credentials WHERE id = $1`,
        [body.api_key.credential_id],
      );
      expect(rows).toHaveLength(1);
      const row = rows[0];
      expect(row.prefix).toBe(prefixPart);
      expect(Buffer.isBuffer(row.secret_hash)).toBe(true);
      expect(row.secret_hash).toHaveLength(32);
      expect(Buffer.compare(row.secret_hash, sha256(secret))).toBe(0);
      expect(sorted(row.scopes)).toEqual(sorted(EXPECTED_KEY_SCOPES));
      expect(row.status).toBe('usable');
      expect(row.workspace_id).toBe(body.workspace.id);
      expect(row.service_agent_id).toBe(body.api_key.service_agent_id);
      expect(row.expires_at).toBeNull();

      const whole = (
        await db.query(`SELECT row_to_json(c)::text AS j FROM api_credentials c WHERE id = $1`, [body.api_key.credential_id])
      )[0].j as string;
      expect(whole).not.toContain(key);
      expect(whole).not.toContain(secret);

      // The access token is stored as its SHA-256 only, too.
      const token: string = body.access_token.token;
      const tokens = await db.query(`SELECT row_to_json(a)::text AS j, token_hash FROM access_tokens a WHERE credential_id = $1`, [
        body.api_key.credential_id,
      ]);
      expect(tokens).toHaveLength(1);
      expect(Buffer.compare(tokens[0].token_hash, sha256(token))).toBe(0);
      expect(tokens[0].j).not.toContain(token);
    });

    it('makes the user the owner of the new workspace', async () => {
      const rows = await db.query(`SELECT role FROM memberships WHERE user_id = $1`, [body.user.id]);
      expect(rows).toEqual([{ role: 'owner' }]);
      const ws = await db.query(`SELECT workspace_id FROM memberships WHERE user_id = $1`, [body.user.id]);
      expect(ws[0].workspace_id).toBe(body.workspace.id);
    });

    it('creates the hidden workspace-key agent and the visible default agent in the workspace', async () => {
      const hidden = await db.query(`SELECT workspace_id, hidden, status FROM service_agents WHERE id = $1`, [
        body.api_key.service_agent_id,
      ]);
      expect(hidden).toEqual([{ workspace_id: body.workspace.id, hidden: true, status: 'active' }]);
      const visible = await db.query(`SELECT workspace_id, hidden, status, name FROM service_agents WHERE id = $1`, [
        body.service_agent.id,
      ]);
      expect(visible).toEqual([{ workspace_id: body.workspace.id, hidden: false, status: 'active', name: 'Difference Engine' }]);
      const all = await db.query(`SELECT count(*) AS n FROM service_agents WHERE workspace_id = $1`, [body.workspace.id]);
      expect(Number(all[0].n)).toBe(2);
      // the default agent has no credential of its own
      const own = await db.query(`SELECT count(*) AS n FROM api_credentials WHERE service_agent_id = $1`, [body.service_agent.id]);
      expect(Number(own[0].n)).toBe(0);
    });

    it('the returned key and token both authenticate machine routes', async () => {
      await t.http().get('/api/v1/messages').set('authorization', `Bearer ${body.api_key.key}`).expect(200);
      await t.http().get('/api/v1/messages').set('authorization', `Bearer ${body.access_token.token}`).expect(200);
    });
  });

  it('derives the display name from the email local part when name is omitted', async () => {
    const r = rand();
    const res = await post(payload({ email: `ada.lovelace-${r}@x.com` }));
    expect(res.status).toBe(201);
    expect(res.body.user.name).toMatch(/^Ada Lovelace\b/);
    expect(res.body.user.name).toBe(`Ada Lovelace ${r.charAt(0).toUpperCase()}${r.slice(1)}`);
    const rows = await db.query(`SELECT name FROM users WHERE id = $1`, [res.body.user.id]);
    expect(rows[0].name).toBe(res.body.user.name);
  });

  describe('422 validation', () => {
    it.each(['email', 'password', 'agent_name', 'workspace_name'])('a missing %s is errors[field] = ["is required"]', async (field) => {
      const body = payload();
      delete body[field];
      const res = await post(body);
      expect(expectValidation(res)).toEqual({ [field]: ['is required'] });
    });

    it('an empty body reports every required field', async () => {
      const res = await t.http().post('/api/v1/register').set('content-type', 'application/json').send('{}');
      expect(expectValidation(res)).toEqual({
        email: ['is required'],
        password: ['is required'],
        agent_name: ['is required'],
        workspace_name: ['is required'],
      });
    });

    it.each([11, 73])('a password of %i characters is rejected', async (n) => {
      const email = uniqueEmail('pwlen');
      const res = await post(payload({ email, password: 'p'.repeat(n) }));
      expect(Object.keys(expectValidation(res))).toEqual(['password']);
      expect(await countUsers(email)).toBe(0);
    });

    it.each([12, 72])('a password of %i characters is accepted', async (n) => {
      const password = 'p'.repeat(n);
      const res = await post(payload({ password }));
      expect(res.status).toBe(201);
      const rows = await db.query(`SELECT password_hash FROM users WHERE id = $1`, [res.body.user.id]);
      await expect(bcrypt.compare(password, rows[0].password_hash)).resolves.toBe(true);
    });

    it.each([
      ['1 character', 'A'],
      ['121 characters', 'N'.repeat(121)],
      ['1 character after trimming', '  A  '],
    ])('a name of %s is rejected', async (_label, name) => {
      const email = uniqueEmail('namelen');
      const res = await post(payload({ email, name }));
      expect(Object.keys(expectValidation(res))).toEqual(['name']);
      expect(await countUsers(email)).toBe(0);
    });

    it.each([
      ['2 characters', 'Al'],
      ['120 characters', 'N'.repeat(120)],
    ])('a name of %s is accepted', async (_label, name) => {
      const res = await post(payload({ name }));
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe(name);
    });

    it.each(['not-an-email', 'ada@', '@example.com', 'ada example@example.com', 42])('a bad email (%p) is errors.email', async (email) => {
      const res = await post(payload({ email }));
      expect(Object.keys(expectValidation(res))).toEqual(['email']);
    });

    it('an unknown body field is rejected naming the field, and nothing is created', async () => {
      const email = uniqueEmail('unknown');
      const workspace_name = `Unknown ${rand()}`;
      const res = await post(payload({ email, workspace_name, role: 'admin' }));
      expect(expectValidation(res)).toEqual({ role: ['is not an allowed field'] });
      expect(await countUsers(email)).toBe(0);
      expect(await countWorkspaces(workspace_name)).toBe(0);
    });

    it('a body that is not a JSON object is a 422', async () => {
      const res = await t.http().post('/api/v1/register').set('content-type', 'application/json').send('[1,2]');
      expect(expectValidation(res)).toEqual({ body: ['must be a JSON object'] });
    });
  });

  describe('duplicate email', () => {
    it('is a 422 with only errors.email, also when the case and whitespace differ, and reveals nothing else', async () => {
      const local = `dup-${rand()}`;
      const email = `${local}@example.com`;
      const first = await post(payload({ email }));
      expect(first.status).toBe(201);
      const firstHash = (await db.query(`SELECT password_hash FROM users WHERE email = $1`, [email]))[0].password_hash;

      for (const variant of [email, `  ${local.toUpperCase()}@EXAMPLE.com  `]) {
        const res = await post(payload({ email: variant, password: 'another password entirely' }));
        const errors = expectValidation(res);
        expect(Object.keys(errors)).toEqual(['email']);
        expect(errors.email).toEqual([expect.any(String)]);
        expect(sorted(Object.keys(res.body))).toEqual(['detail', 'errors', 'status', 'title', 'type']);
        for (const secret of [first.body.user.id, first.body.workspace.id, first.body.workspace.name, first.body.user.name]) {
          expect(res.text).not.toContain(secret);
        }
      }
      expect(await countUsers(email)).toBe(1);
      // the first account's password is untouched
      const hashAfter = (await db.query(`SELECT password_hash FROM users WHERE email = $1`, [email]))[0].password_hash;
      expect(hashAfter).toBe(firstHash);
    });

    it('a failed registration creates no workspace, agent or membership (one transaction)', async () => {
      const email = uniqueEmail('atomic');
      await post(payload({ email })).expect(201);
      const workspace_name = `Atomic ${rand()}`;
      expect(await countWorkspaces(workspace_name)).toBe(0);
      const res = await post(payload({ email, workspace_name }));
      expect(Object.keys(expectValidation(res))).toEqual(['email']);
      expect(await countWorkspaces(workspace_name)).toBe(0);
      const memberships = await db.query(`SELECT count(*) AS n FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1`, [
        email,
      ]);
      expect(Number(memberships[0].n)).toBe(1);
    });

    it('two concurrent registrations of the same email: exactly one 201 and one 422', async () => {
      const email = uniqueEmail('race');
      const names = [`Race A ${rand()}`, `Race B ${rand()}`];
      const results = await Promise.all(names.map((workspace_name) => post(payload({ email, workspace_name }))));
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      const loser = results.find((r) => r.status === 422)!;
      expect(Object.keys(expectValidation(loser))).toEqual(['email']);
      expect(await countUsers(email)).toBe(1);
      const winnerName = results.find((r) => r.status === 201)!.body.workspace.name;
      const loserName = names.find((n) => n !== winnerName)!;
      expect(await countWorkspaces(winnerName)).toBe(1);
      expect(await countWorkspaces(loserName)).toBe(0);
    });
  });

  it('a malformed JSON body is 400 malformed_json', async () => {
    const res = await t.http().post('/api/v1/register').set('content-type', 'application/json').send('{"email": "a@b.c",');
    expectProblem(res, 400, 'bad-request', { title: 'Bad Request', detail: 'malformed_json' });
  });
});
