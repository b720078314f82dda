/**
 * What Postgres alone allows enrollment claims, and what batching them would buy (issue 23,
 * finding 43). The claims target (>= 0.40 x one-row message writes) is bound by Postgres's CPU
 * per claim (finding 31). The service runs each claim in a transaction of its own. This bench
 * asks the question no service change can answer cheaply: how many claims per second Postgres
 * takes when the claims of many requests are written together, N to a transaction, with one
 * multi-row statement per table.
 *
 * No service in the measured loop: pgbench drives Postgres with a model of a claim's statements,
 * copied from the service's repositories (the first read, then in one transaction the agent, the
 * robot, the key, the access token, the `robot.claimed` event with its pending row, and the
 * counted end: slot count, claim record, workspace lock; see EnrollmentClaimService). It is a
 * model, not the service's code: keep it in step when a claim's SQL changes. Cases, in ABC/CBA
 * rounds on the same database, each after a CHECKPOINT:
 * - one-row message writes (the target's denominator, without the service);
 * - a claim as the service writes it: six statements in one transaction;
 * - a claim with its six writes folded into one statement;
 * - 10 and 50 claims a transaction, each table written by one statement;
 * - the contract's minimum, an ablation: only what SPEC.md and API.md require a claim to write
 *   (agent, robot, key, access token, event, count), one and 50 claims a transaction, on the
 *   tables and indexes as they are. It bounds what fewer rows per claim could buy.
 * Printed: transactions/s, claims (or writes)/s, against message writes, and the host's CPU per
 * claim (every process, pgbench included; /proc/stat). After each case the bench checks that the
 * token's slots counted exactly the claims the case made, and that each claim wrote one agent,
 * robot, key, access token and event (and one claim record, but for the contract's minimum).
 *
 * The service seeds it (a workspace on the enterprise plan, its agk_ key, one fleet token; the
 * model takes the token's scopes and count slots from the rows the service wrote) and is
 * stopped before the first case. Run through `npm run bench:claims-sql` (bench/run.sh: fresh
 * database, migrations). Env: BENCH_ROUNDS (default 2), BENCH_DURATION (s per case, default 10),
 * BENCH_CLAIMS_SQL_CLIENTS (pgbench clients, default 16).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { pgBin } from '../test/support/pg-bin';
import { DATABASE_URL, DURATION, hostBusyMicros, json, productionEnv, startProcess } from './harness';
import { writeResults } from './support/results';
import { enterpriseWorkspace, sessionCookie } from './support/workspace';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLAIMS_SQL_CLIENTS ?? 16);

interface Seed {
  workspaceId: string;
  agentId: string;
  tokenId: string;
  tokenPrefix: string;
  /** the token's scopes as an array literal, which a claim copies (passed with -D: colons in a script would read as variables) */
  scopes: string;
  /** how many count slots the service gave the token */
  slots: number;
}

interface Case {
  name: string;
  /** claims (or message writes) per pgbench transaction */
  perTransaction: number;
  /** for a claim case, the rows each claim writes (checked afterwards) */
  rows?: readonly (keyof Counts)[];
  script: string;
}

/** The first read: the token with its count, workspace, plan and the serial's robot (none here). */
function firstRead(s: Seed, extra: string): string {
  return `SELECT t.id, w.status AS ws_status, p.max_robots, r.id AS robot_id, ${extra}
  FROM (SELECT enrollment_tokens.*, (SELECT COALESCE(sum(c.claims_count), 0)::int FROM enrollment_token_slots c WHERE c.token_id = enrollment_tokens.id) AS counted
          FROM enrollment_tokens WHERE prefix = '${s.tokenPrefix}') t
  JOIN workspaces w ON w.id = t.workspace_id JOIN plans p ON p.slug = w.plan
  LEFT JOIN robots r ON r.workspace_id = t.workspace_id AND r.serial_number = 'no-such-serial' \\gset`;
}

