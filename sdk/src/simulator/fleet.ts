import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AgentClient } from '../agent-client';
import { AgentSocket, AgentSocketOptions, CommandFailed, CommandHandler, CommandOutcome } from '../agent-socket';
import { sleep } from '../backoff';
import { claim, ClaimRetryPolicy } from '../claim';
import { FileCredentialStore, StoredCredentials } from '../credential-store';
import { errorKind } from '../errors';
import { OTA_UPDATE_COMMAND, otaUpdateOf, walkOtaUpdate } from '../ota';
import { LossyProxy, LossyProxyStats } from './lossy-proxy';
import { OperatorSession } from './operator';
import { ErrorTally, LatencySummary, pool, summarize } from './stats';
import type { RateLimitPolicy } from '../http';

/** Attempts of a claim in a lossy run (see FleetOptions.claimRetry). */
export const LOSSY_CLAIM_ATTEMPTS = 20;

/** The command the simulator sends to measure round trips; robots answer it with its payload. */
export const ECHO_COMMAND = 'sim.echo';

export type Phase = 'claim' | 'connect' | 'commands' | 'ota' | 'hold' | 'stop';

export interface FleetProgress {
  phase: Phase;
  done: number;
  total: number;
  errors: number;
}

export interface FleetOptions {
  baseUrl: string;
  /** The fleet enrollment token (age_...); its max_claims must cover the robots. */
  token: string;
  robots: number;
  /** Claims, connects and commands in flight at once. Default 50. */
  concurrency?: number;
  /** Serial numbers are this prefix and the robot's number. Default `sim-<random>-`. */
  serialPrefix?: string;
  /** Each robot keeps its credentials in `<stateDir>/<serial>.json` (0600). Default: a temporary directory, removed at the end. */
  stateDir?: string;
  /** Commands per robot, sent by the operator (`sim.echo`). */
  commandsPerRobot?: number;
  /** How many robots get an OTA update, created by the operator. */
  otaRobots?: number;
  /** The operator who sends commands and OTA updates (log-in with email and password). */
  operator?: { email: string; password: string };
  /** Stay connected this long after the commands, answering whatever comes (ms). */
  holdMs?: number;
  /** How long to wait for every command's answer (ms). Default 60,000. */
  answerTimeoutMs?: number;
  rateLimit?: RateLimitPolicy;
  allowInsecureHttp?: boolean;
  /** Socket settings for every robot (heartbeat, backoff, origin). */
  socket?: Omit<AgentSocketOptions, 'handlers' | 'defaultHandler' | 'readyPayload'>;
  /** Simulated download and install time per OTA step (ms, uniformly random up to this). Default 50. */
  otaStepMs?: number;
  /**
   * A flaky network between the robots and the service (a local proxy, lossy-proxy.ts): shares of
   * claim answers lost after the service claimed, and of socket connections cut. Every robot must
   * still end up online: a lost answer is replayed (claim_id), a cut socket reconnects.
   */
  lossy?: { claimLoss: number; connectionLoss: number; cutWithinMs?: number };
  /**
   * How robots retry a claim whose answer was lost: the SDK's default (1 s doubling to 30 s, 6
   * attempts), with 20 attempts in a lossy run (a device keeps trying; six losses in a row are
   * rare but not in a large fleet on a very lossy link).
   */
  claimRetry?: ClaimRetryPolicy;
  onProgress?: (progress: FleetProgress) => void;
}

