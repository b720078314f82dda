import { Client } from 'pg';
import { currentRequest } from '../src/core/common/http/request-context';
import { PreparedSql } from '../src/core/database/pipeline/prepared-sql.service';
import { declaredStatements } from '../src/core/database/statement';
import { EXPIRY_WARNINGS_BATCH } from '../src/expiry-warnings/notices';
import { makeWorkspace, type Registered } from './support/builders';
import { mintSocketToken, SocketClient, socketUrl } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * Every statement the machine plane runs per request (and per websocket upgrade), captured as the service issues it, then
 * EXPLAINed with its own values and sequential scans priced out: a plan that still scans a table
 * or sorts has no index to serve it. A dropped index or an ORDER BY that stops matching one
 * fails here instead of in production at 100,000 rows.
 */
describe('hot statements are served by indexes', () => {
  let t: TestApp;
  let w: Registered;
  const issued = new Map<string, { text: string; values: unknown[] }>();
  /** The statements that went down a pipelined connection (PreparedSql.rows, committedRows and write). */
  const pipelined = new Set<string>();

  /**
   * A request's statements only (or the websocket upgrade's, which runs outside the request
   * context): a queue worker of this app may pick up a job another suite left in the shared Redis
   * (a webhook delivery) while the requests run, and its statements are not the machine plane's.
   */
  let upgrading = false;
  const ofARequest = () => upgrading || currentRequest() !== undefined;

  beforeAll(async () => {
    t = await createTestApp();
    const sql = t.app.get(PreparedSql);
    for (const method of ['rows', 'committedRows', 'pooledRows'] as const) {
      const original = sql[method].bind(sql);
      jest.spyOn(sql, method).mockImplementation(<T>(name: string, text: string, values: unknown[]) => {
        if (ofARequest()) issued.set(name, { text, values });
        if (method !== 'pooledRows') pipelined.add(name);
        return original<T>(name, text, values);
      });
    }
    const write = sql.write.bind(sql);
    jest.spyOn(sql, 'write').mockImplementation((statement, row) => {
      if (ofARequest()) issued.set(statement.label, { text: statement.one, values: statement.oneValues(row) });
      pipelined.add(statement.label);
      return write(statement, row);
    });
    w = await makeWorkspace(t);
    const auth = { authorization: `Bearer ${w.apiKey}` };
    const base = await t.listen();
    const { socket_token } = await mintSocketToken(t, w.apiKey);
    upgrading = true;
    (await SocketClient.open(socketUrl(base, { socket_token }))).close();
    upgrading = false;
    for (const call of [
      t.http().post('/api/v1/messages').set(auth).send({ body: 'hello', channel: 'ops' }),
      t.http().post('/api/v1/tasks').set(auth).send({ title: 'charge', status: 'running' }),
      t.http().get('/api/v1/messages?limit=10').set(auth),
      t
        .http()
        .get('/api/v1/messages?limit=10')
        .set({ authorization: `Bearer ${w.accessToken}` }),
      t.http().get('/api/v1/tasks?limit=10').set(auth),
      t.http().get('/api/v1/tasks?limit=10&status=running').set(auth),
      t
        .http()
        .post('/api/v1/agent_tokens')
        .set({ 'x-agent-api-key': w.apiKey })
        .send({ scopes: ['messages:read'] }),
    ]) {
      const res = await call;
      expect(res.status).toBeLessThan(300);
    }
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  it('captured every per-request statement of the machine plane', () => {
    expect([...issued.keys()].sort()).toEqual([
      'count_tasks',
      'count_tasks_by_status',
      'credential_by_access_token',
      'credential_by_prefix',
      'insert_access_token',
      'insert_message',
      'insert_task',
      'list_messages',
      'list_tasks',
      'list_tasks_by_status',
      'socket_tokens_by_hash',
    ]);
  });

  /** A value as an SQL literal, for EXECUTE (which takes expressions, not protocol parameters). */
  const literal = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Buffer.isBuffer(v)) return `'\\x${v.toString('hex')}'`;
    if (typeof v === 'number') return String(v);
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the hot statements take plain values (Buffers above), whose String() is the text pg sends
    return `'${String(v).replace(/'/g, "''")}'`;
  };

  /** The plan's nodes: with `generic`, the generic plan a pipelined connection runs (it forces them). */
  async function plan(name: string, generic: boolean): Promise<PlanNode[]> {
    const { text, values } = issued.get(name)!;
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      // Tiny test tables: price out whole-table and bitmap reads so the planner shows the ordered index path it would take at volume.
      await db.query('SET enable_seqscan = off; SET enable_bitmapscan = off');
      if (!generic) {
        const { rows } = await db.query({ text: `EXPLAIN (FORMAT JSON) ${text}`, values });
        return flatten(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
      }
      await db.query('SET plan_cache_mode = force_generic_plan');
      await db.query(`PREPARE hot AS ${text}`);
      const { rows } = await db.query(`EXPLAIN (FORMAT JSON) EXECUTE hot(${values.map(literal).join(', ')})`);
      return flatten(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
    } finally {
      await db.end();
    }
  }

  const expectIndexedWithoutSort = (nodes: PlanNode[], table: string) => {
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    // Sort and Incremental Sort alike: the index has to deliver the ORDER BY itself
    expect(nodes.map((n) => n['Node Type']).filter((type) => type.includes('Sort'))).toEqual([]);
    expect(nodes.filter((n) => n['Relation Name'] === table && n['Index Name']).length).toBeGreaterThan(0);
  };

  /** The reads, the table each must reach through an index, and whether it goes down a pipelined connection. */
  const READS: Array<[string, string, boolean]> = [
    ['credential_by_prefix', 'api_credentials', true],
    ['credential_by_access_token', 'access_tokens', true],
    ['socket_tokens_by_hash', 'socket_tokens', true],
    ['list_messages', 'messages', true],
    ['list_tasks', 'tasks', true],
    ['list_tasks_by_status', 'tasks', true],
    ['count_tasks', 'tasks', false],
    ['count_tasks_by_status', 'tasks', false],
  ];

  it.each(READS.filter(([, , onPipeline]) => onPipeline))(
    '%s, pipelined, runs a generic plan that reads %s through an index, without a sort',
    async (name, table) => {
      expect(pipelined.has(name)).toBe(true);
      expectIndexedWithoutSort(await plan(name, true), table);
    },
  );

  it.each(READS)('%s reads %s through an index, without a sort', async (name, table, onPipeline) => {
    expect(pipelined.has(name)).toBe(onPipeline);
    expectIndexedWithoutSort(await plan(name, false), table);
  });
});

/**
 * The expiry-warnings job (ADR 0235) runs on every node, every 30 s, over all workspaces: each of
 * its statements must reach only the rows it may warn of through its index, never a whole table,
 * and without a sort: the expiry warnings through their partial indexes, running out through the
 * claims recorded lately (a btree on claimed_at) and the tokens' keys
 * (migrations/1763700047000-ExpiryWarnings.ts, 1763700048000-ClaimsByTimeBtree.ts). Its statements run in transactions, so they are
 * taken from their declarations and EXPLAINed with the values a run gives them (the database's
 * time, a batch, the last 90 s of claims), as a generic plan and a custom one.
 */
describe("the expiry-warnings job's statements are served by their indexes", () => {
  const JOB: Array<[string, string[]]> = [
    ['claim_expiring_api_keys', ['api_credentials_expiring_idx']],
    ['claim_expiring_enrollment_tokens', ['enrollment_tokens_expiring_idx', 'enrollment_token_slots_pkey']],
    ['claim_exhausted_enrollment_tokens', ['enrollment_claims_claimed_at_idx', 'enrollment_tokens_pkey', 'enrollment_token_slots_pkey']],
  ];
  let db: Client;

  beforeAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded for its side effect: its declarations register
    require('../src/expiry-warnings/expiry-warnings.repository');
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    await db.query('SET enable_seqscan = off');
  });
  afterAll(() => db.end());

  const statementOf = (label: string) => {
    const found = declaredStatements().find((s) => s.label === label);
    if (!found) throw new Error(`no statement is declared as ${label}`);
    return found;
  };

  async function jobPlan(label: string, generic: boolean): Promise<PlanNode[]> {
    const { text, params } = statementOf(label);
    const since = new Date(Date.now() - 90_000);
    if (!generic) {
      const values = [null, EXPIRY_WARNINGS_BATCH, since].slice(0, params.length);
      const { rows } = await db.query({ text: `EXPLAIN (FORMAT JSON) ${text}`, values });
      return flatten(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
    }
    await db.query('SET plan_cache_mode = force_generic_plan');
    try {
      await db.query(`PREPARE job AS ${text}`);
      const values = ['NULL', String(EXPIRY_WARNINGS_BATCH), `'${since.toISOString()}'`].slice(0, params.length);
      const { rows } = await db.query(`EXPLAIN (FORMAT JSON) EXECUTE job(${values.join(', ')})`);
      return flatten(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
    } finally {
      await db.query('DEALLOCATE ALL; RESET plan_cache_mode');
    }
  }

  // The job runs its statements in db.transaction (ManagerTx): unnamed statements, which Postgres
  // plans with their values each time, so the custom plan is the one that runs. A generic plan
  // (what a pipelined, prepared statement would run) guesses a third of the claims for
  // "claimed_at > $3" and, once the table is large, scans another index whole: checked for the
  // two expiry statements, whose partial indexes serve both plans, and not for "claims since".
  const RUNS_GENERIC = new Set(['claim_expiring_api_keys', 'claim_expiring_enrollment_tokens']);
  it.each(
    JOB.flatMap(([label, indexes]) =>
      [true, false].filter((generic) => !generic || RUNS_GENERIC.has(label)).map((generic) => [label, indexes, generic] as const),
    ),
  )('%s reads through %j, without a table scan or a sort (generic plan: %s)', async (label, indexes, generic) => {
    const nodes = await jobPlan(label, generic);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    expect(nodes.map((n) => n['Node Type']).filter((type) => type.includes('Sort'))).toEqual([]);
    const used = new Set(nodes.map((n) => n['Index Name']));
    expect(indexes.filter((index) => !used.has(index))).toEqual([]);
  });
});