/** The count: one slot of the token takes the transaction's `:n` claims, if it has room. */
function slotUpdate(s: Seed): string {
  return `UPDATE enrollment_token_slots s SET claims_count = s.claims_count + :n::int FROM enrollment_tokens t
   WHERE s.token_id = '${s.tokenId}'
     AND s.slot = (SELECT c.slot FROM enrollment_token_slots c WHERE c.token_id = '${s.tokenId}' AND c.claims_count + :n::int <= c.capacity
                    ORDER BY (c.slot + :slot::int) % ${s.slots} LIMIT 1)
     AND s.claims_count + :n::int <= s.capacity AND t.id = s.token_id AND t.revoked_at IS NULL AND t.expires_at > now()
  RETURNING t.id, t.workspace_id`;
}

/** The counted end for the claims in `source` (columns aid, rid, sn): one slot counts them all. */
function countedEnd(s: Seed, source: string, values: string): string {
  return `WITH counted AS (
  ${slotUpdate(s)}
), recorded AS (
  INSERT INTO enrollment_claims (workspace_id, enrollment_token_id, service_agent_id, robot_id, serial_number, claimed_at)
  SELECT counted.workspace_id, counted.id, ${values}, now() FROM counted${source}
  RETURNING workspace_id
), locked AS (
  SELECT w.id, w.status, w.plan FROM recorded JOIN workspaces w ON w.id = recorded.workspace_id FOR SHARE OF w
)
SELECT locked.id, p.max_robots FROM (VALUES (1)) AS one LEFT JOIN locked ON true LEFT JOIN plans p ON p.slug = locked.plan;`;
}

/** The `robot.claimed` event's data (jsonb_build_object: no colons in literals, see Seed.scopes). */
function eventData(s: Seed, rid: string, sn: string, aid: string): string {
  return `jsonb_build_object('robot', jsonb_build_object('id', ${rid}, 'serial_number', ${sn}, 'name', null, 'status', 'active',
      'service_agent_id', ${aid}, 'cohort_id', null, 'tags', '[]'::jsonb, 'claimed_at', now(), 'retired_at', null,
      'inserted_at', now(), 'updated_at', now()), 'enrollment_token_id', '${s.tokenId}')`;
}

/** One claim a transaction: its slot and ids, the first read, BEGIN. */
function oneClaimOpening(s: Seed): string {
  return `\\set slot random(0, ${s.slots - 1})
\\set n 1
${firstRead(s, `gen_random_uuid() AS aid, gen_random_uuid() AS rid, ('PB-' || gen_random_uuid()) AS sn`)}
BEGIN;`;
}

/** One claim's robot, key and access token (variables aid, rid, sn). */
function robotKeyAndToken(s: Seed): string {
  return `INSERT INTO robots (id, workspace_id, serial_number, name, status, service_agent_id, cohort_id, tags, claimed_at)
  VALUES (:rid::uuid, '${s.workspaceId}', :sn::text, NULL, 'active', :aid::uuid, NULL, '{}', now()) RETURNING inserted_at, updated_at;
INSERT INTO api_credentials (id, workspace_id, service_agent_id, prefix, secret_hash, scopes, expires_at)
  VALUES (gen_random_uuid(), '${s.workspaceId}', :aid::uuid, substr(md5(random()::text), 1, 11), sha256(random()::text::bytea), :scopes::text[], NULL)
  RETURNING id AS cred, inserted_at \\gset
INSERT INTO access_tokens (credential_id, token_hash, scopes, expires_at)
  VALUES (:cred::uuid, sha256(random()::text::bytea), :scopes::text[], now() + interval '30 days');`;
}

/** A claim as the service writes it: the first read, then six statements and COMMIT. */
function singleClaim(s: Seed): string {
  return `${oneClaimOpening(s)}
INSERT INTO service_agents (id, workspace_id, name, slug, metadata, scopes)
  SELECT :aid::uuid, '${s.workspaceId}', :sn::text,
         CASE WHEN EXISTS (SELECT 1 FROM service_agents WHERE workspace_id = '${s.workspaceId}' AND slug = lower(:sn::text)) THEN lower(:sn::text) || '-x' ELSE lower(:sn::text) END,
         '{}', :scopes::text[]
  RETURNING id, workspace_id, name, slug, status, hidden, scopes, inserted_at, updated_at;
${robotKeyAndToken(s)}
WITH e AS (
  INSERT INTO domain_events (workspace_id, type, data)
  VALUES ('${s.workspaceId}', 'robot.claimed', ${eventData(s, ':rid::text', ':sn::text', ':aid::text')})
  RETURNING id, workspace_id, type, data, inserted_at
), pending AS (INSERT INTO domain_events_pending (event_id, inserted_at) SELECT id, inserted_at FROM e)
SELECT e.id, e.type, e.data FROM e;
${countedEnd(s, '', ':aid::uuid, :rid::uuid, :sn::text')}
COMMIT;
`;
}