export interface FleetSummary {
  baseUrl: string;
  robots: number;
  concurrency: number;
  node: string;
  /** `replayed`: robots whose claim answer was lost and replayed; `lostAnswers`: attempts whose answer was lost. */
  claims: {
    ok: number;
    reused: number;
    failed: number;
    replayed: number;
    lostAnswers: number;
    seconds: number;
    perSecond: number;
    latency: LatencySummary;
  };
  connect: { ready: number; failed: number; seconds: number; latency: LatencySummary };
  commands: { sent: number; succeeded: number; failed: number; unanswered: number; seconds: number; roundTrip: LatencySummary };
  ota: { requested: number; succeeded: number; failed: number; unanswered: number; seconds: number };
  reconnects: number;
  /** Robots online (socket ready) at one moment, and when that was, from the start of the run (s). */
  online: { robots: number; seconds: number };
  /** What the lossy proxy dropped, in a lossy run. */
  lossy?: LossyProxyStats & { claimLoss: number; connectionLoss: number };
  /** Errors by kind, most frequent first. */
  errors: Record<string, number>;
  seconds: number;
}

interface Robot {
  index: number;
  serial: string;
  credentials?: StoredCredentials;
  agent?: AgentClient;
  socket?: AgentSocket;
}

/** The fleet: robots that claim, connect, answer commands and walk OTA updates. */
export async function runFleet(options: FleetOptions): Promise<FleetSummary> {
  const started = performance.now();
  const concurrency = options.concurrency ?? 50;
  const prefix = options.serialPrefix ?? `sim-${randomBytes(3).toString('hex')}-`;
  const width = String(Math.max(1, options.robots - 1)).length;
  const robots: Robot[] = Array.from({ length: options.robots }, (_, index) => ({
    index,
    serial: `${prefix}${String(index).padStart(width, '0')}`,
  }));
  const errors = new ErrorTally();
  const stateDir = options.stateDir ?? (await mkdtemp(join(tmpdir(), 'agent-network-fleet-')));
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const progress = (phase: Phase, done: number, total: number) => options.onProgress?.({ phase, done, total, errors: errors.total });

  // Round trips: the operator's POST to the robot's result being accepted, matched by a nonce
  // (the push can reach the robot before the POST has answered).
  const echoSentAt = new Map<string, number>();
  const roundTrips: number[] = [];
  const commandOutcomes = { succeeded: 0, failed: 0 };
  const ota = { requested: 0, succeeded: 0, failed: 0, answered: 0 };
  let reconnects = 0;

  const onResult = (outcome: CommandOutcome) => {
    if (outcome.command.name === ECHO_COMMAND) {
      const { nonce } = outcome.command.payload as { nonce?: unknown };
      if (typeof nonce !== 'string') return;
      const sentAt = echoSentAt.get(nonce);
      if (sentAt === undefined) return;
      echoSentAt.delete(nonce);
      roundTrips.push(performance.now() - sentAt);
      commandOutcomes[outcome.status]++;
    } else if (outcome.command.name === OTA_UPDATE_COMMAND) {
      ota.answered++;
      ota[outcome.status]++;
    }
  };

  const stepMs = options.otaStepMs ?? 50;
  const handlers: Record<string, CommandHandler> = {
    [ECHO_COMMAND]: (command) => ({ echo: command.payload }),
    [OTA_UPDATE_COMMAND]: async (command, { agent, signal }) => {
      const update = otaUpdateOf(command);
      if (!update) throw new CommandFailed({ error: 'invalid_ota_update_command' });
      const work = () => sleep(Math.random() * stepMs, signal);
      try {
        const status = await walkOtaUpdate(agent, update, { download: work, install: work }, signal);
        return { ota_update_id: update.id, status };
      } catch (err) {
        errors.add(`ota_report:${errorKind(err)}`);
        throw new CommandFailed({ ota_update_id: update.id, error: errorKind(err) });
      }
    },
  };

  const claimTimes: number[] = [];
  const connectTimes: number[] = [];
  const summary = {
    claimsOk: 0,
    reused: 0,
    claimsFailed: 0,
    replayed: 0,
    lostAnswers: 0,
    claimSeconds: 0,
    ready: 0,
    connectFailed: 0,
    connectSeconds: 0,
  };
  const online = { robots: 0, seconds: 0, expected: 0 };
  // In a lossy run the robots talk to the service through the proxy; the operator does not.
  const proxy = options.lossy && new LossyProxy({ target: options.baseUrl, ...options.lossy });
  const robotBase = proxy ? await proxy.start() : options.baseUrl;
  const socketOptions = proxy ? { origin: new URL(options.baseUrl).origin, ...options.socket } : options.socket;
  const claimRetry = options.claimRetry ?? (proxy ? { attempts: LOSSY_CLAIM_ATTEMPTS } : undefined);
  let operator: OperatorSession | undefined;
  let sent = 0;
  const seconds = { commands: 0, ota: 0 };

  try {
    // 1. Claim: each robot spends one claim of the fleet token, and keeps its key in its own file.
    let done = 0;
    const claimStart = performance.now();
    await pool(robots.length, concurrency, async (i) => {
      const robot = robots[i];
      const t0 = performance.now();
      try {
        const result = await claim({
          baseUrl: robotBase,
          token: options.token,
          serialNumber: robot.serial,
          agent: { simulator: 'agent-network-simulate', firmware: '1.0.0' },
          store: new FileCredentialStore(join(stateDir, `${robot.serial}.json`)),
          rateLimit: options.rateLimit,
          allowInsecureHttp: options.allowInsecureHttp,
          retry: claimRetry,
          onLostAnswer: () => summary.lostAnswers++,
        });
        robot.credentials = result.credentials;
        if (result.claimed) {
          summary.claimsOk++;
          claimTimes.push(performance.now() - t0);
          if (result.replayed) summary.replayed++;
        } else summary.reused++;
      } catch (err) {
        summary.claimsFailed++;
        errors.add(`claim:${errorKind(err)}`);
      }
      progress('claim', ++done, robots.length);
    });
    summary.claimSeconds = (performance.now() - claimStart) / 1000;

    // 2. Connect: socket token, upgrade, ready.
    const claimed = robots.filter((r) => r.credentials);
    done = 0;
    const connectStart = performance.now();
    await pool(claimed.length, concurrency, async (i) => {
      const robot = claimed[i];
      const agent = new AgentClient({
        credentials: robot.credentials,
        store: new FileCredentialStore(join(stateDir, `${robot.serial}.json`)),
        rateLimit: options.rateLimit,
        allowInsecureHttp: options.allowInsecureHttp,
      });
      const socket = agent.socket({ ...socketOptions, handlers, readyPayload: { serial_number: robot.serial, simulator: true } });
      socket.on('ready', (_reply, info) => {
        if (info.attempt === 0 && socket.stats.connections === 1) connectTimes.push(info.connectMs);
      });
      socket.on('reconnecting', () => reconnects++);
      socket.on('result', onResult);
      robot.agent = agent;
      robot.socket = socket;
      try {
        await socket.start();
        summary.ready++;
      } catch (err) {
        summary.connectFailed++;
        errors.add(`connect:${errorKind(err)}`);
        await socket.stop();
        robot.socket = undefined;
      }
      progress('connect', ++done, claimed.length);
    });
    summary.connectSeconds = (performance.now() - connectStart) / 1000;
    const connected = robots.filter((r) => r.socket && r.credentials);
    // Online: every connected robot's socket ready at once, with no cut still to come.
    const allOnline = () => connected.every((r) => r.socket!.state === 'ready') && (proxy?.pendingCuts ?? 0) === 0;
    await waitFor(allOnline, options.answerTimeoutMs ?? 60_000);
    online.robots = connected.filter((r) => r.socket!.state === 'ready').length;
    online.expected = connected.length;
    online.seconds = (performance.now() - started) / 1000;

    // 3. Commands and OTA updates, sent as the operator.
    const perRobot = options.commandsPerRobot ?? 0;
    const otaRobots = Math.min(options.otaRobots ?? 0, connected.length);
    if ((perRobot > 0 || otaRobots > 0) && connected.length > 0) {
      if (!options.operator) throw new TypeError('commands and OTA updates need an operator (email and password)');
      try {
        operator = await OperatorSession.logIn({
          baseUrl: options.baseUrl,
          allowInsecureHttp: options.allowInsecureHttp,
          ...options.operator,
        });
      } catch (err) {
        errors.add(`operator_log_in:${errorKind(err)}`);
      }
    }
    if (operator && perRobot > 0) {
      const total = connected.length * perRobot;
      const commandStart = performance.now();
      done = 0;
      await pool(total, concurrency, async (n) => {
        const robot = connected[n % connected.length];
        const nonce = randomUUID();
        echoSentAt.set(nonce, performance.now());
        try {
          await operator!.sendCommand(robot.credentials!.service_agent_id, ECHO_COMMAND, { nonce, seq: n });
          sent++;
        } catch (err) {
          echoSentAt.delete(nonce);
          errors.add(`command_create:${errorKind(err)}`);
        }
        progress('commands', ++done, total);
      });
      await waitFor(() => roundTrips.length >= sent, options.answerTimeoutMs ?? 60_000);
      seconds.commands = (performance.now() - commandStart) / 1000;
    }
    if (operator && otaRobots > 0) {
      const otaStart = performance.now();
      done = 0;
      const targets = connected.filter((r) => r.credentials!.robot_id).slice(0, otaRobots);
      await pool(targets.length, concurrency, async (i) => {
        const robot = targets[i];
        const request = {
          robot_id: robot.credentials!.robot_id!,
          update_type: 'firmware' as const,
          version: '2.0.0',
          artifact_url: 'https://updates.example.com/firmware-2.0.0.bin',
          sha256: 'a'.repeat(64),
        };
        try {
          await operator!.createOtaUpdate(request);
          ota.requested++;
        } catch (err) {
          // An update the operator could not create is a failed update, counted by kind too.
          ota.failed++;
          errors.add(`ota_create:${errorKind(err)}`);
        }
        progress('ota', ++done, targets.length);
      });
      await waitFor(() => ota.answered >= ota.requested, options.answerTimeoutMs ?? 60_000);
      seconds.ota = (performance.now() - otaStart) / 1000;
    }

    if (options.holdMs) {
      progress('hold', 0, 1);
      await sleep(options.holdMs);
      progress('hold', 1, 1);
    }
  } finally {
    // 4. Stop every socket (1000), and remove the temporary state.
    const live = robots.filter((r) => r.socket);
    let stopped = 0;
    await pool(live.length, Math.max(concurrency, 200), async (i) => {
      await live[i].socket!.stop();
      progress('stop', ++stopped, live.length);
    });
    if (!options.stateDir) await rm(stateDir, { recursive: true, force: true });
    await proxy?.close();
  }

  const unanswered = sent - roundTrips.length;
  if (unanswered > 0) errors.add('command:unanswered');
  if (ota.requested > ota.answered) errors.add('ota:unanswered');
  if (online.robots < online.expected) errors.add('connect:not_online');
  return {
    baseUrl: options.baseUrl,
    robots: options.robots,
    concurrency,
    node: process.version,
    claims: {
      ok: summary.claimsOk,
      reused: summary.reused,
      failed: summary.claimsFailed,
      replayed: summary.replayed,
      lostAnswers: summary.lostAnswers,
      seconds: round(summary.claimSeconds),
      perSecond: summary.claimSeconds > 0 ? round(summary.claimsOk / summary.claimSeconds) : 0,
      latency: summarize(claimTimes),
    },
    connect: {
      ready: summary.ready,
      failed: summary.connectFailed,
      seconds: round(summary.connectSeconds),
      latency: summarize(connectTimes),
    },
    commands: {
      sent,
      succeeded: commandOutcomes.succeeded,
      failed: commandOutcomes.failed,
      unanswered,
      seconds: round(seconds.commands),
      roundTrip: summarize(roundTrips),
    },
    ota: {
      requested: ota.requested,
      succeeded: ota.succeeded,
      failed: ota.failed,
      unanswered: ota.requested - ota.answered,
      seconds: round(seconds.ota),
    },
    reconnects,
    online: { robots: online.robots, seconds: round(online.seconds) },
    ...(proxy && options.lossy
      ? { lossy: { claimLoss: options.lossy.claimLoss, connectionLoss: options.lossy.connectionLoss, ...proxy.stats } }
      : {}),
    errors: errors.toJSON(),
    seconds: round((performance.now() - started) / 1000),
  };
}

