import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentClient, AgentSocket, claim, FileCredentialStore, KeyRotation, ProblemError, StoredCredentials } from '../sdk/src';
import { formatLossyComparison, formatSummary, runFleet } from '../sdk/src/simulator/fleet';
import { LossyProxy } from '../sdk/src/simulator/lossy-proxy';
import { DEVICE_DEFAULT_SCOPES } from '../src/enrollment/enrollment-rules';
import { ExpiryWarnings } from '../src/expiry-warnings/expiry-warnings.service';
import { claimsCount, issueToken, makeFleetOwner, uniqueSerial } from './enrollment-support';
import { Operator } from './support/console';
import { eventually } from './support/eventually';
import { db, TRUST_LOOPBACK } from './support/operator';
import { sdkWorkspace } from './support/sdk';
import { createTestApp, TestApp } from './support/test-app';

jest.setTimeout(120_000);

/** Short delays, so retries happen within a test. */
const FAST_RETRY = { attempts: 20, backoff: { initialDelayMs: 50, maxDelayMs: 200 } };
const FAST_SOCKET = { backoff: { initialDelayMs: 50, maxDelayMs: 200 } };
/** What a device needs to rotate its own key: the device scopes and credentials:write (not among the defaults). */
const ROTATING_SCOPES = [...DEVICE_DEFAULT_SCOPES, 'credentials:write'];

/**
 * The SDK in the field, against the real service (API.md Part 3 "Fleets in the field"): a claim
 * whose answer is lost on the way is replayed with its claim_id, a key rotates itself when the
 * device is told it expires, and a socket whose key lacks sockets:connect gives up at once.
 */