/**
 * The least a claim can write under the contract (an ablation, not what the service may write):
 * SPEC.md's agent, robot, key and access token, API.md's `robot.claimed` event in the same
 * transaction, and the count. Left out: the event's pending row (an outbox could be the events
 * table itself), the claim record (an audit trail), the workspace lock (through which a
 * suspension or plan change refuses a running claim) and the agent's taken-slug check.
 */
function minimumClaim(s: Seed): string {
  return `${oneClaimOpening(s)}
INSERT INTO service_agents (id, workspace_id, name, slug, metadata, scopes)
  VALUES (:aid::uuid, '${s.workspaceId}', :sn::text, lower(:sn::text), '{}', :scopes::text[]) RETURNING inserted_at;
${robotKeyAndToken(s)}
INSERT INTO domain_events (workspace_id, type, data)
  VALUES ('${s.workspaceId}', 'robot.claimed', ${eventData(s, ':rid::text', ':sn::text', ':aid::text')}) RETURNING id, inserted_at;
${slotUpdate(s)};
COMMIT;
`;
}

/**
 * `n` claims in one transaction, each table written by one statement (n = 1: one claim folded into
 * one statement). The agents take their slugs without the taken-slug check (fresh serials never
 * collide), and one slot counts the whole batch. `minimum`: only what the contract requires, as
 * in minimumClaim.
 */
function batchedClaims(s: Seed, n: number, minimum = false): string {
  const ids = (expr: string) => `(SELECT array_agg(${expr}) FROM generate_series(1, :n::int))`;
  const rows = `unnest(:aids::uuid[], :rids::uuid[], :cids::uuid[], :sns::text[]) AS b(aid, rid, cid, sn)`;
  return `\\set slot random(0, ${s.slots - 1})
\\set n ${n}
${firstRead(s, `${ids('gen_random_uuid()')} AS aids, ${ids('gen_random_uuid()')} AS rids, ${ids('gen_random_uuid()')} AS cids, ${ids(`'PB-' || gen_random_uuid()`)} AS sns`)}
BEGIN;
WITH b AS (SELECT * FROM ${rows}),
 a AS (INSERT INTO service_agents (id, workspace_id, name, slug, metadata, scopes)
       SELECT aid, '${s.workspaceId}', sn, lower(sn), '{}', :scopes::text[] FROM b),
 r AS (INSERT INTO robots (id, workspace_id, serial_number, name, status, service_agent_id, cohort_id, tags, claimed_at)
       SELECT rid, '${s.workspaceId}', sn, NULL, 'active', aid, NULL, '{}', now() FROM b),
 k AS (INSERT INTO api_credentials (id, workspace_id, service_agent_id, prefix, secret_hash, scopes, expires_at)
       SELECT cid, '${s.workspaceId}', aid, substr(md5(random()::text), 1, 11), sha256(random()::text::bytea), :scopes::text[], NULL FROM b),
 t AS (INSERT INTO access_tokens (credential_id, token_hash, scopes, expires_at)
       SELECT cid, sha256(random()::text::bytea), :scopes::text[], now() + interval '30 days' FROM b),
 e AS (INSERT INTO domain_events (workspace_id, type, data)
       SELECT '${s.workspaceId}', 'robot.claimed', ${eventData(s, 'rid', 'sn', 'aid')} FROM b RETURNING id, inserted_at),
 ${minimum ? 'p AS (SELECT 1)' : 'p AS (INSERT INTO domain_events_pending (event_id, inserted_at) SELECT id, inserted_at FROM e)'}
SELECT count(*) FROM b;
${minimum ? `${slotUpdate(s)};` : countedEnd(s, `, ${rows}`, 'b.aid, b.rid, b.sn')}
COMMIT;
`;
}

