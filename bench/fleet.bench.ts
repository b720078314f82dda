/**
 * Fleet operations at scale, against the production build:
 * - a batch operation over 10,000 robots (tag_robots, then retire_robots, which also deactivates
 *   each robot's agent): targets applied per second, from the POST to `completed`; and the same
 *   over 1,000 robots of a workspace of their own (BENCH_FLEET_SMALL_TARGETS), for the cost per
 *   target at both fleet sizes (issue 58: within 1.5x);
 * - issue 58 in-process: the credential cache and the socket registry at 1,000 and 10,000 robots
 *   (bench/support/work-per-robot.ts), cost per unit at both sizes (within 1.5x);
 * - the console's robots page over those 10,000 robots (the first page, a search, a status
 *   filter, the deepest page), each next to the REST list of the same page: p50 and p99, the
 *   target p99 under 100 ms (issue 57), at BENCH_FLEET_PAGE_CONCURRENCY (4: a few operators);
 * - POST /api/v1/gateway/check with 100 rules in the workspace, the action matching only the last
 *   one (every rule is evaluated): p50 and p99; and a deny (which counts on a security violation).
 *
 * Baseline, measured in the same run on the same service with the same concurrency: POST
 * /api/v1/messages with an agk_ key (the machine plane's simplest authenticated write, one row).
 * Ratios are fleet / baseline.
 *
 *   bash bench/run.sh fleet      (BENCH_FLEET_TARGETS, BENCH_FLEET_CHECKS, BENCH_FLEET_CONCURRENCY override)
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { productionServiceEnv, startProcess } from './processes';
import { drive, type Run } from './support/drive';
import { writeResults } from './support/results';
import { UNIT_COST_TARGET, workPerRobot } from './support/work-per-robot';
import { enterpriseWorkspace, sessionCookie } from './support/workspace';

const TARGETS = Number(process.env.BENCH_FLEET_TARGETS ?? 10_000);
const SMALL_TARGETS = Number(process.env.BENCH_FLEET_SMALL_TARGETS ?? Math.max(1, Math.round(TARGETS / 10)));
const CHECKS = Number(process.env.BENCH_FLEET_CHECKS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_FLEET_CONCURRENCY ?? 16);
const RULES = 100;
const PAGE_REQUESTS = Number(process.env.BENCH_FLEET_PAGES ?? 1_000);
const PAGE_CONCURRENCY = Number(process.env.BENCH_FLEET_PAGE_CONCURRENCY ?? 4);
const PAGE_P99_TARGET_MS = 100;
const DATABASE_URL = process.env.BENCH_DATABASE_URL!;

/** Active robots, each bound to an agent of its own, written straight into the workspace; their ids. */
async function insertRobots(db: Client, workspaceId: string, n: number, serialPrefix: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `WITH g AS (SELECT n FROM generate_series(1, $2::int) n),
          a AS (INSERT INTO service_agents (workspace_id, name, slug, scopes) SELECT $1, 'Robot ' || n, 'bench-robot-' || n, '{}' FROM g RETURNING id, slug)
     INSERT INTO robots (workspace_id, serial_number, status, service_agent_id, claimed_at)
     SELECT $1, $3 || split_part(a.slug, '-', 3), 'active', a.id, now() FROM a RETURNING id`,
    [workspaceId, n, serialPrefix],
  );
  return rows.map((r) => r.id);
}

