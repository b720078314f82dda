import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ROBOTS } from '../sdk/src/simulator/cli';
import { ECHO_COMMAND, formatSummary, QUOTA_HINT, runFleet } from '../sdk/src/simulator/fleet';
import { claimsCount, issueToken, makeFleetOwner } from './enrollment-support';
import { PASSWORD } from './support/builders';
import { Operator } from './support/console';
import { db, TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
const ROBOTS = 100;

/** Runs the simulator CLI the way `npm run simulate` does; resolves with its exit code and output. */
function simulate(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'sdk/src/simulator/cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The fleet simulator on the SDK, against the real service. */
describe('fleet simulator', () => {
  let t: TestApp;
  let base: string;
  let owner: Operator;
  let stateDir: string;

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    base = await t.listen();
    owner = await makeFleetOwner(t, 'enterprise');
    stateDir = await mkdtemp(join(tmpdir(), 'sdk-fleet-'));
  });
  afterAll(async () => {
    await rm(stateDir, { recursive: true, force: true });
    await t.close();
  });

  it(`boots ${ROBOTS} robots with distinct serials that claim, connect, answer commands and walk OTA updates`, async () => {
    const token = await issueToken(t, owner, { max_claims: ROBOTS });
    const phases = new Set<string>();
    const summary = await runFleet({
      baseUrl: base,
      token: token.token,
      robots: ROBOTS,
      serialPrefix: 'FLEET-A-',
      stateDir,
      commandsPerRobot: 1,
      otaRobots: 10,
      operator: { email: owner.reg.email, password: PASSWORD },
      otaStepMs: 5,
      onProgress: (p) => phases.add(p.phase),
    });

    expect(summary.claims).toMatchObject({ ok: ROBOTS, reused: 0, failed: 0 });
    expect(summary.claims.perSecond).toBeGreaterThan(0);
    expect(summary.claims.latency.count).toBe(ROBOTS);
    expect(summary.connect).toMatchObject({ ready: ROBOTS, failed: 0 });
    expect(summary.connect.latency.count).toBe(ROBOTS);
    expect(summary.commands).toMatchObject({ sent: ROBOTS, succeeded: ROBOTS, failed: 0, unanswered: 0 });
    expect(summary.commands.roundTrip.count).toBe(ROBOTS);
    expect(summary.commands.roundTrip.p50Ms!).toBeLessThanOrEqual(summary.commands.roundTrip.p99Ms!);
    expect(summary.reconnects).toBe(0);
    // Ten OTA updates created by the operator, pushed to their robots, walked to succeeded.
    expect(summary.ota).toMatchObject({ requested: 10, succeeded: 10, failed: 0, unanswered: 0 });
    expect(summary.errors).toEqual({});
    const ota: { status: string; n: number }[] = await db(t).query(
      `SELECT o.status, count(*)::int AS n FROM ota_updates o JOIN robots r ON r.id = o.robot_id
        WHERE r.workspace_id = $1 AND r.serial_number LIKE 'FLEET-A-%' GROUP BY o.status`,
      [owner.reg.workspaceId],
    );
    expect(ota).toEqual([{ status: 'succeeded', n: 10 }]);
    expect([...phases]).toEqual(['claim', 'connect', 'commands', 'ota', 'stop']);

    // What the service holds: one active robot per serial, each bound to its own agent, and
    // every echo command finished with the robot's answer.
    const robots: { serial_number: string; status: string; service_agent_id: string }[] = await db(t).query(
      `SELECT serial_number, status, service_agent_id FROM robots WHERE workspace_id = $1 AND serial_number LIKE 'FLEET-A-%' ORDER BY serial_number`,
      [owner.reg.workspaceId],
    );
    expect(robots).toHaveLength(ROBOTS);
    expect(robots[0].serial_number).toBe('FLEET-A-00');
    expect(robots.every((r) => r.status === 'active')).toBe(true);
    expect(new Set(robots.map((r) => r.service_agent_id)).size).toBe(ROBOTS);
    expect(await claimsCount(t, token.id)).toBe(ROBOTS);
    const commands: { status: string; n: number }[] = await db(t).query(
      `SELECT c.status, count(*)::int AS n FROM agent_commands c JOIN robots r ON r.service_agent_id = c.service_agent_id
        WHERE r.workspace_id = $1 AND r.serial_number LIKE 'FLEET-A-%' AND c.name = $2 GROUP BY c.status`,
      [owner.reg.workspaceId, ECHO_COMMAND],
    );
    expect(commands).toEqual([{ status: 'succeeded', n: ROBOTS }]);

    // Each robot kept its credentials in its own 0600 file.
    const files = await readdir(stateDir);
    expect(files).toHaveLength(ROBOTS);
    expect((await stat(join(stateDir, 'FLEET-A-42.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(stateDir)).mode & 0o777).toBe(0o700);

    const text = formatSummary(summary);
    expect(text).toContain(`claims:    ${ROBOTS} claimed`);
    expect(text).toMatch(/claims\/s/);
    expect(text).toMatch(/round trip p50 [\d.]+ ms, p99 [\d.]+ ms/);
    expect(text).toMatch(/errors by kind:/);

    // A reboot of the fleet: the robots find their credentials and claim nothing again.
    const again = await runFleet({ baseUrl: base, token: token.token, robots: ROBOTS, serialPrefix: 'FLEET-A-', stateDir });
    expect(again.claims).toMatchObject({ ok: 0, reused: ROBOTS, failed: 0 });
    expect(again.connect.ready).toBe(ROBOTS);
    expect(await claimsCount(t, token.id)).toBe(ROBOTS);
  }, 120_000);

  it('npm run simulate: the CLI runs a fleet and prints its summary; the token can come from the environment', async () => {
    const token = await issueToken(t, owner, { max_claims: 3 });
    const run = await simulate(
      ['--robots', '3', '--base-url', base, '--commands', '2', '--operator-email', owner.reg.email, '--json', '--no-progress'],
      {
        AGENT_NETWORK_ENROLLMENT_TOKEN: token.token,
        AGENT_NETWORK_OPERATOR_PASSWORD: PASSWORD,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout.trim().split('\n').pop()!);
    expect(summary).toMatchObject({
      robots: 3,
      claims: { ok: 3, failed: 0 },
      connect: { ready: 3 },
      commands: { sent: 6, succeeded: 6, unanswered: 0 },
      errors: {},
    });
    expect(summary.commands.roundTrip.count).toBe(6);
    expect(await claimsCount(t, token.id)).toBe(3);
  }, 60_000);

  it('the default run fits a freshly registered workspace on the free plan; a fleet beyond its quota is told why', async () => {
    const fresh = await makeFleetOwner(t, 'free');
    const token = await issueToken(t, fresh, { max_claims: DEFAULT_ROBOTS + 6 });
    // `npm run simulate` with the token alone, as the quick-start runs it (docs/quickstart.md).
    const run = await simulate(['--base-url', base, '--no-progress'], { AGENT_NETWORK_ENROLLMENT_TOKEN: token.token });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`claims: {4}${DEFAULT_ROBOTS} claimed, 0 reused, 0 failed`));
    expect(run.stdout).not.toContain(QUOTA_HINT);

    // Six more: the eleventh robot's agent is one more than the free plan's ten.
    const beyond = await simulate(['--robots', '6', '--base-url', base, '--no-progress', '--token', token.token], {});
    expect(beyond.code).toBe(1);
    expect(beyond.stdout).toMatch(/claims: {4}5 claimed, 0 reused, 1 failed/);
    expect(beyond.stdout).toMatch(/1 {2}claim:quota-exceeded:agent_quota_reached/);
    expect(beyond.stdout).toContain(QUOTA_HINT);
  }, 60_000);

  it('the CLI refuses to start without a token, and reports claims it could not make', async () => {
    const missing = await simulate(['--robots', '2', '--base-url', base], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/enrollment token is required/);

    // A spent token: every claim is refused, the summary says why, and the exit code is 1.
    const token = await issueToken(t, owner, { max_claims: 2 });
    for (const serial of ['SPENT-1', 'SPENT-2'])
      await t.http().post('/api/v1/enrollments/claim').send({ token: token.token, serial_number: serial }).expect(201);
    const refused = await simulate(['--robots', '2', '--base-url', base, '--token', token.token, '--no-progress'], {});
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/claims: {4}0 claimed, 0 reused, 2 failed/);
    expect(refused.stdout).toMatch(/2 {2}claim:conflict:enrollment_exhausted/);
  }, 60_000);
});