const round = (v: number) => Math.round(v * 100) / 100;

async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await sleep(20);
}

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** One line: how a lossy run of a fleet compares with a lossless run of the same size. */
export function formatLossyComparison(lossless: FleetSummary, lossy: FleetSummary): string {
  const extra = round(lossy.online.seconds - lossless.online.seconds);
  return (
    `lossy vs lossless: ${lossy.online.robots} of ${lossy.robots} robots online in ${lossy.online.seconds} s ` +
    `against ${lossless.online.robots} of ${lossless.robots} in ${lossless.online.seconds} s (${extra >= 0 ? '+' : ''}${extra} s); ` +
    `${lossy.claims.replayed} robots needed a replay (${lossy.claims.lostAnswers} claim answers lost), ${lossy.reconnects} reconnects`
  );
}

/** Said under a summary whose claims met the plan's quota (429 quota-exceeded). */
export const QUOTA_HINT =
  "hint: the workspace's plan has no room for more agents or robots (the free plan: 10 agents, 25 robots; each robot is an agent): " +
  'run fewer robots (--robots), retire some, or move the workspace to a larger plan (docs/quickstart.md, "A larger fleet")';

/** The summary as the CLI prints it. */
export function formatSummary(s: FleetSummary): string {
  const ms = (v: number | null) => (v === null ? '-' : `${v} ms`);
  const lines = [
    `fleet: ${s.robots} robots against ${s.baseUrl} (node ${s.node}, ${s.concurrency} at a time), ${s.seconds} s`,
    `claims:    ${s.claims.ok} claimed, ${s.claims.reused} reused, ${s.claims.failed} failed in ${s.claims.seconds} s: ${s.claims.perSecond} claims/s (p50 ${ms(s.claims.latency.p50Ms)}, p99 ${ms(s.claims.latency.p99Ms)})`,
    `connect:   ${s.connect.ready} ready, ${s.connect.failed} failed in ${s.connect.seconds} s; time to ready p50 ${ms(s.connect.latency.p50Ms)}, p99 ${ms(s.connect.latency.p99Ms)}, max ${ms(s.connect.latency.maxMs)}`,
    `commands:  ${s.commands.sent} sent, ${s.commands.succeeded} succeeded, ${s.commands.failed} failed, ${s.commands.unanswered} unanswered in ${s.commands.seconds} s; round trip p50 ${ms(s.commands.roundTrip.p50Ms)}, p99 ${ms(s.commands.roundTrip.p99Ms)}`,
    `ota:       ${s.ota.requested} requested, ${s.ota.succeeded} succeeded, ${s.ota.failed} failed, ${s.ota.unanswered} unanswered in ${s.ota.seconds} s`,
    `reconnects: ${s.reconnects}`,
    `online:    ${s.online.robots} of ${s.robots} robots online at once after ${s.online.seconds} s`,
    ...(s.lossy
      ? [
          `lossy:     ${pct(s.lossy.claimLoss)} of claim answers and ${pct(s.lossy.connectionLoss)} of connections dropped: ` +
            `${s.lossy.claimAnswersDropped} of ${s.lossy.claims} claim answers lost, ${s.lossy.connectionsCut} of ${s.lossy.upgrades} connections cut; ` +
            `${s.claims.replayed} robots needed a replay`,
        ]
      : []),
    `errors by kind:${Object.keys(s.errors).length === 0 ? ' none' : ''}`,
    ...Object.entries(s.errors).map(([kind, n]) => `  ${String(n).padStart(6)}  ${kind}`),
    ...(Object.keys(s.errors).some((kind) => kind.includes('quota-exceeded')) ? [QUOTA_HINT] : []),
  ];
  return lines.join('\n');
}
