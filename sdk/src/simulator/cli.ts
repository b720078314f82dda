#!/usr/bin/env node
/** Robots of a run without --robots: a new workspace on the free plan (10 agents, 25 robots) has room for them and a few more. */
export const DEFAULT_ROBOTS = 5;

/**
 * The fleet simulator: N robots with distinct serials claim one fleet enrollment token, connect
 * their sockets, answer the operator's commands and walk OTA updates through their statuses, all
 * on the SDK; then a summary (claims per second, time to ready, command round trip p50/p99,
 * errors by kind).
 *
 *   npm run simulate -- --robots 1000 --token age_...
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FleetOptions, FleetProgress, FleetSummary, formatLossyComparison, formatSummary, runFleet } from './fleet';

const USAGE = `usage: npm run simulate -- --robots N --token age_... [options]

  --token TOKEN           the fleet enrollment token (or env AGENT_NETWORK_ENROLLMENT_TOKEN,
                          which keeps it out of the process list)
  --robots N              robots to simulate (default 5: a new workspace on the free plan has
                          room for 10 agents and 25 robots, and each robot is an agent)
  --base-url URL          the service (env AGENT_NETWORK_URL; default http://localhost:4000)
  --concurrency N         claims, connects and commands in flight (default 50)
  --serial-prefix TEXT    serial numbers are TEXT and the robot's number (default sim-<random>-)
  --state-dir DIR         keep each robot's credentials there, one 0600 file per robot, and reuse
                          them next time (default: a temporary directory, removed at the end)
  --commands N            commands per robot, sent as the operator, timed end to end
  --ota N                 robots that get an OTA update from the operator
  --operator-email EMAIL  the operator (password in env AGENT_NETWORK_OPERATOR_PASSWORD)
  --hold SECONDS          stay connected this long after the commands
  --max-wait SECONDS      ceiling on waiting for a 429's retry-after (default 60)
  --lossy                 a flaky network: runs the fleet without losses, then a fleet of the same
                          size through a local proxy that loses a share of claim answers (after
                          the service claimed) and cuts a share of socket connections; every robot
                          must still end up online (the token must cover twice --robots claims)
  --loss SHARE            the share lost by --lossy, of claim answers and of connections (default 0.2)
  --json                  print the summary as one JSON object
  --no-progress           no progress bar
  --allow-insecure-http   allow a plain-http service that is not on this machine
`;

class ProgressBar {
  private phase = '';
  private quarter = -1;
  private drawnAt = 0;
  constructor(private readonly tty: boolean) {}

  update(p: FleetProgress): void {
    const share = p.total === 0 ? 1 : p.done / p.total;
    if (this.tty) {
      // At most ten redraws a second, and always the first and the last of a phase.
      const now = Date.now();
      if (p.phase === this.phase && p.done !== p.total && now - this.drawnAt < 100) return;
      this.phase = p.phase;
      this.drawnAt = now;
      const width = 30;
      const filled = Math.round(share * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      process.stderr.write(`\r\x1b[2K${p.phase.padEnd(8)} [${bar}] ${p.done}/${p.total} ${Math.round(share * 100)}%  errors ${p.errors}`);
      if (p.done === p.total) process.stderr.write('\n');
      return;
    }
    // Not a terminal (CI, a log file): one line per quarter of each phase.
    if (p.phase !== this.phase) {
      this.phase = p.phase;
      this.quarter = 0;
    }
    const quarter = Math.floor(share * 4);
    if (quarter <= this.quarter) return;
    this.quarter = quarter;
    process.stderr.write(`${p.phase} ${p.done}/${p.total} (errors ${p.errors})\n`);
  }
}

function positiveInt(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} must be an integer of at least ${min}`);
  return Number(value);
}

class UsageError extends Error {}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        token: { type: 'string' },
        robots: { type: 'string' },
        'base-url': { type: 'string' },
        concurrency: { type: 'string' },
        'serial-prefix': { type: 'string' },
        'state-dir': { type: 'string' },
        commands: { type: 'string' },
        ota: { type: 'string' },
        'operator-email': { type: 'string' },
        hold: { type: 'string' },
        'max-wait': { type: 'string' },
        lossy: { type: 'boolean', default: false },
        loss: { type: 'string' },
        json: { type: 'boolean', default: false },
        'no-progress': { type: 'boolean', default: false },
        'allow-insecure-http': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  let summaries: FleetSummary[];
  try {
    const token = args.token ?? env.AGENT_NETWORK_ENROLLMENT_TOKEN;
    if (!token) throw new UsageError('an enrollment token is required (--token or AGENT_NETWORK_ENROLLMENT_TOKEN)');
    const commands = positiveInt('commands', args.commands, 0);
    const ota = positiveInt('ota', args.ota, 0);
    const email = args['operator-email'];
    const password = env.AGENT_NETWORK_OPERATOR_PASSWORD;
    if ((commands > 0 || ota > 0) && (!email || !password)) {
      throw new UsageError('--commands and --ota need --operator-email and AGENT_NETWORK_OPERATOR_PASSWORD');
    }
    const loss = args.loss === undefined ? 0.2 : Number(args.loss);
    if (args.loss !== undefined && !(/^\d*\.?\d+$/.test(args.loss) && loss < 1))
      throw new UsageError('--loss must be a share from 0 to below 1');
    if (args.loss !== undefined && !args.lossy) throw new UsageError('--loss needs --lossy');
    const bar = args['no-progress'] ? undefined : new ProgressBar(Boolean(process.stderr.isTTY));
    const fleet: FleetOptions = {
      baseUrl: args['base-url'] ?? env.AGENT_NETWORK_URL ?? 'http://localhost:4000',
      token,
      robots: positiveInt('robots', args.robots, DEFAULT_ROBOTS, 1),
      concurrency: positiveInt('concurrency', args.concurrency, 50, 1),
      serialPrefix: args['serial-prefix'],
      stateDir: args['state-dir'],
      commandsPerRobot: commands,
      otaRobots: ota,
      operator: email && password ? { email, password } : undefined,
      holdMs: positiveInt('hold', args.hold, 0) * 1000,
      rateLimit: { maxWaitMs: positiveInt('max-wait', args['max-wait'], 60) * 1000 },
      allowInsecureHttp: args['allow-insecure-http'],
      onProgress: bar && ((p) => bar.update(p)),
    };
    if (!args.lossy) {
      summaries = [await runFleet(fleet)];
    } else {
      // The same fleet twice, with serials of their own: without losses, then through the lossy proxy.
      const prefix = fleet.serialPrefix ?? `sim-${Math.random().toString(16).slice(2, 8)}-`;
      const dir = (name: string) => (fleet.stateDir ? join(fleet.stateDir, name) : undefined);
      const lossless = await runFleet({ ...fleet, serialPrefix: `${prefix}a-`, stateDir: dir('lossless') });
      const lossy = await runFleet({
        ...fleet,
        serialPrefix: `${prefix}b-`,
        stateDir: dir('lossy'),
        lossy: { claimLoss: loss, connectionLoss: loss },
      });
      summaries = [lossless, lossy];
    }
  } catch (err) {
    process.stderr.write(`${err instanceof UsageError ? `${err.message}\n\n${USAGE}` : `simulate: ${(err as Error).message}\n`}`);
    return err instanceof UsageError || err instanceof TypeError ? 2 : 1;
  }
  if (args.json) {
    const [first, second] = summaries;
    process.stdout.write(`${JSON.stringify(second ? { lossless: first, lossy: second } : first)}\n`);
  } else {
    const text = summaries.map(formatSummary);
    if (summaries.length === 2) text.push(formatLossyComparison(summaries[0], summaries[1]));
    process.stdout.write(`${text.join('\n\n')}\n`);
  }
  return summaries.every(complete) ? 0 : 1;
}

/** Every robot claimed, connected and came online, every command was answered and every OTA update succeeded. */
function complete(summary: FleetSummary): boolean {
  return (
    summary.claims.failed === 0 &&
    summary.connect.failed === 0 &&
    summary.online.robots === summary.connect.ready &&
    summary.commands.unanswered === 0 &&
    summary.commands.failed === 0 &&
    summary.ota.failed === 0 &&
    summary.ota.unanswered === 0
  );
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`simulate: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
