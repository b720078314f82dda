import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO, seed } from '../scripts/seed';
import { logIn, randomIPv4, TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');

/** `npm run seed` against a test service: the demo data is there through the API, and a second run adds nothing and does not fail. */
describe('npm run seed', () => {
  let t: TestApp;
  let base: string;
  const email = `demo-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'seed-test-password-1';

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    base = await t.listen();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs the demo account up and fills its workspace; run again, it finds everything and adds nothing', async () => {
    // The npm script's entry, as a developer runs it.
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'ts-node/register/transpile-only', 'scripts/seed.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, AGENT_NETWORK_URL: base, DEMO_EMAIL: email, DEMO_PASSWORD: password },
      timeout: 60_000,
    });
    expect(stdout).toContain('signed up the demo account; added 2 service agents, 5 robots (3 claimed), 3 traces, 1 commands');
    expect(stdout).toContain(`log in at ${base}/users/log-in as ${email} with the password ${password}`);
    const keys = Object.fromEntries([...stdout.matchAll(/^([\w -]+): (agk_\S+) {3}\(shown this once\)$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(keys).sort()).toEqual(['demo-planner', 'demo-vision', 'workspace primary key']);

    // What an operator of the demo workspace sees.
    const { session } = await logIn(t, { email, password }, { ip: randomIPv4(), json: true });
    const get = async (path: string) => {
      const res = await t.http().get(path).set('cookie', `_agent_ops_key=${session}`);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      return res.body;
    };
    const look = async () => {
      const agents = (await get('/api/v1/operator/service_agents')).service_agents.map((a: { name: string }) => a.name);
      const robots: { serial_number: string; status: string; cohort_id: string | null; service_agent_id: string | null }[] = (
        await get('/api/v1/operator/robots?limit=100')
      ).robots;
      const cohorts = (await get('/api/v1/operator/cohorts')).cohorts;
      const traces: { trace_id: string; span_count: number }[] = (await get('/api/v1/operator/traces?limit=100')).traces;
      const commands = (await get('/api/v1/operator/agent_commands')).agent_commands;
      const tokens = (await get('/api/v1/operator/api_tokens')).api_tokens;
      return { agents, robots, cohorts, traces, commands, tokens };
    };
    const seen = await look();
    expect(seen.agents).toEqual(expect.arrayContaining(DEMO.agents));
    expect(seen.cohorts).toEqual([expect.objectContaining({ name: DEMO.cohort, robot_count: 3 })]);
    const claimed = seen.robots.filter((r) => r.status === 'active');
    expect(claimed.map((r) => r.serial_number).sort()).toEqual(['DEMO-001', 'DEMO-002', 'DEMO-003']);
    expect(claimed.every((r) => r.cohort_id === seen.cohorts[0].id)).toBe(true);
    expect(
      seen.robots
        .filter((r) => r.status === 'pending')
        .map((r) => r.serial_number)
        .sort(),
    ).toEqual(['DEMO-004', 'DEMO-005']);
    expect(seen.traces.map((tr) => [tr.trace_id, tr.span_count]).sort()).toEqual(DEMO.traces.map((tr) => [tr.trace_id, 2]).sort());
    const first = seen.robots.find((r) => r.serial_number === 'DEMO-001')!;
    expect(seen.commands).toEqual([
      expect.objectContaining({ name: DEMO.command, service_agent_id: first.service_agent_id, status: 'pending' }),
    ]);
    expect(seen.tokens).toEqual([]); // the run's own API token was revoked

    // The changes recorded their domain events, which a key of the workspace reads.
    const events = await t.http().get('/api/v1/events?limit=100').set('x-agent-api-key', keys['demo-planner']).expect(200);
    expect(events.body.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['robot.claimed', 'agent_command.created']),
    );

    // Again (in this process): nothing new, no key printed, and the same data.
    const again = await seed({ baseUrl: base, email, password, log: () => undefined });
    expect(again).toEqual({ registered: false, keys: {}, created: { agents: 0, robots: 0, claimed: 0, traces: 0, commands: 0 } });
    expect(await look()).toEqual(seen);
  }, 90_000);
});
