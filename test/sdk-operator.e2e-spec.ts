import { execFile } from 'node:child_process';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as ts from 'typescript';
import * as sdk from '../sdk/src';
import { agentClient, claim, MemoryCredentialStore, OperatorClient, operatorClient, pages, ProblemError, type RobotList } from '../sdk/src';
import { AGE_TOKEN, makeFleetOwner, uniqueSerial } from './enrollment-support';
import { uniqueName, type Operator } from './support/console';
import { TRUST_LOOPBACK } from './support/operator';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The SDK's OperatorClient against the real service (API.md Part 3 "Operator API tokens and IP
 * allowlists"), as an SRE's or a CI pipeline's script uses it: a token minted by an owner's
 * session pre-registers a production run's robots and mints the fleet enrollment token that a
 * device then claims; the other operator routes it covers; what a member token and a revoked
 * token get; and the CI scripts of docs/automation.md, run as the page prints them.
 */
const TOKENS = '/api/v1/operator/api_tokens';
const { mkdtemp, readFile, rm, stat, writeFile } = fsPromises;
const ROOT = join(__dirname, '..');
const AUTOMATION_DOC = join(ROOT, 'docs', 'automation.md');

/** The fenced ```<lang> block of docs/automation.md whose first line matches `first`. */
async function docBlock(lang: string, first: RegExp): Promise<string> {
  const blocks = [...(await readFile(AUTOMATION_DOC, 'utf8')).matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)];
  const block = blocks.find(([, l, code]) => l === lang && first.test(code.split('\n')[0]));
  if (!block) throw new Error(`docs/automation.md has no ${lang} block starting ${first}`);
  return block[2];
}

/**
 * Type errors of TypeScript modules importing '@agent-network/sdk' (the SDK's source), each a
 * strict ES2022 module: tsc in a child process (a type check takes seconds of CPU that the app
 * under test, in this process, must not wait behind).
 */
async function typeErrors(...modules: string[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'automation-doc-'));
  try {
    const files = modules.map((_, n) => `module-${n}.ts`);
    await Promise.all(modules.map((code, n) => writeFile(join(dir, files[n]), code)));
    const compilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: 'ES2022',
      module: 'ES2022',
      moduleResolution: 'bundler',
      lib: ['ES2022'],
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      paths: { '@agent-network/sdk': [join(ROOT, 'sdk', 'src', 'index.ts')] },
    };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const out = await promisify(execFile)(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { timeout: 120_000 }).then(
      ({ stdout }) => stdout,
      (err: Error & { stdout?: string }) => err.stdout || err.message,
    );
    return out.split('\n').filter((line) => /error TS\d+/.test(line));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs a TypeScript module (top-level await and all) in this process, with `env` as its
 * process.env and '@agent-network/sdk' resolved to the SDK's source; answers what it logged.
 */
async function runTypeScript(code: string, env: Record<string, string>): Promise<string[]> {
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const logged: string[] = [];
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  const modules: Record<string, unknown> = { '@agent-network/sdk': sdk, 'node:fs/promises': fsPromises };
  const load = (id: string): unknown => {
    if (!(id in modules)) throw new Error(`the example imports ${id}: add it to runTypeScript's modules`);
    return modules[id];
  };
  await new AsyncFunction('require', 'exports', 'process', 'console', js)(load, {}, { env }, { log: (line: string) => logged.push(line) });
  return logged;
}

const caught = (promise: Promise<unknown>): Promise<ProblemError | undefined> =>
  promise.then(
    () => undefined,
    (err: unknown) => err as ProblemError,
  );

