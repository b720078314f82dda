/**
 * Engagement ingest against authenticated machine messages, in one run on one machine: the
 * production build answers POST /api/v1/engagements/:id/events (engagement token, failed-auth
 * throttle admitted per request, event insert) and, as the baseline, POST /api/v1/messages with
 * the workspace's agk_ key (cached credential, message insert). Both post a body of the same
 * size. The two cases alternate in rounds (ABBA order), so host drift is spread over both; the
 * ratio is their mean req/s. Target (issue 19): ingest within 20% of machine messages (ratio >= 0.80).
 *
 * Run through `npm run bench:engagements` (bench/run.sh starts Postgres and Redis and builds first).
 * Env: BENCH_ROUNDS (default 3), and BENCH_DURATION / BENCH_WARMUP / BENCH_CONNECTIONS (harness.ts).
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { CaseResult, CONNECTIONS, DATABASE_URL, DURATION, json, load, productionEnv, startProcess, WARMUP } from './harness';
import { writeResults } from './support/results';
import { confirmEmail, registerWorkspace, sessionCookie } from './support/workspace';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = 0.8;

async function main(): Promise<void> {
  const email = `bench-admin-${randomBytes(6).toString('hex')}@example.com`;
  const service = await startProcess('service', productionEnv({ PLATFORM_ADMIN_EMAILS: email }));
  const base = service.base;
  const rounds: { machine: CaseResult; engagement: CaseResult }[] = [];
  try {
    // Seed: a workspace whose owner is the platform admin, a partner, an engagement and a token.
    const { apiKey: key, password } = await registerWorkspace(base, 'Bench', { email });
    const db = new Client({ connectionString: DATABASE_URL });
    await db.connect();
    await confirmEmail(db, email).finally(() => db.end());
    const cookie = await sessionCookie(base, email, password);
    const partner = await json(base, '/api/v1/admin/partners', {
      method: 'POST',
      headers: { cookie },
      json: { name: 'Bench Partner', scopes: ['engagements:read', 'engagement_tokens:write'] },
    });
    const engagement = await json(base, '/api/v1/operator/engagements', {
      method: 'POST',
      headers: { cookie },
      json: { partner_id: partner.body.partner.id },
    });
    const engagementId: string = engagement.body.engagement.id;
    const minted = await json(base, `/api/v1/partner/engagements/${engagementId}/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${partner.body.partner_key.key}` },
      json: {},
    });
    const token: string = minted.body.engagement_token.token;

    // Bodies of the same size (61 bytes each).
    const messageBody = JSON.stringify({ body: 'bench message payload 0123456789', channel: 'bench' });
    const eventBody = JSON.stringify({ kind: 'bench.event', payload: { text: 'payload 012345678' } });
    for (let round = 1; round <= ROUNDS; round++) {
      const machine = () =>
        load(`POST /api/v1/messages (agk_ key), round ${round}`, base, {
          path: '/api/v1/messages',
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: messageBody,
        });
      const ingest = () =>
        load(`POST /api/v1/engagements/:id/events (engagement token), round ${round}`, base, {
          path: `/api/v1/engagements/${engagementId}/events`,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: eventBody,
        });
      // Odd rounds run machine messages first, even rounds ingest first: neither case always
      // follows the other's inserts (WAL and checkpoint pressure) on a drifting host.
      if (round % 2 === 1) {
        const m = await machine();
        rounds.push({ machine: m, engagement: await ingest() });
      } else {
        const e = await ingest();
        rounds.push({ machine: await machine(), engagement: e });
      }
    }
  } finally {
    await service.stop();
  }

  const mean = (xs: CaseResult[]) => xs.reduce((sum, r) => sum + r.rps, 0) / xs.length;
  const machine = mean(rounds.map((r) => r.machine));
  const ingest = mean(rounds.map((r) => r.engagement));
  const ratio = ingest / machine;
  const all = rounds.flatMap((r) => [r.machine, r.engagement]);
  const failing = all.filter((r) => r.errors > 0 || r.non2xx > 0);
  const lines = [
    '| case | req/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...all.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
    '',
    '| target | measured | met |',
    '|---|---|---|',
    `| engagement ingest >= ${TARGET.toFixed(2)} x machine messages (mean of ${ROUNDS} rounds) | ${ratio.toFixed(2)} (${ingest.toFixed(0)} / ${machine.toFixed(0)} req/s) | ${ratio >= TARGET ? 'yes' : 'NO'} |`,
    `| zero errors and zero non-2xx | ${failing.map((r) => r.name).join('; ') || 'none'} | ${failing.length === 0 ? 'yes' : 'NO'} |`,
  ];
  process.stdout.write(
    `\nnode ${process.version}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case, ${ROUNDS} rounds\n\n${lines.join('\n')}\n`,
  );
  writeResults('engagement-ingest', {
    at: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
    rounds,
    ratio,
    target: TARGET,
  });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
