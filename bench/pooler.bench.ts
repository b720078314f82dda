/**
 * Issue 59, point 1 (ADR 0274): what running behind PgBouncer in transaction mode costs, against
 * direct connections measured in the same run. Three production services on one database, all
 * running from the start, their cases interleaved round by round so the host's drift falls on
 * each alike:
 *
 * - direct: DATABASE_URL to PostgreSQL, as today (named statements, the pipelined lanes);
 * - mode alone: DATABASE_POOLER=transaction but straight to PostgreSQL (unnamed statements, no
 *   lanes, no startup timeouts): what the service's pooler-safe mode costs by itself;
 * - pgbouncer: DATABASE_POOLER=transaction through a real PgBouncer (Debian's) in transaction
 *   mode, LISTEN on a direct connection: the mode and the pooler's hop together.
 *
 * Cases: the machine list read with an agk_ key (GET /api/v1/messages?limit=10) and the one-row
 * write (POST /api/v1/messages), as bench/http.bench.ts measures them. Prints each case's req/s
 * and p99 per service and the ratios against direct (the mean of each round's ratio).
 *
 *   npm run bench:pooler      (BENCH_POOLER_ROUNDS, default 3; BENCH_DURATION, BENCH_CONNECTIONS)
 */
import { Client } from 'pg';
import { OwnPgBouncer } from '../test/support/pgbouncer';
import { type CaseResult, CONNECTIONS, DATABASE_URL, load, productionEnv, startProcess } from './harness';
import { writeResults } from './support/results';
import { enterpriseWorkspace, seedMessages } from './support/workspace';

const ROUNDS = Number(process.env.BENCH_POOLER_ROUNDS ?? 3);
/** The service's own pool size (DB_POOL_SIZE's default), and the pooler's server connections for it. */
const POOL_SIZE = 20;
/** The service's timeouts (DB_STATEMENT_TIMEOUT_MS's default), set by the pooler on each server connection. */
const CONNECT_QUERY = 'SET statement_timeout = 2000; SET lock_timeout = 2000; SET idle_in_transaction_session_timeout = 10000';

const MODES = ['direct', 'mode alone', 'pgbouncer'] as const;
type Mode = (typeof MODES)[number];

async function main(): Promise<void> {
  // bench/run.sh exports PGOPTIONS for its psql; pg would send it as the `options` startup
  // parameter, which PgBouncer refuses (the services are started without it)
  delete process.env.PGOPTIONS;
  const bouncer = await OwnPgBouncer.start({ target: DATABASE_URL, poolSize: POOL_SIZE, connectQuery: CONNECT_QUERY });
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const pooled = { DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: DATABASE_URL };
  const envs: Record<Mode, Record<string, string>> = {
    direct: productionEnv(),
    'mode alone': productionEnv(pooled),
    pgbouncer: productionEnv({ ...pooled, DATABASE_URL: bouncer.url }),
  };
  const services: Partial<Record<Mode, Awaited<ReturnType<typeof startProcess>>>> = {};
  try {
    for (const mode of MODES) services[mode] = await startProcess('service', envs[mode]);
    const ws = await enterpriseWorkspace(services.direct!.base, db, 'Pooler bench');
    await seedMessages(db, ws, 1000);
    const auth = { authorization: `Bearer ${ws.apiKey}` };
    const cases = [
      { name: 'GET /api/v1/messages?limit=10 (agk_ key)', options: { path: '/api/v1/messages?limit=10', headers: auth } },
      {
        name: 'POST /api/v1/messages (agk_ key, one row)',
        options: {
          path: '/api/v1/messages',
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ body: 'bench message payload 0123456789', channel: 'bench' }),
        },
      },
    ];
    const results: Array<CaseResult & { mode: Mode; round: number; case: string }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      process.stderr.write(`round ${round} of ${ROUNDS}, ${CONNECTIONS} connections\n`);
      for (const c of cases) {
        // the order turns each round, so no mode always runs first on a freshly written table
        const order = MODES.map((_, i) => MODES[(i + round - 1) % MODES.length]);
        for (const mode of order) {
          const r = await load(`${c.name} [${mode}]`, services[mode]!.base, c.options);
          results.push({ ...r, mode, round, case: c.name });
        }
      }
    }
    const lines = report(
      results,
      cases.map((c) => c.name),
    );
    process.stdout.write(`\n${lines.join('\n')}\n`);
    writeResults('pooler', { rounds: ROUNDS, connections: CONNECTIONS, poolSize: POOL_SIZE, results, lines });
    const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0);
    if (failed.length > 0) {
      process.stderr.write(`failed requests in: ${failed.map((r) => r.name).join(', ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    for (const mode of MODES) await services[mode]?.stop();
    await db.end();
    await bouncer.stop();
  }
}

/** Per case and mode: mean req/s and p99, and the mean of each round's ratio against direct. */
function report(results: Array<CaseResult & { mode: Mode; round: number; case: string }>, caseNames: string[]): string[] {
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const lines = ['| case | service | req/s | p99 ms | req/s against direct | p99 against direct |', '|---|---|---:|---:|---:|---:|'];
  for (const name of caseNames) {
    const of = (mode: Mode) => results.filter((r) => r.case === name && r.mode === mode);
    const direct = of('direct');
    for (const mode of MODES) {
      const mine = of(mode);
      const rpsRatio = mean(mine.map((r) => r.rps / direct.find((d) => d.round === r.round)!.rps));
      const p99Ratio = mean(mine.map((r) => r.p99 / Math.max(1, direct.find((d) => d.round === r.round)!.p99)));
      lines.push(
        `| ${name} | ${mode} | ${mean(mine.map((r) => r.rps)).toFixed(0)} | ${mean(mine.map((r) => r.p99)).toFixed(1)} | ` +
          `${mode === 'direct' ? '1' : rpsRatio.toFixed(2)} | ${mode === 'direct' ? '1' : p99Ratio.toFixed(2)} |`,
      );
    }
  }
  return lines;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