describe('SDK: operatorClient() with an operator API token', () => {
  let t: TestApp;
  let base: string;
  let owner: Operator;
  let operator: OperatorClient;
  let adminToken: string;

  /** POST /api/v1/operator/api_tokens as the owner's session (a token cannot mint tokens). */
  const mint = async (role: 'admin' | 'member') => {
    const res = await t
      .http()
      .post(TOKENS)
      .set('cookie', owner.cookie)
      .send({ name: uniqueName('ci'), role });
    if (res.status !== 201) throw new Error(`mint api token: ${res.status} ${res.text}`);
    return res.body.api_token as { id: string; token: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    base = await t.listen();
    owner = await makeFleetOwner(t, 'team');
    adminToken = (await mint('admin')).token;
    operator = operatorClient({ baseUrl: base, apiToken: adminToken });
  });
  afterAll(() => t.close());

  it("pre-registers a production run's robots and mints a fleet token; a device claims it and binds its robot", async () => {
    const run = uniqueSerial('RUN');
    const cohort = await operator.createCohort({ name: `Production ${run}` });
    const serials = [1, 2, 3].map((n) => `${run}-${n}`);
    const robots = [];
    for (const serial_number of serials) robots.push(await operator.preRegisterRobot({ serial_number, name: `Picker ${serial_number}` }));
    expect(robots.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);

    // A pipeline that runs again finds what it registered: a serial already taken is 422.
    const again = await caught(operator.preRegisterRobot({ serial_number: serials[0] }));
    expect(again).toMatchObject({ status: 422, slug: 'validation-error' });
    const pending: string[] = [];
    for await (const page of pages<RobotList>((p) => operator.listRobots({ ...p, limit: 2, 'filter[status]': 'pending' }))) {
      expect(page.pagination).toMatchObject({ limit: 2, total: 3 });
      pending.push(...page.robots.map((r) => r.serial_number));
    }
    expect(pending.sort()).toEqual(serials);

    const token = await operator.createEnrollmentToken({
      max_claims: serials.length,
      expires_in: 3600,
      serial_allowlist: serials,
      cohort_id: cohort.id,
      default_tags: [run],
    });
    expect(token).toMatchObject({ status: 'usable', max_claims: 3, claims_count: 0, serial_allowlist: serials, cohort_id: cohort.id });
    expect(token.token).toMatch(/^age_[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43}$/);

    // The device, with the SDK's claim(): POST /api/v1/enrollments/claim with its serial.
    const claimed = await claim({ baseUrl: base, token: token.token, serialNumber: serials[0], store: new MemoryCredentialStore() });
    expect(claimed.response?.robot).toMatchObject({ id: robots[0].id, status: 'active', cohort_id: cohort.id, tags: [run] });
    expect(claimed.credentials.robot_id).toBe(robots[0].id);
    const outsider = await caught(
      claim({ baseUrl: base, token: token.token, serialNumber: `${run}-9`, store: new MemoryCredentialStore() }),
    );
    expect(outsider).toMatchObject({ status: 400, detail: 'serial_not_allowed' });

    const listed = await operator.listEnrollmentTokens({ limit: 100 });
    expect(listed.enrollment_tokens.find((e) => e.id === token.id)).toMatchObject({ claims_count: 1, status: 'usable' });
    expect(JSON.stringify(listed)).not.toContain(token.token.split('.')[1]);
    const shown = await operator.showCohort(cohort.id);
    expect(shown.cohort.robot_count).toBe(1);
    expect(shown.members.map((r) => r.id)).toEqual([robots[0].id]);
    expect((await operator.listCohorts({ limit: 500 })).cohorts.map((c) => c.id)).toContain(cohort.id);

    // Re-provisioning and decommissioning: reset puts the claimed robot back to pending, retire is for good.
    expect(await operator.resetRobot(robots[0].id)).toMatchObject({ status: 'pending', service_agent_id: null });
    expect(await operator.retireRobot(robots[1].id)).toMatchObject({ status: 'retired' });
    expect(await caught(operator.resetRobot(robots[1].id))).toMatchObject({ status: 409, detail: 'robot_retired' });
    expect(await operator.revokeEnrollmentToken(token.id)).toMatchObject({ status: 'revoked' });
    const late = await caught(claim({ baseUrl: base, token: token.token, serialNumber: serials[2], store: new MemoryCredentialStore() }));
    expect(late).toMatchObject({ status: 409, detail: 'enrollment_revoked' });
  });

  it('creates and updates service agents, issues, archives and revokes their keys, and sends them commands', async () => {
    const agent = await operator.createServiceAgent({ name: uniqueName('Integration'), scopes: ['messages:read', 'agent_commands:read'] });
    expect((await operator.listServiceAgents()).service_agents.map((a) => a.id)).toContain(agent.id);
    // the newest first, one a page; the query reaches the server (a bad one is its 400)
    expect(await operator.listServiceAgents({ limit: 1, status: 'active' })).toMatchObject({
      count: 1,
      service_agents: [{ id: agent.id }],
    });
    expect((await operator.listServiceAgents({ limit: 1, offset: 1 })).service_agents[0].id).not.toBe(agent.id);
    expect(await caught(operator.listServiceAgents({ status: 'archived' as 'active' }))).toMatchObject({
      status: 400,
      detail: 'invalid_status',
    });
    const key = await operator.issueApiKey(agent.id, { scopes: ['messages:read'] });
    expect(key).toMatchObject({ type: 'api_key', service_agent_id: agent.id, scopes: ['messages:read'], expires_at: null });
    const device = agentClient({ baseUrl: base, apiKey: key.key, auth: 'api_key' });
    expect(await device.request('get', '/api/v1/messages')).toMatchObject({ count: 0 });

    expect(await operator.archiveApiKey(key.credential_id)).toMatchObject({ credential_id: key.credential_id, status: 'archived' });
    expect(await caught(device.request('get', '/api/v1/messages'))).toMatchObject({ status: 401, detail: 'api_key_archived' });
    const second = await operator.issueApiKey(agent.id);
    expect(await operator.revokeApiKey(second.credential_id)).toMatchObject({ status: 'revoked' });

    const command = await operator.createAgentCommand({ service_agent_id: agent.id, name: 'reboot', payload: { in_s: 5 } });
    expect(command).toMatchObject({ service_agent_id: agent.id, name: 'reboot', status: 'pending' });
    const commands = await operator.listAgentCommands({ limit: 5, status: 'pending' });
    expect(commands.agent_commands.map((c) => c.id)).toContain(command.id);

    expect(await operator.updateServiceAgent(agent.id, { status: 'inactive' })).toMatchObject({ id: agent.id, status: 'inactive' });
    expect(await caught(operator.createAgentCommand({ service_agent_id: agent.id, name: 'reboot' }))).toMatchObject({
      status: 409,
      detail: 'service_agent_inactive',
    });
  });

  it('creates, lists and deletes webhook subscriptions; the signing secret is shown once', async () => {
    const created = await operator.createWebhookSubscription({
      url: 'http://127.0.0.1:9/hooks/ci',
      event_types: ['robot.claimed', 'robot.retired'],
      description: 'CI',
    });
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await operator.listWebhookSubscriptions({ status: 'active', limit: 100 });
    expect(listed.webhook_subscriptions.map((s) => s.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    await operator.deleteWebhookSubscription(created.id);
    expect((await operator.listWebhookSubscriptions()).webhook_subscriptions.map((s) => s.id)).not.toContain(created.id);
    expect(await caught(operator.deleteWebhookSubscription(created.id))).toMatchObject({ status: 404 });
  });

  it('a member token reads but is refused an admin route: ProblemError 403 insufficient_role', async () => {
    const member = operatorClient({ baseUrl: base, apiToken: (await mint('member')).token });
    const robot = await operator.preRegisterRobot({ serial_number: uniqueSerial() });
    expect((await member.listRobots({ limit: 100 })).robots.map((r) => r.id)).toContain(robot.id);
    const err = await caught(member.preRegisterRobot({ serial_number: uniqueSerial() }));
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 403, slug: 'forbidden', detail: 'insufficient_role', source: 'http' });
    expect(err?.message).toBe('403 forbidden: insufficient_role (POST /api/v1/operator/robots)');
    expect(await caught(member.createEnrollmentToken())).toMatchObject({ status: 403, detail: 'insufficient_role' });
  });

  it('a route that needs a person is 403 person_required, even for an admin token', async () => {
    expect(await caught(operator.request('get', '/api/v1/operator/members'))).toMatchObject({ status: 403, detail: 'person_required' });
  });

  it('a revoked token is 401 api_token_revoked', async () => {
    const { id, token } = await mint('admin');
    const client = operatorClient({ baseUrl: base, apiToken: token });
    await client.listRobots({ limit: 1 });
    await t.http().delete(`${TOKENS}/${id}`).set('cookie', owner.cookie).expect(204);
    const err = await caught(client.listRobots({ limit: 1 }));
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 401, slug: 'unauthorized', detail: 'api_token_revoked' });
    expect(err?.message).not.toContain(token.split('.')[1]);
  });

  describe("docs/automation.md's CI script, in TypeScript and in curl, runs as printed", () => {
    const execBash = promisify(execFile);
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'automation-run-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    const script = {
      ts: () => docBlock('ts', /^\/\/ preregister-run\.ts/),
      sh: () => docBlock('sh', /^#!\/usr\/bin\/env bash/),
    };

    it("the page's TypeScript type-checks against the SDK (and a wrong call beside it does not)", async () => {
      // One tsc run: the page's two modules, and a third with a missing option and a wrong query type (the check can fail).
      const wrong = `import { operatorClient } from '@agent-network/sdk';\nawait operatorClient({ baseUrl: 'https://x' }).listRobots({ limit: 'ten' });`;
      const client = await docBlock('ts', /^import \{ operatorClient, ProblemError \}/);
      expect(await typeErrors(await script.ts(), client, wrong)).toEqual([
        expect.stringMatching(/module-2\.ts\(2,22\): error TS2345: .*'OperatorClientOptions'/),
        expect.stringMatching(/module-2\.ts\(2,.*'string' is not assignable/),
      ]);
    }, 120_000);

    it('pre-registers a run and mints its token; run again (by the other script, then the first) it registers only what is new and replaces the token', async () => {
      const run = uniqueSerial('RUN');
      const serials = [1, 2, 3].map((n) => `${run}-${n}`);
      const serialsFile = join(dir, `${run}.txt`);
      const tokenFile = join(dir, `${run}.token`);
      const env = {
        AGENT_NETWORK_URL: base,
        AGENT_NETWORK_API_TOKEN: adminToken,
        RUN: run,
        SERIALS_FILE: serialsFile,
        ENROLLMENT_TOKEN_FILE: tokenFile,
      };
      const summary = (registered: number, known: number, claims: number) =>
        new RegExp(
          `^run ${run}: ${registered} robots pre-registered, ${known} already were; enrollment token age_[\\w-]{11} for ${claims} claims until \\S+Z$`,
        );
      const spentToken = async () => {
        const token = (await readFile(tokenFile, 'utf8')).trim();
        expect(token).toMatch(AGE_TOKEN);
        expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
        return token;
      };
      const sh = async () => {
        const { stdout } = await execBash('bash', ['-c', await script.sh()], { env: { PATH: process.env.PATH!, ...env }, timeout: 60_000 });
        return stdout.trim().split('\n');
      };

      // The TypeScript script: a fresh run of three (a blank line and a stray space are no serials).
      await writeFile(serialsFile, `${serials[0]}\n ${serials[1]} \n\n${serials[2]}\n`);
      const printed = await runTypeScript(await script.ts(), env);
      expect(printed).toEqual([expect.stringMatching(summary(3, 0, 3))]);
      const first = await spentToken();
      expect(printed.join('\n')).not.toContain(first.split('.')[1]); // the secret is in the file, never in the log
      const registered = (await operator.listRobots({ limit: 100, 'filter[status]': 'pending' })).robots.filter((r) =>
        r.serial_number.startsWith(run),
      );
      expect(registered.map((r) => [r.serial_number, r.name]).sort()).toEqual(serials.map((s) => [s, `${run} ${s}`]));

      // The curl script on the same run, which gained a fourth robot: one registered, a new token, the first revoked.
      serials.push(`${run}-4`);
      await writeFile(serialsFile, `${serials.join('\n')}\n`);
      expect(await sh()).toEqual([expect.stringMatching(summary(1, 3, 4))]);
      const second = await spentToken();
      expect(second).not.toBe(first);
      const revoked = await caught(claim({ baseUrl: base, token: first, serialNumber: serials[0], store: new MemoryCredentialStore() }));
      expect(revoked).toMatchObject({ status: 409, detail: 'enrollment_revoked' });

      // A robot of the run claims the current token: its pre-registered robot, in the run's one cohort, tagged.
      const cohorts = (await operator.listCohorts({ limit: 500 })).cohorts.filter((c) => c.name === `run ${run}`);
      expect(cohorts).toHaveLength(1);
      const claimed = await claim({ baseUrl: base, token: second, serialNumber: serials[3], store: new MemoryCredentialStore() });
      expect(claimed.response?.robot).toMatchObject({
        serial_number: serials[3],
        name: `${run} ${serials[3]}`,
        status: 'active',
        cohort_id: cohorts[0].id,
        tags: [`run:${run}`],
      });

      // And the TypeScript script once more: nothing new, the curl script's token replaced.
      expect(await runTypeScript(await script.ts(), env)).toEqual([expect.stringMatching(summary(0, 4, 4))]);
      const third = await spentToken();
      const tokens = (await operator.listEnrollmentTokens({ limit: 100 })).enrollment_tokens.filter((e) => e.cohort_id === cohorts[0].id);
      expect(tokens.map((e) => [e.prefix, e.status])).toEqual([
        [third.split('.')[0], 'usable'],
        [second.split('.')[0], 'revoked'],
        [first.split('.')[0], 'revoked'],
      ]);
    }, 120_000);
  });
});
