/**
 * What a robot costs as the fleet grows (issue 58): the same workload at 100, 1,000 and 5,000
 * robots (BENCH_FLEET_SCALE_SIZES) on one node, each size on a fresh service process and a fresh
 * enterprise workspace. Robots are lean hand-written clients (fetch and ws, as in the simulator
 * bench's baseline), so the bench process stays light next to the service:
 *
 * 1. claim: every robot claims the workspace's fleet token (50 at a time);
 * 2. connect: each mints a socket token, opens /socket and says `ready` asking for
 *    `api_key.expiring` (what the SDK asks when it rotates when told); one integration socket of
 *    the workspace asks for every event (`["*"]`), so events still flow;
 * 3. commands: the operator sends BENCH_FLEET_SCALE_COMMANDS commands (2,000: the same number at
 *    every size), round-robin over the robots, 50 in flight; each robot answers with
 *    command_result and the round trip ends at its reply.
 *
 * Printed per size: claims per second, time to ready p50/p99, command round trip p50/p99, the
 * service's CPU per command (the commands phase) and per robot (its claim and connect), memory per socket
 * (JavaScript heap and external memory after full collections, read over the service's
 * inspector, with all sockets open against before any; RSS beside it), and frames the sockets
 * received per command. The baseline is the smallest size of the same run: each figure at the
 * largest size over it, with the targets (round trip p50 and p99, CPU per command and frames per
 * command within 1.5x, memory per socket within 1.2x), met or not. BENCH_BUILDS=label=dir (as in
 * `npm run bench`) runs every size on other builds too, interleaved, for a before/after.
 *
 *   npm run bench:fleet-scale
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import WebSocket from 'ws';
import { percentile, pool } from '../sdk/src/simulator/stats';
import { cpuMicros } from './harness';
import { BENCH_PUBLIC_URL, freePort, productionServiceEnv, startProcess } from './processes';
import { benchBuilds } from './support/builds';
import { heldBytes, memoryAfterGc } from './support/inspector';
import { writeResults } from './support/results';
import { BENCH_PASSWORD, enterpriseWorkspace, sessionCookie } from './support/workspace';

const SIZES = (process.env.BENCH_FLEET_SCALE_SIZES ?? '100,1000,5000').split(',').map(Number);
const COMMANDS = Number(process.env.BENCH_FLEET_SCALE_COMMANDS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_FLEET_SCALE_CONCURRENCY ?? 50);
const DATABASE_URL = process.env.BENCH_DATABASE_URL!;
const JSON_HEADERS = { 'content-type': 'application/json' };

interface Figures {
  build: string;
  robots: number;
  claimsPerSecond: number;
  readyP50: number;
  readyP99: number;
  roundTripP50: number;
  roundTripP99: number;
  cpuPerCommandUs: number;
  cpuPerRobotUs: number;
  /** JavaScript heap and external memory per socket after full collections (bytes). */
  memoryPerSocket: number;
  rssPerSocket: number;
  framesPerCommand: number;
  failures: number;
}

interface Robot {
  agentId: string;
  accessToken: string;
  socket?: WebSocket;
}