function messageWrite(s: Seed): string {
  return `INSERT INTO messages AS m (workspace_id, service_agent_id, body, channel)
  VALUES ('${s.workspaceId}', '${s.agentId}', 'bench message payload 0123456789', 'bench')
  RETURNING m.id, m.body, m.channel, m.service_agent_id, m.inserted_at;
`;
}

async function seed(): Promise<Seed> {
  const service = await startProcess('service', productionEnv());
  try {
    const db = new Client({ connectionString: DATABASE_URL });
    await db.connect();
    try {
      const ws = await enterpriseWorkspace(service.base, db, 'Bench');
      const cookie = await sessionCookie(service.base, ws.email, ws.password);
      const issued = await json(service.base, '/api/v1/operator/enrollment_tokens', {
        method: 'POST',
        headers: { cookie },
        json: { max_claims: 100000, expires_in: 86400 },
      });
      const prefix = /^age_([^.]+)\./.exec(issued.body.enrollment_token.token)![1];
      const token = await db.query(
        `SELECT t.id, t.scopes::text AS scopes, (SELECT count(*) FROM enrollment_token_slots c WHERE c.token_id = t.id)::int AS slots
           FROM enrollment_tokens t WHERE t.prefix = $1`,
        [prefix],
      );
      const { id, scopes, slots } = token.rows[0];
      return { workspaceId: ws.workspaceId, agentId: ws.agentId, tokenId: id, tokenPrefix: prefix, scopes, slots };
    } finally {
      await db.end();
    }
  } finally {
    await service.stop();
  }
}

interface Measured {
  name: string;
  tps: number;
  perSecond: number;
  cpuMicros: number;
}

