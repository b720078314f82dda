/**
 * Traces and search on the production build:
 *
 * 1. Trace ingest: POST /api/v1/traces with 50 spans each, against the baseline measured in the
 *    same run on the same service and concurrency: POST /api/v1/messages (a one-row write).
 * 2. Search: GET /api/v1/operator/observability/search over 100,000 rows of mixed kinds (messages,
 *    traces, agent commands, events), then the same queries over 1,000,000 rows. Each query names
 *    a term that matches about 20 rows at either size (a serial, a tag: what operators look up),
 *    so a flat cost is what an index that reads matches, not tables, gives. A common word
 *    (matching a tenth of all rows) is reported too: its cost follows its matches.
 *
 *   npm run bench:observability    (BENCH_TRACES, BENCH_SEARCH_ROWS, BENCH_SEARCH_QUERIES override)
 */
import { Client } from 'pg';
import { productionServiceEnv, startProcess } from './processes';
import { drive, type Run } from './support/drive';
import { writeResults } from './support/results';
import { benchTrace as trace } from './support/traces';
import { registerWorkspace, sessionCookie } from './support/workspace';

const TRACES = Number(process.env.BENCH_TRACES ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SMALL = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const LARGE = SMALL * 10;
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 400);
/** Rows per distinct tag: each tag query matches about this many rows at any size. */
const ROWS_PER_TAG = 20;
const DATABASE_URL = process.env.BENCH_DATABASE_URL!;

/**
 * Adds rows `from`..`to`-1 of mixed kinds to the workspace, in SQL: row n carries the tag
 * `tag<n / ROWS_PER_TAG>` and, one row in ten, the word `error`.
 */
async function seed(db: Client, workspaceId: string, agentId: string, from: number, to: number): Promise<void> {
  const text = (n: string) =>
    `'unit ' || ${n} || ' tag' || (${n} / ${ROWS_PER_TAG}) || ' dock ' || (${n} % 97) || CASE WHEN ${n} % 10 = 0 THEN ' error' ELSE '' END`;
  for (let start = from; start < to; start += 100_000) {
    const end = Math.min(to, start + 100_000) - 1;
    const series = `generate_series(${start}, ${end}) AS n`;
    await db.query(
      `INSERT INTO messages (workspace_id, service_agent_id, body, channel)
      SELECT $1, $2, ${text('n')}, 'ops' FROM ${series} WHERE n % 5 IN (0, 1)`,
      [workspaceId, agentId],
    );
    await db.query(
      `INSERT INTO traces (workspace_id, service_agent_id, trace_id, name, status, started_at, duration_ms, attributes)
      SELECT $1, $2, 'seed-' || n, ${text('n')}, 'ok', now(), 10, '{}'::jsonb FROM ${series} WHERE n % 5 = 2`,
      [workspaceId, agentId],
    );
    await db.query(
      `INSERT INTO agent_commands (workspace_id, service_agent_id, name, payload)
      SELECT $1, $2, 'inspect', jsonb_build_object('note', ${text('n')}) FROM ${series} WHERE n % 5 = 3`,
      [workspaceId, agentId],
    );
    // published: no row in domain_events_pending (migration DomainEventsPending)
    await db.query(
      `INSERT INTO domain_events (workspace_id, type, data)
      SELECT $1, 'robot.claimed', jsonb_build_object('note', ${text('n')}) FROM ${series} WHERE n % 5 = 4`,
      [workspaceId],
    );
    process.stderr.write(`  seeded ${end + 1} rows\n`);
  }
  await db.query('ANALYZE messages; ANALYZE traces; ANALYZE agent_commands; ANALYZE domain_events');
}

async function main(): Promise<void> {
  const service = await startProcess('service', productionServiceEnv());
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const base = service.base;
    const ws = await registerWorkspace(base, 'Observability bench');
    const cookie = await sessionCookie(base, ws.email, ws.password);
    const machine = { 'x-agent-api-key': ws.apiKey, 'content-type': 'application/json' };

    process.stderr.write(`trace ingest against one-row writes, concurrency ${CONCURRENCY}\n`);
    await drive(
      'warm-up',
      500,
      CONCURRENCY,
      async (i) =>
        (await fetch(`${base}/api/v1/messages`, { method: 'POST', headers: machine, body: JSON.stringify({ body: `w${i}` }) })).ok,
    );
    const messages = await drive(`baseline: POST /api/v1/messages x ${TRACES}`, TRACES, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/api/v1/messages`, {
        method: 'POST',
        headers: machine,
        body: JSON.stringify({ body: `message ${i}` }),
      });
      await res.arrayBuffer();
      return res.status === 201;
    });
    const bodies = Array.from({ length: TRACES }, (_, i) => JSON.stringify(trace(i)));
    const traces = await drive(`POST /api/v1/traces (50 spans) x ${TRACES}`, TRACES, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/api/v1/traces`, { method: 'POST', headers: machine, body: bodies[i] });
      await res.arrayBuffer();
      return res.status === 201;
    });

    const queries = async (rows: number, label: string): Promise<Run[]> => {
      const tags = Math.floor(rows / ROWS_PER_TAG);
      const search = (q: string) =>
        fetch(`${base}/api/v1/operator/observability/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
      await drive('warm-up', 100, 4, async (i) => (await search(`tag${(i * 7919) % tags}`)).ok);
      const tag = await drive(`search a tag (~${ROWS_PER_TAG} matches), ${label}`, QUERIES, 4, async (i) => {
        const res = await search(`tag${(i * 104729) % tags}`);
        const body = (await res.json()) as { count: number };
        return res.ok && body.count > 0;
      });
      const common = await drive(`search "error" (a tenth of all rows), ${label}`, Math.max(20, QUERIES / 10), 4, async () => {
        const res = await search('error');
        await res.arrayBuffer();
        return res.ok;
      });
      return [tag, common];
    };
    process.stderr.write(`search over ${SMALL} rows\n`);
    await seed(db, ws.workspaceId, ws.agentId, 0, SMALL);
    const small = await queries(SMALL, `${SMALL / 1000}k rows`);
    process.stderr.write(`search over ${LARGE} rows\n`);
    await seed(db, ws.workspaceId, ws.agentId, SMALL, LARGE);
    const large = await queries(LARGE, `${LARGE / 1000}k rows`);

    const rows = [messages, traces, ...small, ...large];
    const table = [
      `node ${process.version}; ingest concurrency ${CONCURRENCY}; search concurrency 4`,
      '',
      '| case | requests | per second | p50 ms | p99 ms | failures |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) => `| ${r.name} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.failures} |`,
      ),
      '',
      '| measure | value |',
      '|---|---:|',
      `| traces (50 spans) per second x one-row message writes | ${(traces.perSecond / messages.perSecond).toFixed(2)} |`,
      `| spans ingested per second | ${(traces.perSecond * 50).toFixed(0)} |`,
      `| tag search p99, ${LARGE / 1000}k rows / ${SMALL / 1000}k rows | ${(large[0].p99 / small[0].p99).toFixed(2)} |`,
      `| tag search p50, ${LARGE / 1000}k rows / ${SMALL / 1000}k rows | ${(large[0].p50 / small[0].p50).toFixed(2)} |`,
      `| common-word search p99, ${LARGE / 1000}k / ${SMALL / 1000}k rows (10x the matches) | ${(large[1].p99 / small[1].p99).toFixed(2)} |`,
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    writeResults('observability', { node: process.version, rows });
    if (rows.some((r) => r.failures > 0)) process.exitCode = 1;
  } finally {
    await db.end();
    await service.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