/** A socket that said ready with `events`, counting the frames the service pushes it. */
async function openSocket(
  base: string,
  accessToken: string,
  events: string[],
  onCommand: (socket: WebSocket, command: { id: string; payload: { nonce: string } }) => void,
  onReply: (ref: string) => void,
  counts: { frames: number },
): Promise<WebSocket> {
  const minted = await fetch(`${base}/api/v1/socket_tokens`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
  const { socket_token } = (await minted.json()) as { socket_token: string };
  if (!minted.ok) throw new Error(`socket token: ${minted.status}`);
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/socket?socket_token=${socket_token}`, {
    headers: { origin: BENCH_PUBLIC_URL },
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ event: 'ready', ref: 'ready', payload: { events } })));
    socket.on('message', (data) => {
      const frame = JSON.parse((data as Buffer).toString());
      if (frame.event !== 'reply') counts.frames++;
      if (frame.event === 'reply' && frame.ref === 'ready') {
        if (frame.status !== 'ok') reject(new Error(`ready refused: ${JSON.stringify(frame.payload)}`));
        else resolve();
      } else if (frame.event === 'reply') onReply(String(frame.ref));
      else if (frame.event === 'command') onCommand(socket, frame.payload.agent_command);
    });
  });
  return socket;
}

async function claim(base: string, token: string, serial: string): Promise<Robot> {
  const res = await fetch(`${base}/api/v1/enrollments/claim`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ token, serial_number: serial }),
  });
  const body = (await res.json()) as { api_key: { service_agent_id: string }; access_token: { token: string } };
  if (res.status !== 201) throw new Error(`claim: ${res.status} ${JSON.stringify(body)}`);
  return { agentId: body.api_key.service_agent_id, accessToken: body.access_token.token };
}

const rssOf = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

/** One size on one build: a fresh service, workspace and fleet. */
async function runSize(db: Client, build: { label: string; entry?: string; flags: string[] }, robots: number): Promise<Figures> {
  const inspectorPort = await freePort();
  const service = await startProcess('service', productionServiceEnv(), {
    entry: build.entry,
    execArgv: [...build.flags, `--inspect=127.0.0.1:${inspectorPort}`],
  });
  const pid = service.child.pid!;
  const base = service.base;
  const sockets: WebSocket[] = [];
  let failures = 0;
  try {
    const ws = await enterpriseWorkspace(base, db, `Fleet scale ${robots}`, { password: BENCH_PASSWORD });
    const cookie = await sessionCookie(base, ws.email, BENCH_PASSWORD);
    const issued = await fetch(`${base}/api/v1/operator/enrollment_tokens`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, cookie },
      body: JSON.stringify({ max_claims: robots + 1 }),
    });
    if (issued.status !== 201) throw new Error(`enrollment token: ${issued.status} ${await issued.text()}`);
    const { enrollment_token } = (await issued.json()) as { enrollment_token: { token: string } };
    const cpuStart = cpuMicros(pid)!;

    // 1. claims
    const fleet: Robot[] = new Array(robots);
    const claimStart = performance.now();
    await pool(robots, CONCURRENCY, async (i) => void (fleet[i] = await claim(base, enrollment_token.token, `scale-${i}`)));
    const claimsPerSecond = robots / ((performance.now() - claimStart) / 1000);
    const integration = await claim(base, enrollment_token.token, 'scale-integration');

    // 2. sockets
    const before = await memoryAfterGc(inspectorPort);
    const rssBefore = rssOf(pid);
    const counts = { frames: 0 };
    const sentAt = new Map<string, number>();
    const roundTrips: number[] = [];
    const answer = (socket: WebSocket, command: { id: string; payload: { nonce: string } }) =>
      socket.send(
        JSON.stringify({
          event: 'command_result',
          ref: command.payload.nonce,
          payload: { command_id: command.id, status: 'succeeded', result: { echo: command.payload.nonce } },
        }),
      );
    const replied = (ref: string) => {
      const at = sentAt.get(ref);
      if (at === undefined) return;
      roundTrips.push(performance.now() - at);
      sentAt.delete(ref);
    };
    const readyTimes: number[] = [];
    await pool(robots, CONCURRENCY, async (i) => {
      const t0 = performance.now();
      try {
        fleet[i].socket = await openSocket(base, fleet[i].accessToken, ['api_key.expiring'], answer, replied, counts);
        sockets.push(fleet[i].socket);
        readyTimes.push(performance.now() - t0);
      } catch {
        failures++;
      }
    });
    sockets.push(await openSocket(base, integration.accessToken, ['*'], answer, replied, counts));
    const after = await memoryAfterGc(inspectorPort);
    const rssAfter = rssOf(pid);

    // 3. commands
    counts.frames = 0;
    const cpuCommands = cpuMicros(pid)!;
    await pool(COMMANDS, CONCURRENCY, async (i) => {
      const nonce = randomUUID();
      sentAt.set(nonce, performance.now());
      const res = await fetch(`${base}/api/v1/operator/agent_commands`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, cookie },
        body: JSON.stringify({ service_agent_id: fleet[i % robots].agentId, name: 'sim.echo', payload: { nonce } }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) failures++;
    });
    const deadline = Date.now() + 60_000;
    while (sentAt.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The integration's event frames of the last commands may still be in flight.
    await new Promise((r) => setTimeout(r, 500));
    const cpuEnd = cpuMicros(pid)!;
    failures += sentAt.size;
    return {
      build: build.label,
      robots,
      claimsPerSecond,
      readyP50: percentile(readyTimes, 50) ?? NaN,
      readyP99: percentile(readyTimes, 99) ?? NaN,
      roundTripP50: percentile(roundTrips, 50) ?? NaN,
      roundTripP99: percentile(roundTrips, 99) ?? NaN,
      // The 500 ms settle is idle time, but its timers and the sweep are the service's too.
      cpuPerCommandUs: (cpuEnd - cpuCommands) / COMMANDS,
      cpuPerRobotUs: (cpuCommands - cpuStart) / robots,
      memoryPerSocket: (heldBytes(after) - heldBytes(before)) / (robots + 1),
      rssPerSocket: (rssAfter - rssBefore) / (robots + 1),
      framesPerCommand: counts.frames / COMMANDS,
      failures,
    };
  } finally {
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => (s.readyState === WebSocket.OPEN ? (s.once('close', () => resolve()), s.close(1000)) : resolve())),
      ),
    );
    await service.stop();
  }
}

/** Issue 58's targets: the largest size against the smallest, each within its bound. */
const TARGETS: Array<{ name: string; key: keyof Figures; bound: number; digits: number }> = [
  { name: 'command round trip p50 (ms)', key: 'roundTripP50', bound: 1.5, digits: 1 },
  { name: 'command round trip p99 (ms)', key: 'roundTripP99', bound: 1.5, digits: 1 },
  { name: 'service CPU per command (µs)', key: 'cpuPerCommandUs', bound: 1.5, digits: 0 },
  { name: 'frames per command', key: 'framesPerCommand', bound: 1.5, digits: 2 },
  { name: 'memory per socket (KiB, heap + external after GC)', key: 'memoryPerSocket', bound: 1.2, digits: 1 },
];

const MEASURES: Array<{ name: string; key: keyof Figures; digits: number; scale?: number }> = [
  { name: 'claims per second', key: 'claimsPerSecond', digits: 0 },
  { name: 'time to ready p50 (ms)', key: 'readyP50', digits: 1 },
  { name: 'time to ready p99 (ms)', key: 'readyP99', digits: 1 },
  { name: 'command round trip p50 (ms)', key: 'roundTripP50', digits: 1 },
  { name: 'command round trip p99 (ms)', key: 'roundTripP99', digits: 1 },
  { name: 'service CPU per command (µs)', key: 'cpuPerCommandUs', digits: 0 },
  { name: 'service CPU per robot (µs, claim and connect)', key: 'cpuPerRobotUs', digits: 0 },
  { name: 'memory per socket (KiB, heap + external after GC)', key: 'memoryPerSocket', digits: 1, scale: 1 / 1024 },
  { name: 'RSS per socket (KiB)', key: 'rssPerSocket', digits: 1, scale: 1 / 1024 },
  { name: 'frames per command', key: 'framesPerCommand', digits: 2 },
  { name: 'failures', key: 'failures', digits: 0 },
];

function report(rows: Figures[], build: string): { lines: string[]; unmet: string[] } {
  const mine = SIZES.map((n) => rows.find((r) => r.build === build && r.robots === n)!);
  const [small, large] = [mine[0], mine[mine.length - 1]];
  const lines = [
    `### ${build}`,
    '',
    `| measure | ${SIZES.map((n) => `${n} robots`).join(' | ')} | ${large.robots} / ${small.robots} |`,
    `|---|${SIZES.map(() => '---:').join('|')}|---:|`,
    ...MEASURES.map(({ name, key, digits, scale = 1 }) => {
      const cells = mine.map((r) => ((r[key] as number) * scale).toFixed(digits));
      const ratio = key === 'failures' ? '' : ((large[key] as number) / (small[key] as number)).toFixed(2);
      return `| ${name} | ${cells.join(' | ')} | ${ratio} |`;
    }),
    '',
    `Targets (issue 58), ${large.robots} robots against ${small.robots}:`,
  ];
  const unmet: string[] = [];
  for (const { name, key, bound } of TARGETS) {
    const ratio = (large[key] as number) / (small[key] as number);
    const met = ratio <= bound;
    if (!met) unmet.push(`${build}: ${name}`);
    lines.push(`- ${name}: ${ratio.toFixed(2)}x (<= ${bound}x): ${met ? 'met' : 'NOT MET'}`);
  }
  lines.push(`- no failures: ${mine.every((r) => r.failures === 0) ? 'met' : 'NOT MET'}`);
  return { lines, unmet };
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const builds = benchBuilds();
  const rows: Figures[] = [];
  try {
    for (const robots of SIZES) {
      for (const build of robots === SIZES[1] ? [...builds].reverse() : builds) {
        process.stderr.write(`${build.label}: ${robots} robots, ${COMMANDS} commands, ${CONCURRENCY} at a time\n`);
        const r = await runSize(db, build, robots);
        rows.push(r);
        process.stderr.write(
          `  ${r.claimsPerSecond.toFixed(0)} claims/s, ready p50 ${r.readyP50.toFixed(1)} ms, round trip p50 ${r.roundTripP50.toFixed(1)} ms p99 ${r.roundTripP99.toFixed(1)} ms, ` +
            `CPU ${r.cpuPerCommandUs.toFixed(0)} µs/command, ${(r.memoryPerSocket / 1024).toFixed(1)} KiB/socket, ${r.framesPerCommand.toFixed(2)} frames/command, failures ${r.failures}\n`,
        );
      }
    }
    const reports = builds.map((b) => report(rows, b.label));
    process.stdout.write(
      `\nnode ${process.version}; ${SIZES.join(', ')} robots, ${COMMANDS} commands each, ${CONCURRENCY} in flight\n\n` +
        `${reports.map((r) => r.lines.join('\n')).join('\n\n')}\n`,
    );
    writeResults('fleet-scale', { node: process.version, sizes: SIZES, commands: COMMANDS, concurrency: CONCURRENCY, rows });
    const unmet = reports[0].unmet;
    process.stdout.write(`\n${unmet.length === 0 ? 'every target met' : `not met: ${unmet.join('; ')}`} (this build)\n`);
    if (rows.some((r) => r.failures > 0)) process.exitCode = 1;
  } finally {
    await db.end();
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
