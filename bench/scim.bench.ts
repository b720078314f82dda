/**
 * SCIM provisioning at the scale of a large tenant: 10,000 users created through
 * POST /scim/v2/Users, then the whole list read in pages of 100, against the production build.
 * Prints users per second, the create and list-page latencies (p50, p99), and the margin over
 * what Microsoft Entra ID asks of a SCIM endpoint (at least 25 requests per second per tenant).
 *
 * Baseline, measured in the same run with the same concurrency on the same service: POST
 * /api/v1/messages with an agk_ key (the machine plane's simplest authenticated write, one row),
 * and GET /api/v1/messages?limit=100 (a keyed list page). Ratios are SCIM / baseline.
 *
 *   npm run bench:scim        (BENCH_SCIM_USERS, BENCH_SCIM_CONCURRENCY override)
 */
import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { productionServiceEnv, startProcess } from './processes';
import { drive } from './support/drive';
import { writeResults } from './support/results';
import { enterpriseWorkspace } from './support/workspace';

const USERS = Number(process.env.BENCH_SCIM_USERS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_SCIM_CONCURRENCY ?? 16);
const PAGE = 100;
const ENTRA_REQUESTS_PER_SECOND = 25;
const DATABASE_URL = process.env.BENCH_DATABASE_URL!;

async function main(): Promise<void> {
  const service = await startProcess('service', productionServiceEnv());
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const base = service.base;
    const ws = await enterpriseWorkspace(base, db, 'SCIM bench');
    // The token as /app/admin would make it: only its SHA-256 is stored.
    const token = `scim_${randomBytes(32).toString('base64url')}`;
    await db.query(`INSERT INTO scim_tokens (workspace_id, name, token_hash) VALUES ($1, 'bench', $2)`, [
      ws.workspaceId,
      createHash('sha256').update(token).digest(),
    ]);
    const scimHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
    const machineHeaders = { 'x-agent-api-key': ws.apiKey, 'content-type': 'application/json' };

    process.stderr.write(`baseline: the machine plane on the same service, concurrency ${CONCURRENCY}\n`);
    const warm = () =>
      drive('warm-up', 500, CONCURRENCY, async () => (await fetch(`${base}/api/v1/messages?limit=1`, { headers: machineHeaders })).ok);
    await warm();
    const baselineWrite = await drive(`baseline: POST /api/v1/messages x ${USERS}`, USERS, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/api/v1/messages`, {
        method: 'POST',
        headers: machineHeaders,
        body: JSON.stringify({ body: `message ${i}` }),
      });
      await res.arrayBuffer();
      return res.status === 201;
    });
    const baselineRead = await drive(`baseline: GET /api/v1/messages?limit=${PAGE} x ${USERS / PAGE}`, USERS / PAGE, 1, async (i) => {
      const res = await fetch(`${base}/api/v1/messages?limit=${PAGE}&offset=${i * PAGE}`, { headers: machineHeaders });
      await res.arrayBuffer();
      return res.ok;
    });

    process.stderr.write(`SCIM: ${USERS} users, concurrency ${CONCURRENCY}\n`);
    const provision = await drive(`POST /scim/v2/Users x ${USERS}`, USERS, CONCURRENCY, async (i) => {
      const email = `user${i}@scim-bench.example.com`;
      const res = await fetch(`${base}/scim/v2/Users`, {
        method: 'POST',
        headers: scimHeaders,
        body: JSON.stringify({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: email,
          externalId: `ext-${i}`,
          name: { givenName: 'User', familyName: String(i) },
          emails: [{ value: email, type: 'work', primary: true }],
          active: true,
        }),
      });
      await res.arrayBuffer();
      return res.status === 201;
    });
    const seen = new Set<string>();
    const list = await drive(`GET /scim/v2/Users?count=${PAGE} (every page, in order)`, USERS / PAGE, 1, async (i) => {
      const res = await fetch(`${base}/scim/v2/Users?startIndex=${i * PAGE + 1}&count=${PAGE}`, { headers: scimHeaders });
      const body = (await res.json()) as { totalResults: number; Resources: { id: string }[] };
      for (const r of body.Resources) seen.add(r.id);
      return res.ok && body.Resources.length === PAGE && body.totalResults === USERS;
    });
    const filtered = await drive(`GET /scim/v2/Users?filter=userName eq (one user) x 1000`, 1000, CONCURRENCY, async (i) => {
      const filter = encodeURIComponent(`userName eq "user${(i * 7919) % USERS}@scim-bench.example.com"`);
      const res = await fetch(`${base}/scim/v2/Users?filter=${filter}`, { headers: scimHeaders });
      const body = (await res.json()) as { totalResults: number };
      return res.ok && body.totalResults === 1;
    });

    const rows = [baselineWrite, baselineRead, provision, list, filtered];
    const table = [
      `node ${process.version}; ${USERS} users; concurrency ${CONCURRENCY} for writes and lookups, 1 for the page walk`,
      '',
      '| case | requests | per second | p50 ms | p99 ms | failures |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) => `| ${r.name} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.failures} |`,
      ),
      '',
      '| measure | value |',
      '|---|---:|',
      `| users provisioned per second | ${provision.perSecond.toFixed(0)} |`,
      `| x Entra's 25 requests per second per tenant | ${(provision.perSecond / ENTRA_REQUESTS_PER_SECOND).toFixed(1)} |`,
      `| x the machine plane's write (POST /api/v1/messages) | ${(provision.perSecond / baselineWrite.perSecond).toFixed(2)} |`,
      `| list page of 100, p99 ms | ${list.p99.toFixed(1)} |`,
      `| list page p99 x the machine plane's page of 100 | ${(list.p99 / baselineRead.p99).toFixed(2)} |`,
      `| distinct users seen by the page walk | ${seen.size} of ${USERS} |`,
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    writeResults('scim', { node: process.version, users: USERS, concurrency: CONCURRENCY, rows });
    if (seen.size !== USERS || rows.some((r) => r.failures > 0)) process.exitCode = 1;
  } finally {
    await db.end();
    await service.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