async function main(): Promise<void> {
  // in-process first, while the host is not also running the service
  process.stderr.write(`work per robot, in-process: ${SMALL_TARGETS} and ${TARGETS} robots\n`);
  const units = workPerRobot(SMALL_TARGETS, TARGETS);
  const service = await startProcess('service', productionServiceEnv());
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const base = service.base;
    const ws = await enterpriseWorkspace(base, db, 'Fleet bench');
    const session = await sessionCookie(base, ws.email, ws.password);
    const operator = { cookie: session, 'content-type': 'application/json' };
    const machine = { 'x-agent-api-key': ws.apiKey, 'content-type': 'application/json' };

    process.stderr.write(`baseline: the machine plane on the same service, concurrency ${CONCURRENCY}\n`);
    await drive('warm-up', 500, CONCURRENCY, async () => (await fetch(`${base}/api/v1/messages?limit=1`, { headers: machine })).ok);
    const baseline = await drive(`baseline: POST /api/v1/messages x ${CHECKS}`, CHECKS, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/api/v1/messages`, {
        method: 'POST',
        headers: machine,
        body: JSON.stringify({ body: `message ${i}` }),
      });
      await res.arrayBuffer();
      return res.status === 201;
    });

    // ---- batch operations ------------------------------------------------------------------
    const targetIds = await insertRobots(db, ws.workspaceId, TARGETS, 'BENCH-');
    // the smaller fleet: a workspace of its own, so that each batch runs next to its own fleet only
    const smallWs = await enterpriseWorkspace(base, db, 'Fleet bench, small');
    const smallOperator = { cookie: await sessionCookie(base, smallWs.email, smallWs.password), 'content-type': 'application/json' };
    const smallTargetIds = await insertRobots(db, smallWs.workspaceId, SMALL_TARGETS, 'SMALL-');

    // ---- the robots page over the whole fleet, next to its REST list ---------------------------
    const html = { cookie: session, accept: 'text/html' };
    const pageCases: [string, string][] = [
      ['first page', ''],
      ['search q=BENCH-99', '?q=BENCH-99'],
      ['filter[status]=active', '?filter%5Bstatus%5D=active'],
      [`deepest page (offset ${Math.max(0, TARGETS - 50)})`, `?offset=${Math.max(0, TARGETS - 50)}`],
    ];
    process.stderr.write(`robots page: ${TARGETS} robots, ${PAGE_REQUESTS} requests each, concurrency ${PAGE_CONCURRENCY}\n`);
    await drive('warm-up', 200, PAGE_CONCURRENCY, async () => (await fetch(`${base}/app/robots`, { headers: html })).ok);
    const pages: { name: string; page: Run; rest: Run }[] = [];
    for (const [name, query] of pageCases) {
      const get = (url: string, headers: Record<string, string>) => async (): Promise<boolean> => {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        return res.status === 200;
      };
      const page = await drive(
        `GET /app/robots${query} (${name})`,
        PAGE_REQUESTS,
        PAGE_CONCURRENCY,
        get(`${base}/app/robots${query}`, html),
      );
      const rest = await drive(
        `GET /api/v1/operator/robots${query}`,
        PAGE_REQUESTS,
        PAGE_CONCURRENCY,
        get(`${base}/api/v1/operator/robots${query}`, operator),
      );
      pages.push({ name, page, rest });
    }
    const batch = async (
      action: string,
      params: object,
      ids = targetIds,
      headers: Record<string, string> = operator,
    ): Promise<{ seconds: number; perSecond: number; msPerTarget: number; counts: string }> => {
      const count = ids.length;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/operator/batch_operations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action, target_ids: ids, params }),
      });
      if (res.status !== 202) throw new Error(`${action}: ${res.status} ${await res.text()}`);
      const { batch_operation } = (await res.json()) as { batch_operation: { id: string } };
      for (;;) {
        const show = (await (
          await fetch(`${base}/api/v1/operator/batch_operations/${batch_operation.id}?target_limit=1`, { headers })
        ).json()) as {
          batch_operation: { status: string; succeeded: number; failed: number; skipped: number };
        };
        const b = show.batch_operation;
        if (b.status !== 'queued' && b.status !== 'running') {
          const seconds = (performance.now() - t0) / 1000;
          const counts = `${b.status}: ${b.succeeded} succeeded, ${b.failed} failed, ${b.skipped} skipped`;
          process.stderr.write(`  ${action} x ${count}: ${(count / seconds).toFixed(0)} targets/s (${seconds.toFixed(2)} s; ${counts})\n`);
          if (b.status !== 'completed' || b.succeeded !== count) throw new Error(`${action}: ${counts}`);
          return { seconds, perSecond: count / seconds, msPerTarget: (seconds * 1000) / count, counts };
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    process.stderr.write(`batch operations: ${SMALL_TARGETS} and ${TARGETS} robots, chunks of 100\n`);
    const smallTag = await batch('tag_robots', { tags: ['bench'] }, smallTargetIds, smallOperator);
    const tag = await batch('tag_robots', { tags: ['bench'] });
    const smallRetire = await batch('retire_robots', {}, smallTargetIds, smallOperator);
    const retire = await batch('retire_robots', {});
    const perTarget = (name: string, small: { msPerTarget: number }, large: { msPerTarget: number }) => {
      const ratio = large.msPerTarget / small.msPerTarget;
      return { name, smallMs: small.msPerTarget, largeMs: large.msPerTarget, ratio, met: ratio <= UNIT_COST_TARGET };
    };
    const batchUnits = [perTarget('tag_robots', smallTag, tag), perTarget('retire_robots', smallRetire, retire)];

    // ---- gateway checks --------------------------------------------------------------------
    for (let i = 1; i < RULES; i++) {
      const res = await fetch(`${base}/api/v1/operator/gateway_rules`, {
        method: 'POST',
        headers: operator,
        body: JSON.stringify({ action: `robot.arm${i}.*`, effect: i % 2 ? 'deny' : 'require_approval', priority: i }),
      });
      if (res.status !== 201) throw new Error(`rule: ${res.status} ${await res.text()}`);
    }
    await fetch(`${base}/api/v1/operator/gateway_rules`, {
      method: 'POST',
      headers: operator,
      body: JSON.stringify({ action: '*', effect: 'allow', priority: RULES }),
    });
    process.stderr.write(`gateway checks: ${RULES} rules, the action matching the last\n`);
    const check = (action: string, expected: string) => async (): Promise<boolean> => {
      const res = await fetch(`${base}/api/v1/gateway/check`, { method: 'POST', headers: machine, body: JSON.stringify({ action }) });
      const body = (await res.json()) as { decision?: string };
      return res.status === 200 && body.decision === expected;
    };
    await drive('warm-up', 500, CONCURRENCY, check('payments.refund', 'allow'));
    const allow = await drive(
      `POST /api/v1/gateway/check (${RULES} rules, last matches) x ${CHECKS}`,
      CHECKS,
      CONCURRENCY,
      check('payments.refund', 'allow'),
    );
    const deny = await drive(
      `POST /api/v1/gateway/check (deny, one violation counting) x ${CHECKS}`,
      CHECKS,
      CONCURRENCY,
      check('robot.arm1.lift', 'deny'),
    );

    const rows = [baseline, allow, deny, ...pages.flatMap((p) => [p.page, p.rest])];
    const pageTable = [
      '',
      `robots page over ${TARGETS} robots, concurrency ${PAGE_CONCURRENCY}: target p99 < ${PAGE_P99_TARGET_MS} ms`,
      '',
      '| case | page p50 ms | page p99 ms | REST p50 ms | REST p99 ms | page / REST p50 | p99 target |',
      '|---|---:|---:|---:|---:|---:|---|',
      ...pages.map(
        (p) =>
          `| ${p.name} | ${p.page.p50.toFixed(1)} | ${p.page.p99.toFixed(1)} | ${p.rest.p50.toFixed(1)} | ${p.rest.p99.toFixed(1)} | ${(p.page.p50 / p.rest.p50).toFixed(2)} | ${p.page.p99 < PAGE_P99_TARGET_MS ? 'met' : 'NOT met'} |`,
      ),
    ];
    const table = [
      `node ${process.version}; concurrency ${CONCURRENCY}; ${TARGETS} batch targets; ${RULES} gateway rules`,
      '',
      '| case | requests | per second | p50 ms | p99 ms | failures |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) => `| ${r.name} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.failures} |`,
      ),
      '',
      '| measure | value |',
      '|---|---:|',
      `| tag_robots: targets per second (POST to completed) | ${tag.perSecond.toFixed(0)} |`,
      `| retire_robots: targets per second (POST to completed) | ${retire.perSecond.toFixed(0)} |`,
      `| tag_robots targets/s x the machine plane's writes/s | ${(tag.perSecond / baseline.perSecond).toFixed(2)} |`,
      `| retire_robots targets/s x the machine plane's writes/s | ${(retire.perSecond / baseline.perSecond).toFixed(2)} |`,
      `| gateway check p99 ms (${RULES} rules) | ${allow.p99.toFixed(1)} |`,
      `| gateway check p99 x the machine plane's write p99 | ${(allow.p99 / baseline.p99).toFixed(2)} |`,
      `| gateway deny p99 x the machine plane's write p99 | ${(deny.p99 / baseline.p99).toFixed(2)} |`,
      ...pageTable,
      '',
      `issue 58, work per robot: cost per unit at ${SMALL_TARGETS} and ${TARGETS} robots, target within ${UNIT_COST_TARGET}x`,
      '',
      `| case | unit | at ${SMALL_TARGETS} | at ${TARGETS} | ratio | target |`,
      '|---|---|---:|---:|---:|---|',
      ...batchUnits.map(
        (u) =>
          `| ${u.name} (POST to completed) | a target | ${u.smallMs.toFixed(3)} ms | ${u.largeMs.toFixed(3)} ms | ${u.ratio.toFixed(2)} | ${u.met ? 'met' : 'NOT met'} |`,
      ),
      ...units.map(
        (u) =>
          `| ${u.name} | ${u.unit} | ${u.smallNs.toFixed(0)} ns | ${u.largeNs.toFixed(0)} ns | ${u.ratio.toFixed(2)} | ${u.met ? 'met' : 'NOT met'} |`,
      ),
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    writeResults('fleet', {
      node: process.version,
      targets: TARGETS,
      smallTargets: SMALL_TARGETS,
      concurrency: CONCURRENCY,
      rules: RULES,
      rows,
      tag,
      retire,
      smallTag,
      smallRetire,
      batchUnits,
      units,
      pages,
    });
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
