/**
 * A fleet of robots on the SDK against the production build: the simulator (sdk/src/simulator)
 * claims one fleet token with BENCH_FLEET_ROBOTS robots (1,000 by default), connects them, sends
 * each a command as the operator and times the round trip. Prints the simulator's own summary.
 *
 * Baseline, in the same run on the same service: the same fleet written by hand on fetch and ws
 * (claim, socket token, ready, command_result, nothing else: no credential file, no backoff, no
 * de-duplication), with the same concurrency. Each side gets its own workspace, and the two
 * alternate over BENCH_FLEET_ROUNDS rounds (2). Ratios are SDK / baseline. Also printed: the
 * service's CPU time per robot over each side's run (/proc, Linux), which the host's noise moves
 * less than the latencies: what a fleet costs the service, where a regression of the push fan-out
 * would show (robots hold events:read by default but, since event push became opt-in (ADR 0273),
 * are pushed only the types their ready names; bench/README.md finding 40 and "Issue 58").
 *
 *   npm run bench:simulator    (BENCH_FLEET_ROBOTS, BENCH_FLEET_CONCURRENCY, BENCH_FLEET_ROUNDS override)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import WebSocket from 'ws';
import { FleetSummary, formatSummary, runFleet } from '../sdk/src/simulator/fleet';
import { percentile, pool } from '../sdk/src/simulator/stats';
import { cpuMicros } from './harness';
import { BENCH_PUBLIC_URL, productionServiceEnv, startProcess } from './processes';
import { writeResults } from './support/results';
import { enterpriseWorkspace, sessionCookie } from './support/workspace';

const ROBOTS = Number(process.env.BENCH_FLEET_ROBOTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_FLEET_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.BENCH_FLEET_ROUNDS ?? 2);
const DATABASE_URL = process.env.BENCH_DATABASE_URL!;
const PASSWORD = 'a benchmark password';

interface Figures {
  side: 'baseline' | 'sdk';
  claimsPerSecond: number;
  connectP50: number;
  connectP99: number;
  roundTripP50: number;
  roundTripP99: number;
  failures: number;
  seconds: number;
  /** The service's CPU time over the side's run (claims, sockets, commands), per robot, in ms. */
  serviceCpuMs?: number;
}

interface Workspace {
  email: string;
  cookie: string;
  token: string;
}

/** A fresh enterprise workspace, its owner's session and a fleet token for ROBOTS claims. */
async function workspace(base: string, db: Client): Promise<Workspace> {
  const { email } = await enterpriseWorkspace(base, db, 'Fleet bench', { password: PASSWORD });
  const cookie = await sessionCookie(base, email, PASSWORD);
  const json = { 'content-type': 'application/json' };
  const issued = await fetch(`${base}/api/v1/operator/enrollment_tokens`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ max_claims: ROBOTS }),
  });
  if (issued.status !== 201) throw new Error(`enrollment token: ${issued.status} ${await issued.text()}`);
  const { enrollment_token } = (await issued.json()) as { enrollment_token: { token: string } };
  return { email, cookie, token: enrollment_token.token };
}

