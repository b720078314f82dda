/**
 * Issue 54, "no account enumeration": do log-in and invitations answer in the same time whether
 * or not the address has an account, or a second factor? On the production build, against the
 * same service, in interleaved rounds (every case once per round, in a shuffled order), each
 * request from its own client address (x-forwarded-for through a trusted proxy, so the per-IP and
 * per-identity throttles never refuse one):
 *
 * - log-in (JSON) with an address that has no account;
 * - with an account's address and a wrong password;
 * - with the address of an account that has a second factor (TOTP) and a wrong password;
 * - an invitation (owner, JSON) to an address that has an account, and to one that has none.
 *
 * The answers must be identical within each group (status and body), and the bench prints the
 * median and p90 of each case and each case's median against its group's first. Target: within
 * 10% (medians), the answers identical. Run through `npm run bench:enumeration` (bench/run.sh:
 * fresh database). Env: BENCH_ENUM_ROUNDS (default 100), BENCH_ENUM_BCRYPT_COST (default 12, the
 * production default).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { generate } from 'otplib';
import { productionEnv, startProcess } from './harness';
import { writeResults } from './support/results';
import { registerWorkspace, sessionCookie } from './support/workspace';

const ROUNDS = Number(process.env.BENCH_ENUM_ROUNDS ?? 100);
/** The production default (12) unless said: at the benchmarks' usual 4 a bcrypt is ~1 ms and anything else shows ten times larger. */
const BCRYPT_COST = process.env.BENCH_ENUM_BCRYPT_COST ?? '12';

const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 254)}`;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

async function timed(url: string, init: RequestInit): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(url, { ...init, redirect: 'manual' });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/**
 * What must be the same in two answers of a group: the status and the body, with the values that
 * differ by construction (ids, addresses, times, the request id) reduced to their type; `role` and
 * `status` fields kept as they are.
 */
function shapeOf(body: string): string {
  const reduce = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => reduce(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reduce(x, k)]));
    if (typeof v === 'string' && key !== 'role' && key !== 'status' && key !== 'detail' && key !== 'type') return 'string';
    return v;
  };
  try {
    return JSON.stringify(reduce(JSON.parse(body)));
  } catch {
    return body;
  }
}

async function main(): Promise<void> {
  const service = await startProcess('service', productionEnv({ TRUSTED_PROXY_IPS: '127.0.0.1,::1', LOG_LEVEL: 'warn', BCRYPT_COST }));
  const base = service.base;
  try {
    const plain = await registerWorkspace(base, 'Enumeration plain');
    const mfa = await registerWorkspace(base, 'Enumeration mfa');
    // the second account turns on TOTP through the API
    const cookie = await sessionCookie(base, mfa.email, mfa.password);
    const started = await fetch(`${base}/api/v1/operator/me/mfa/totp`, { method: 'POST', headers: { cookie } });
    if (started.status !== 201) throw new Error(`totp: ${started.status} ${await started.text()}`);
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await fetch(`${base}/api/v1/operator/me/mfa/totp/confirm`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code: await generate({ secret }) }),
    });
    if (confirmed.status !== 200) throw new Error(`totp confirm: ${confirmed.status} ${await confirmed.text()}`);
    // the owner who invites, and accounts to invite (one per round, so no invitation replaces another)
    const owner = await registerWorkspace(base, 'Enumeration owner');
    const ownerCookie = await sessionCookie(base, owner.email, owner.password);
    const existing: string[] = [];
    for (let i = 0; i < ROUNDS; i++) existing.push((await registerWorkspace(base, `Invitee ${i}`)).email);

    const logIn = (email: string, password: string) =>
      timed(`${base}/users/log-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip() },
        body: JSON.stringify({ email, password }),
      });
    const invite = (email: string) =>
      timed(`${base}/api/v1/operator/invitations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: ownerCookie, 'x-forwarded-for': ip() },
        body: JSON.stringify({ email, role: 'member' }),
      });

    const groups: Record<string, Record<string, (round: number) => Promise<Answer>>> = {
      'log-in': {
        'no account': () => logIn(`nobody-${randomBytes(6).toString('hex')}@example.com`, 'wrong password 123'),
        'account, wrong password': () => logIn(plain.email, 'wrong password 123'),
        'account with TOTP, wrong password': () => logIn(mfa.email, 'wrong password 123'),
      },
      invitation: {
        'address without an account': () => invite(`new-${randomBytes(6).toString('hex')}@example.com`),
        'address with an account': (round) => invite(existing[round]),
      },
    };
    const cases = Object.entries(groups).flatMap(([group, cs]) => Object.entries(cs).map(([name, run]) => ({ group, name, run })));
    const answers = new Map<string, Answer[]>(cases.map((c) => [`${c.group}: ${c.name}`, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...cases].sort(() => Math.random() - 0.5);
      for (const c of order) answers.get(`${c.group}: ${c.name}`)!.push(await c.run(round));
    }

    const lines = [
      `| case (${ROUNDS} each, interleaved) | answer | median ms | p90 ms | median x the group's first |`,
      '|---|---|---:|---:|---:|',
    ];
    const targets: Array<{ target: string; met: boolean; measured: string }> = [];
    for (const [group, cs] of Object.entries(groups)) {
      const names = Object.keys(cs);
      const first = quantile(
        answers.get(`${group}: ${names[0]}`)!.map((a) => a.ms),
        0.5,
      );
      const shapes = new Set<string>();
      for (const name of names) {
        const runs = answers.get(`${group}: ${name}`)!;
        const statuses = [...new Set(runs.map((a) => a.status))].join('/');
        for (const a of runs) shapes.add(`${a.status} ${shapeOf(a.body)}`);
        const median = quantile(
          runs.map((a) => a.ms),
          0.5,
        );
        lines.push(
          `| ${group}: ${name} | ${statuses} | ${median.toFixed(2)} | ${quantile(
            runs.map((a) => a.ms),
            0.9,
          ).toFixed(2)} | ${(median / first).toFixed(2)} |`,
        );
        if (name !== names[0]) {
          const r = median / first;
          targets.push({
            target: `${group}: ${name}, median within 10% of "${names[0]}"`,
            met: r >= 0.9 && r <= 1.1,
            measured: r.toFixed(2),
          });
        }
      }
      targets.push({
        target: `${group}: every answer the same (status and body)`,
        met: shapes.size === 1,
        measured: `${shapes.size} distinct`,
      });
    }
    lines.push(
      '',
      '| target | measured | met |',
      '|---|---|---|',
      ...targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : 'NO'} |`),
    );
    process.stdout.write(`\nnode ${process.version}, ${ROUNDS} rounds, BCRYPT_COST ${BCRYPT_COST}\n\n${lines.join('\n')}\n`);
    writeResults('enumeration', { at: new Date().toISOString(), node: process.version, rounds: ROUNDS, lines, targets });
  } finally {
    await service.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