async function main(): Promise<void> {
  const s = await seed();
  const dir = mkdtempSync(join(tmpdir(), 'claims-sql-'));
  const cases: Case[] = [
    { name: 'one-row message write', perTransaction: 1, script: messageWrite(s) },
    { name: 'claim, six statements (as the service)', perTransaction: 1, rows: CLAIM_ROWS, script: singleClaim(s) },
    { name: 'claim, folded into one statement', perTransaction: 1, rows: CLAIM_ROWS, script: batchedClaims(s, 1) },
    { name: '10 claims a transaction', perTransaction: 10, rows: CLAIM_ROWS, script: batchedClaims(s, 10) },
    { name: '50 claims a transaction', perTransaction: 50, rows: CLAIM_ROWS, script: batchedClaims(s, 50) },
    { name: "the contract's minimum, one a transaction (ablation)", perTransaction: 1, rows: MINIMUM_ROWS, script: minimumClaim(s) },
    {
      name: "the contract's minimum, 50 a transaction (ablation)",
      perTransaction: 50,
      rows: MINIMUM_ROWS,
      script: batchedClaims(s, 50, true),
    },
  ];
  cases.forEach((c, i) => writeFileSync(join(dir, `${i}.sql`), c.script));
  // pgbench ships with the server package, next to initdb (scripts/infra.sh installs it).
  const pgbench = join(pgBin(), 'pgbench');
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  // CHECKPOINT needs a superuser: the cluster's postgres role, as bench/run.sh connects (local trust).
  const superuser = new URL(DATABASE_URL);
  superuser.username = 'postgres';
  superuser.password = '';
  const admin = new Client({ connectionString: superuser.toString() });
  await admin.connect();
  const measured: Measured[] = [];
  const failures: string[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const order = cases.map((_, i) => i);
      if (round % 2 === 0) order.reverse();
      for (const i of order) {
        const c = cases[i];
        // Room on the token for the case, and a checkpoint so no case pays for another's dirty pages.
        await db.query(`UPDATE enrollment_token_slots SET claims_count = 0 WHERE token_id = $1`, [s.tokenId]);
        await db.query(`DELETE FROM domain_events_pending`);
        await admin.query(`CHECKPOINT`);
        const before = await counts(db, s);
        const cpu0 = hostBusyMicros();
        const out = execFileSync(
          pgbench,
          [
            '-n',
            '-M',
            'prepared',
            '-c',
            String(CLIENTS),
            '-j',
            '1',
            '-T',
            String(DURATION),
            '-D',
            `scopes=${s.scopes}`,
            '-f',
            join(dir, `${i}.sql`),
            DATABASE_URL,
          ],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        const cpu1 = hostBusyMicros();
        const tps = Number(/^tps = ([\d.]+)/m.exec(out)?.[1]);
        const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
        const done = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
        const items = done * c.perTransaction;
        measured.push({ name: c.name, tps, perSecond: tps * c.perTransaction, cpuMicros: (cpu1 - cpu0) / Math.max(1, items) });
        if (failed > 0 || !Number.isFinite(tps)) failures.push(`${c.name}, round ${round}: ${failed} failed transactions`);
        if (c.rows) {
          const after = await counts(db, s);
          const consistent = after.slots === items && c.rows.every((k) => after[k] - before[k] === items);
          if (!consistent)
            failures.push(`${c.name}, round ${round}: ${items} claims, slots ${after.slots}, ${JSON.stringify({ before, after })}`);
        }
        process.stderr.write(`round ${round}: ${c.name}: ${(tps * c.perTransaction).toFixed(0)}/s\n`);
      }
    }
  } finally {
    await db.end();
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }

  const mean = (name: string, pick: (m: Measured) => number) => {
    const of = measured.filter((m) => m.name === name);
    return of.reduce((sum, m) => sum + pick(m), 0) / of.length;
  };
  const writes = mean(cases[0].name, (m) => m.perSecond);
  const lines = [
    `| case (Postgres alone, pgbench, ${CLIENTS} clients, mean of ${ROUNDS} rounds) | transactions/s | claims or writes/s | x message writes | host CPU µs per claim or write |`,
    '|---|---:|---:|---:|---:|',
    ...cases.map((c) => {
      const perSecond = mean(c.name, (m) => m.perSecond);
      return `| ${c.name} | ${mean(c.name, (m) => m.tps).toFixed(0)} | ${perSecond.toFixed(0)} | ${(perSecond / writes).toFixed(3)} | ${mean(c.name, (m) => m.cpuMicros).toFixed(0)} |`;
    }),
  ];
  process.stdout.write(`\nnode ${process.version}, ${DURATION} s per case\n\n${lines.join('\n')}\n`);
  process.stdout.write(
    `\nevery claim case counted exactly the claims it made, each with one agent, robot, key, access token and event (and claim record, but the minimum): ${failures.length === 0 ? 'yes' : 'NO'}\n`,
  );
  for (const f of failures) process.stdout.write(`- ${f}\n`);
  writeResults('claims-sql', {
    at: new Date().toISOString(),
    node: process.version,
    clients: CLIENTS,
    duration: DURATION,
    rounds: ROUNDS,
    measured,
    failures,
  });
  if (failures.length > 0) process.exitCode = 1;
}

interface Counts {
  slots: number;
  claims: number;
  agents: number;
  robots: number;
  keys: number;
  tokens: number;
  events: number;
}

/** What the contract requires a claim to write: agent, robot, key, access token, event. */
const MINIMUM_ROWS = ['agents', 'robots', 'keys', 'tokens', 'events'] as const;
/** What the service's claim writes: those and its claim record. */
const CLAIM_ROWS = [...MINIMUM_ROWS, 'claims'] as const;

async function counts(db: Client, s: Seed): Promise<Counts> {
  const { rows } = await db.query(
    `SELECT (SELECT sum(claims_count) FROM enrollment_token_slots WHERE token_id = $2)::int AS slots,
            (SELECT count(*) FROM enrollment_claims WHERE enrollment_token_id = $2)::int AS claims,
            (SELECT count(*) FROM service_agents WHERE workspace_id = $1)::int AS agents,
            (SELECT count(*) FROM robots WHERE workspace_id = $1)::int AS robots,
            (SELECT count(*) FROM api_credentials WHERE workspace_id = $1)::int AS keys,
            (SELECT count(*) FROM access_tokens a JOIN api_credentials k ON k.id = a.credential_id WHERE k.workspace_id = $1)::int AS tokens,
            (SELECT count(*) FROM domain_events WHERE workspace_id = $1 AND type = 'robot.claimed')::int AS events`,
    [s.workspaceId, s.tokenId],
  );
  return rows[0];
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