describe('SDK: fleets in the field', () => {
  let t: TestApp;
  let base: string;
  let owner: Operator;
  let dir: string;
  const sockets: AgentSocket[] = [];
  const proxies: LossyProxy[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TRUST_LOOPBACK, API_RATE_LIMIT: '1000000' } });
    base = await t.listen();
    owner = await makeFleetOwner(t, 'enterprise');
    dir = await mkdtemp(join(tmpdir(), 'sdk-field-'));
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.stop()));
    await Promise.all(proxies.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  const usableKeysOf = async (agentId: string): Promise<string[]> =>
    (
      await db(t).query(`SELECT id FROM api_credentials WHERE service_agent_id = $1 AND status = 'usable' AND revoked_at IS NULL`, [
        agentId,
      ])
    ).map((r: { id: string }) => r.id);

  it('a claim whose answer is lost after the service claimed is replayed: one agent and robot, claims_count 1, the lost key revoked, the kept key works', async () => {
    const token = await issueToken(t, owner, { max_claims: 5 });
    // the first claim answer is lost, nothing else
    let draws = 0;
    const proxy = new LossyProxy({ target: base, claimLoss: 0.5, connectionLoss: 0, random: () => (draws++ === 0 ? 0 : 0.99) });
    proxies.push(proxy);
    const via = await proxy.start();
    const path = join(dir, 'lost-answer', 'credentials.json');
    const serial = uniqueSerial('LOST');

    const result = await claim({
      baseUrl: via,
      token: token.token,
      serialNumber: serial,
      store: new FileCredentialStore(path),
      retry: FAST_RETRY,
    });

    expect(proxy.stats).toMatchObject({ claims: 2, claimAnswersDropped: 1 });
    expect(result).toMatchObject({ claimed: true, replayed: true, attempts: 2 });
    expect(await claimsCount(t, token.id)).toBe(1);
    const robots = await db(t).query(`SELECT id, service_agent_id FROM robots WHERE workspace_id = $1 AND serial_number = $2`, [
      owner.reg.workspaceId,
      serial,
    ]);
    expect(robots).toEqual([{ id: result.credentials.robot_id, service_agent_id: result.credentials.service_agent_id }]);
    // two keys were issued (the lost answer's and the replay's); only the kept one is usable
    const issued = await db(t).query(`SELECT id FROM api_credentials WHERE service_agent_id = $1`, [result.credentials.service_agent_id]);
    expect(issued).toHaveLength(2);
    expect(await usableKeysOf(result.credentials.service_agent_id)).toEqual([result.credentials.credential_id]);
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as StoredCredentials & { pending_claim?: unknown };
    expect(onDisk.api_key).toBe(result.credentials.api_key);
    expect(onDisk.pending_claim).toBeUndefined();
    const agent = agentClient({ credentials: { ...result.credentials, base_url: base } });
    expect((await agent.request('post', '/api/v1/messages', { body: { body: 'replayed and working' } })).message.body).toBe(
      'replayed and working',
    );
  });

  it('a fleet on a lossy network (30% of claim answers and of connections lost) still comes online whole, each robot with one agent and one usable key', async () => {
    const ROBOTS = 40;
    const token = await issueToken(t, owner, { max_claims: 2 * ROBOTS });
    const common = { baseUrl: base, token: token.token, robots: ROBOTS, concurrency: 20, claimRetry: FAST_RETRY, socket: FAST_SOCKET };
    const lossless = await runFleet({ ...common, serialPrefix: 'FIELD-A-' });
    const lossy = await runFleet({ ...common, serialPrefix: 'FIELD-B-', lossy: { claimLoss: 0.3, connectionLoss: 0.3, cutWithinMs: 500 } });
    process.stdout.write(`\n${formatSummary(lossy)}\n${formatLossyComparison(lossless, lossy)}\n`);

    for (const s of [lossless, lossy]) {
      expect(s.claims).toMatchObject({ ok: ROBOTS, failed: 0 });
      expect(s.connect).toMatchObject({ ready: ROBOTS, failed: 0 });
      expect(s.online.robots).toBe(ROBOTS);
      expect(s.errors).toEqual({});
    }
    expect(lossless.claims).toMatchObject({ replayed: 0, lostAnswers: 0 });
    expect(lossy.lossy!.claimAnswersDropped).toBeGreaterThan(0);
    expect(lossy.lossy!.connectionsCut).toBeGreaterThan(0);
    expect(lossy.claims.lostAnswers).toBe(lossy.lossy!.claimAnswersDropped); // every lost answer was retried
    expect(lossy.claims.replayed).toBeGreaterThan(0);
    expect(lossy.claims.replayed).toBeLessThanOrEqual(lossy.claims.lostAnswers);
    expect(await claimsCount(t, token.id)).toBe(2 * ROBOTS);
    const perRobot: { serial_number: string; usable: number }[] = await db(t).query(
      `SELECT r.serial_number, (SELECT count(*)::int FROM api_credentials c WHERE c.service_agent_id = r.service_agent_id AND c.status = 'usable' AND c.revoked_at IS NULL) AS usable
         FROM robots r WHERE r.workspace_id = $1 AND r.serial_number LIKE 'FIELD-B-%'`,
      [owner.reg.workspaceId],
    );
    expect(perRobot).toHaveLength(ROBOTS);
    expect(perRobot.filter((r) => r.usable !== 1)).toEqual([]);
  });

  it('npm run simulate -- --lossy: a lossless fleet, then one of the same size through the lossy proxy; prints the replays and both times to online', async () => {
    const ROBOTS = 12;
    const token = await issueToken(t, owner, { max_claims: 2 * ROBOTS });
    const child = spawn(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        'sdk/src/simulator/cli.ts',
        '--robots',
        String(ROBOTS),
        '--base-url',
        base,
        '--lossy',
        '--loss',
        '0.3',
        '--no-progress',
      ],
      {
        cwd: join(__dirname, '..'),
        env: { PATH: process.env.PATH, AGENT_NETWORK_ENROLLMENT_TOKEN: token.token },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    process.stdout.write(`\n${stdout}`);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.match(new RegExp(`online: {4}${ROBOTS} of ${ROBOTS} robots online at once after [\\d.]+ s`, 'g'))).toHaveLength(2);
    expect(stdout).toMatch(
      /lossy: {5}30% of claim answers and 30% of connections dropped: \d+ of \d+ claim answers lost, \d+ of \d+ connections cut; \d+ robots needed a replay/,
    );
    expect(stdout).toMatch(
      new RegExp(`lossy vs lossless: ${ROBOTS} of ${ROBOTS} robots online in [\\d.]+ s against ${ROBOTS} of ${ROBOTS} in [\\d.]+ s`),
    );
    expect(await claimsCount(t, token.id)).toBe(2 * ROBOTS);
  });

  it('rotate(): the new key is saved before it is used, the socket reconnects under it, and no request fails across the swap', async () => {
    const token = await issueToken(t, owner, { max_claims: 1, scopes: ROTATING_SCOPES });
    const store = new FileCredentialStore(join(dir, 'rotate', 'credentials.json'));
    const { credentials } = await claim({ baseUrl: base, token: token.token, store });
    const agent = agentClient({ credentials, store });
    const socket = agent.socket(FAST_SOCKET);
    sockets.push(socket);
    const readies: string[] = [];
    socket.on('ready', (r) => readies.push(r.credential_id));
    await socket.start();

    let failed = 0;
    let sent = 0;
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        sent++;
        await agent.request('get', '/api/v1/messages').catch(() => failed++);
      }
    })();
    await eventually(() => expect(sent).toBeGreaterThan(5));
    const rotation: KeyRotation = await agent.rotate();
    await eventually(() => expect(sent).toBeGreaterThan(10));
    stop = true;
    await traffic;

    expect(failed).toBe(0);
    expect(rotation.previous.credentialId).toBe(credentials.credential_id);
    const stored = (await store.load())!;
    expect(stored.api_key).not.toBe(credentials.api_key);
    expect(stored.credential_id).toBe(rotation.credentialId);
    await eventually(() => expect(readies).toEqual([credentials.credential_id, rotation.credentialId]));
    expect(socket.state).toBe('ready');
  });

  it('told by its socket that its key expires (api_key.expiring), the client rotates and reconnects under the new key', async () => {
    const token = await issueToken(t, owner, { max_claims: 1, scopes: ROTATING_SCOPES });
    const store = new FileCredentialStore(join(dir, 'expiring', 'credentials.json'));
    const claimed = await claim({ baseUrl: base, token: token.token, store });
    // a device claimed ten days ago whose key an operator gave an expiry: 3 days left of 13
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const credentials = { ...claimed.credentials, claimed_at: tenDaysAgo };
    await store.save(credentials);
    await db(t).query(`UPDATE api_credentials SET inserted_at = $2, expires_at = now() + interval '3 days' WHERE id = $1`, [
      credentials.credential_id,
      tenDaysAgo,
    ]);
    const agent = agentClient({ credentials, store, rotation: { eventJitterMs: 0 } });
    const socket = agent.socket(FAST_SOCKET);
    sockets.push(socket);
    const readies: string[] = [];
    socket.on('ready', (r) => readies.push(r.credential_id));
    await socket.start();

    await t.app.get(ExpiryWarnings).sweep();

    await eventually(async () => expect((await store.load())?.credential_id).not.toBe(credentials.credential_id), { timeoutMs: 15_000 });
    const rotated = (await store.load())!;
    await eventually(() => expect(readies).toEqual([credentials.credential_id, rotated.credential_id]), { timeoutMs: 10_000 });
    // its successor lives 13 days from now: warned of in 6, rotated then, not again now
    expect(Date.parse(rotated.key_expires_at!) - Date.now()).toBeGreaterThan(12 * 86_400_000);
    await t.app.get(ExpiryWarnings).sweep();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await store.load())?.credential_id).toBe(rotated.credential_id);
    expect(readies).toHaveLength(2);
  });

  it('a key without sockets:connect ends the socket at once with the 403: no retry loop', async () => {
    const ws = await sdkWorkspace(t);
    const device = await ws.agent(['messages:read']);
    const socket = agentClient({ baseUrl: base, apiKey: device.key }).socket(FAST_SOCKET);
    sockets.push(socket);
    const reconnects: unknown[] = [];
    socket.on('reconnecting', (r) => reconnects.push(r));
    const started = Date.now();

    const err = await socket.start().catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 403, slug: 'forbidden', detail: 'The token does not have sufficient scope' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reconnects).toEqual([]);
    expect(socket.state).toBe('closed');
  });
});
