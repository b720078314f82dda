import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { runMigrations } from '../src/core/database/migrate';
import { makeWorkspace, Registered } from './support/builders';
import { dropScratchDatabase } from './support/scratch-database';
import { sessionCookie } from './support/sockets';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Property-based fuzzing of every JSON route in the service's own OpenAPI document: arbitrary
 * bodies (any JSON, objects shaped like the schema with values of any type, hostile keys and
 * strings) and arbitrary query strings (bracketed, repeated, huge, control characters), sent with
 * valid credentials of every plane. Whatever arrives: never a 500, never a stack, a problem body
 * for every refusal, and nothing written by a refused request. FUZZ_SEED replays a run; FUZZ_RUNS
 * sets the runs per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/** SCIM writes record even a refusal in the sync log (one row), and nothing else. */
const SCIM_WRITES = new Set(['post', 'put', 'patch', 'delete']);

interface Operation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  body: boolean;
  properties: string[];
  query: string[];
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '',
    ' ',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    "'; DROP TABLE users; --",
    '%00',
    '\uD800',
    'x'.repeat(5000),
  ),
);
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 4 }), hostileString, fc.constant(null));
const keys = (properties: string[]) =>
  fc.oneof(fc.constantFrom(...(properties.length ? properties : ['name']), '__proto__', 'constructor', 'prototype'), fc.string());

function bodies(properties: string[]): fc.Arbitrary<string> {
  const shaped = fc.dictionary(keys(properties), anyJson, { maxKeys: properties.length + 2 }).map((o) => JSON.stringify(o));
  const raw = fc.oneof(
    fc.constantFrom('', '{', '[]', '"x"', '1', 'null', '{"a":', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"__proto__":{"x":1}}'),
    fc.string(),
  );
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: raw },
  );
}

function queries(params: string[]): fc.Arbitrary<string> {
  const names = fc.oneof(
    fc.constantFrom(...params, 'limit', 'offset', 'status', 'filter[status]', 'limit[]', 'status[]', 'filter[status][]', 'filter[x][y]'),
    fc.string({ maxLength: 12 }),
  );
  const values = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer().map(String),
    fc.constantFrom('-1', '0', '1e9', '99999999999', 'NaN', '%00', '[]'),
  );
  return fc
    .array(fc.tuple(names, values), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
}

const pathParams = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('0', '-1', 'null', '%00', '..'));

describe(`fuzzing every JSON route of the OpenAPI document (FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
  let db: DataSource;
  let w: Registered;
  let cookie: string;
  let scimToken: string;
  let operations: Operation[] = [];

  /**
   * Every table of the schema but the migrations log, the outbox's queue of pending events
   * (the relay empties it in the background; an event a request writes is counted in
   * domain_events) and the audit sealer's seals, chain heads and position (written in the
   * background for events of earlier requests; an audit event a request writes is counted in
   * audit_events): its total row count must not move on a refusal.
   */
  let tables: string[] = [];
  const rowCount = async (): Promise<number> =>
    Number((await db.query(`SELECT ${tables.map((name) => `(SELECT count(*) FROM "${name}")`).join(' + ')} AS n`))[0].n);

  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  const dbName = `agentnet_fuzz_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // A database of its own, so row counts move only by what this suite sends.
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    await runMigrations(url.toString());
    t = await createTestApp({ env: { DATABASE_URL: url.toString(), API_RATE_LIMIT: '100000000' } });
    db = t.app.get(DataSource);
    tables = (
      await db.query<{ tablename: string }[]>(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'domain_events_pending', 'audit_seals', 'audit_chains', 'audit_seal_state') ORDER BY 1`,
      )
    ).map((r) => r.tablename);
    w = await makeWorkspace(t);
    cookie = await sessionCookie(t, w.email, w.password);
    const issued = await t.http().post('/api/v1/operator/scim_tokens').set('cookie', cookie).send({ name: 'fuzz' }).expect(201);
    scimToken = issued.body.scim_token.token;
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> }; parameters?: { name: string; in: string }[] }>
      >;
      components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
    };
    const schemaProps = (schema: unknown): string[] => {
      const ref = (schema as { $ref?: string } | undefined)?.$ref;
      const resolved = ref
        ? doc.components?.schemas?.[ref.split('/').pop()!]
        : (schema as { properties?: Record<string, unknown> } | undefined);
      return Object.keys(resolved?.properties ?? {});
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') && !path.startsWith('/scim/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
        const json = op.requestBody?.content?.['application/json'];
        operations.push({
          method: method as Operation['method'],
          path,
          body: method !== 'get' && method !== 'delete',
          properties: schemaProps(json?.schema),
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        });
      }
    }
    // Routes that end the fixture's own session or key would only test themselves.
    operations = operations.filter((o) => !/workspace_key|log-out/.test(o.path));
    process.stdout.write(`[fuzz] seed ${SEED}, ${operations.length} operations, ${RUNS} runs each\n`);
  });
  afterAll(async () => {
    await t?.close();
    await dropScratchDatabase(admin, dbName);
    await admin.end();
  });

  it('covers the document', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it('never answers 500, always a problem for a refusal, and a refusal writes nothing', async () => {
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(pathParams, queries(op.query), bodies(op.properties), async (param, query, body) => {
          const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(param));
          const before = await rowCount();
          const isScim = path.startsWith('/scim/');
          let req = t
            .http()
            [op.method](`${path}${query ? `?${query}` : ''}`)
            .set('cookie', cookie);
          req = isScim ? req.set('authorization', `Bearer ${scimToken}`) : req.set('x-agent-api-key', w.apiKey);
          if (op.body) req = req.set('content-type', 'application/json').send(body);
          const res = await req;
          const where = `${op.method.toUpperCase()} ${path}?${query} ${body.slice(0, 200)}`;
          expect({ where, status: res.status }).toEqual({ where, status: expect.any(Number) });
          if (res.status >= 500) throw new Error(`${res.status} for ${where}: ${res.text.slice(0, 300)}`);
          expect(res.text).not.toMatch(/\n\s+at .+\.(ts|js):\d+/); // no stack trace
          if (res.status >= 400 && isScim) {
            // SCIM answers its own error schema, status as a string
            expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
            expect(res.body).toMatchObject({
              schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
              status: String(res.status),
              detail: expect.any(String),
            });
            // Nothing but, for a refused write the service read, its row in the sync log.
            const written = (await rowCount()) - before;
            expect({ where, written: written === 0 || (written === 1 && SCIM_WRITES.has(op.method)) }).toEqual({ where, written: true });
            if (written === 1) {
              const [last] = await db.query(`SELECT status, status_code FROM scim_sync_events ORDER BY inserted_at DESC, id DESC LIMIT 1`);
              expect({ where, last }).toEqual({ where, last: { status: 'failure', status_code: res.status } });
            }
          } else if (res.status >= 400) {
            expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
            expect(typeof res.body.detail).toBe('string');
            expect({ where, written: (await rowCount()) - before }).toEqual({ where, written: 0 });
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
  }, 600_000);
});