/** The hand-written fleet: the protocol and nothing more. */
async function bareFleet(base: string, ws: Workspace): Promise<Figures> {
  const started = performance.now();
  const json = { 'content-type': 'application/json' };
  let failures = 0;
  const robots: { agentId: string; accessToken: string; socket?: WebSocket }[] = [];
  const claimStart = performance.now();
  await pool(ROBOTS, CONCURRENCY, async (i) => {
    const res = await fetch(`${base}/api/v1/enrollments/claim`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: ws.token, serial_number: `bare-${i}` }),
    });
    const body = (await res.json()) as { api_key: { service_agent_id: string }; access_token: { token: string } };
    if (res.status !== 201) return void failures++;
    robots.push({ agentId: body.api_key.service_agent_id, accessToken: body.access_token.token });
  });
  const claimSeconds = (performance.now() - claimStart) / 1000;

  const connectTimes: number[] = [];
  const sentAt = new Map<string, number>();
  const roundTrips: number[] = [];
  await pool(robots.length, CONCURRENCY, async (i) => {
    const robot = robots[i];
    const t0 = performance.now();
    const minted = await fetch(`${base}/api/v1/socket_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${robot.accessToken}` },
    });
    const { socket_token } = (await minted.json()) as { socket_token: string };
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/socket?socket_token=${socket_token}`, {
      headers: { origin: BENCH_PUBLIC_URL },
      perMessageDeflate: false,
    });
    robot.socket = socket;
    await new Promise<void>((resolve) => {
      socket.on('error', () => {
        failures++;
        resolve();
      });
      socket.on('open', () => socket.send(JSON.stringify({ event: 'ready', ref: 'ready', payload: {} })));
      socket.on('message', (data) => {
        const frame = JSON.parse((data as Buffer).toString()); // ws delivers a Buffer (binaryType 'nodebuffer')
        if (frame.event === 'reply' && frame.ref === 'ready') {
          connectTimes.push(performance.now() - t0);
          resolve();
        } else if (frame.event === 'reply' && typeof frame.ref === 'string' && sentAt.has(frame.ref)) {
          roundTrips.push(performance.now() - sentAt.get(frame.ref)!);
          sentAt.delete(frame.ref);
        } else if (frame.event === 'command') {
          const command = frame.payload.agent_command;
          socket.send(
            JSON.stringify({
              event: 'command_result',
              ref: command.payload.nonce,
              payload: { command_id: command.id, status: 'succeeded', result: { echo: command.payload } },
            }),
          );
        }
      });
    });
  });

  await pool(robots.length, CONCURRENCY, async (i) => {
    const nonce = randomUUID();
    sentAt.set(nonce, performance.now());
    const res = await fetch(`${base}/api/v1/operator/agent_commands`, {
      method: 'POST',
      headers: { ...json, cookie: ws.cookie },
      body: JSON.stringify({ service_agent_id: robots[i].agentId, name: 'sim.echo', payload: { nonce, seq: i } }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) failures++;
  });
  const deadline = Date.now() + 60_000;
  while (roundTrips.length < robots.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  failures += robots.length - roundTrips.length;
  await Promise.all(
    robots.map(
      (r) =>
        new Promise<void>((resolve) =>
          r.socket?.readyState === WebSocket.OPEN ? (r.socket.once('close', () => resolve()), r.socket.close(1000)) : resolve(),
        ),
    ),
  );
  return {
    side: 'baseline',
    claimsPerSecond: robots.length / claimSeconds,
    connectP50: percentile(connectTimes, 50) ?? NaN,
    connectP99: percentile(connectTimes, 99) ?? NaN,
    roundTripP50: percentile(roundTrips, 50) ?? NaN,
    roundTripP99: percentile(roundTrips, 99) ?? NaN,
    failures,
    seconds: (performance.now() - started) / 1000,
  };
}

async function sdkFleet(base: string, ws: Workspace): Promise<{ figures: Figures; summary: FleetSummary }> {
  const summary = await runFleet({
    baseUrl: base,
    token: ws.token,
    robots: ROBOTS,
    concurrency: CONCURRENCY,
    commandsPerRobot: 1,
    operator: { email: ws.email, password: PASSWORD },
    socket: { origin: BENCH_PUBLIC_URL },
    onProgress: (p) => {
      if (p.done === p.total) process.stderr.write(`  sdk ${p.phase}: ${p.done}/${p.total}, errors ${p.errors}\n`);
    },
  });
  const failures = summary.claims.failed + summary.connect.failed + summary.commands.failed + summary.commands.unanswered;
  return {
    summary,
    figures: {
      side: 'sdk',
      claimsPerSecond: summary.claims.perSecond,
      connectP50: summary.connect.latency.p50Ms ?? NaN,
      connectP99: summary.connect.latency.p99Ms ?? NaN,
      roundTripP50: summary.commands.roundTrip.p50Ms ?? NaN,
      roundTripP99: summary.commands.roundTrip.p99Ms ?? NaN,
      failures,
      seconds: summary.seconds,
    },
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main(): Promise<void> {
  // productionServiceEnv has no machine rate limit: one IP claims the whole fleet, and the
  // default would make the SDK wait out retry-after where the baseline would fail.
  const service = await startProcess('service', productionServiceEnv());
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const rows: Figures[] = [];
  let lastSummary: FleetSummary | undefined;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const order: ('baseline' | 'sdk')[] = round % 2 === 1 ? ['baseline', 'sdk'] : ['sdk', 'baseline'];
      for (const side of order) {
        const ws = await workspace(service.base, db);
        process.stderr.write(`round ${round}: ${side}, ${ROBOTS} robots, ${CONCURRENCY} at a time\n`);
        const cpuBefore = cpuMicros(service.child.pid!);
        if (side === 'baseline') rows.push(await bareFleet(service.base, ws));
        else {
          const { figures, summary } = await sdkFleet(service.base, ws);
          rows.push(figures);
          lastSummary = summary;
        }
        const r = rows[rows.length - 1];
        const cpuAfter = cpuMicros(service.child.pid!);
        if (cpuBefore !== undefined && cpuAfter !== undefined) r.serviceCpuMs = (cpuAfter - cpuBefore) / 1000 / ROBOTS;
        process.stderr.write(
          `  ${side}: ${r.claimsPerSecond.toFixed(0)} claims/s, ready p50 ${r.connectP50.toFixed(1)} ms p99 ${r.connectP99.toFixed(1)} ms, round trip p50 ${r.roundTripP50.toFixed(1)} ms p99 ${r.roundTripP99.toFixed(1)} ms, service CPU ${r.serviceCpuMs?.toFixed(2) ?? '-'} ms a robot, failures ${r.failures}\n`,
        );
      }
    }
    const side = (s: Figures['side']) => rows.filter((r) => r.side === s);
    const avg = (s: Figures['side'], k: keyof Omit<Figures, 'side'>) => mean(side(s).map((r) => r[k] as number));
    const measures: [string, keyof Omit<Figures, 'side'>, number][] = [
      ['claims per second', 'claimsPerSecond', 0],
      ['time to ready p50 (ms)', 'connectP50', 1],
      ['time to ready p99 (ms)', 'connectP99', 1],
      ['command round trip p50 (ms)', 'roundTripP50', 1],
      ['command round trip p99 (ms)', 'roundTripP99', 1],
      ['service CPU per robot (ms)', 'serviceCpuMs', 2],
      ['failures', 'failures', 0],
    ];
    const table = [
      `node ${process.version}; ${ROBOTS} robots, ${CONCURRENCY} at a time, ${ROUNDS} rounds (means)`,
      '',
      '| measure | baseline: hand-written fetch + ws | SDK fleet simulator | SDK / baseline |',
      '|---|---:|---:|---:|',
      ...measures.map(([name, key, digits]) => {
        const b = avg('baseline', key);
        const s = avg('sdk', key);
        return `| ${name} | ${b.toFixed(digits)} | ${s.toFixed(digits)} | ${key === 'failures' ? '' : (s / b).toFixed(2)} |`;
      }),
    ].join('\n');
    process.stdout.write(
      `\n${table}\n\nThe simulator's own summary (last SDK run):\n\n${lastSummary ? formatSummary(lastSummary) : '(none)'}\n`,
    );
    writeResults('simulator', { node: process.version, robots: ROBOTS, concurrency: CONCURRENCY, rounds: ROUNDS, rows, lastSummary });
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
