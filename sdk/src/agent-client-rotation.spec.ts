import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { AgentClient, AgentClientOptions, ROTATE_PATH } from './agent-client';
import { FileCredentialStore, StoredCredentials } from './credential-store';
import { CredentialStoreError, ProblemError } from './errors';
import { credentialsOfK0, eventually, FakeService, json, problem } from './testing/fake-service';

const DAY = 86_400_000;
const MESSAGES = '/api/v1/messages';

/** A store that cannot take a write for as long as `failing` is set. */
class FlakyStore extends FileCredentialStore {
  failing = false;
  protected override async replace(temp: string, target: string): Promise<void> {
    if (this.failing) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    await super.replace(temp, target);
  }
}

/**
 * A service with keys k0, k1, ... and their tokens tok-k0, tok-k1 ...: rotation issues the next
 * key; a rotated key's token works until its grace period ends; GET /api/v1/messages answers
 * after `slowMs`, judging the token when it answers (so a request can be in flight across a
 * rotation). It checks that a new key is in the store before the first request that uses it.
 */
class KeyService extends FakeService {
  /** Token → the moment it stops working (Infinity while its key is current). */
  readonly valid = new Map<string, number>([['tok-k0', Infinity]]);
  current = 0;
  slowMs = 0;
  /** Rotated keys live this long (the service gives a successor the lifetime of the key it replaces); undefined: no expiry. */
  keyLifetimeMs?: number;
  rotateAnswer?: () => { status: number; body: unknown };
  /** Requests that arrived with a new key's token before the store held that key. */
  readonly usedBeforeSaved: string[] = [];
  /** The token each answered GET carried, in the order they were answered. */
  readonly answered: string[] = [];
  storePath = '';

  constructor() {
    super();
    this.route(`POST ${ROTATE_PATH}`, async (req, res) => {
      const token = this.bearer(req.headers.authorization);
      await this.checkSaved(token);
      if (!this.usable(token)) return json(res, 401, problem(401, 'unauthorized', 'api_key_revoked'));
      const scripted = this.rotateAnswer?.();
      if (scripted) return json(res, scripted.status, scripted.body);
      const grace = (req.body as { grace_period_seconds?: number }).grace_period_seconds ?? 3600;
      const old = this.current++;
      const expiresAt = Date.now() + grace * 1000;
      this.valid.set(`tok-k${old}`, expiresAt);
      this.valid.set(`tok-k${this.current}`, Infinity);
      json(res, 201, {
        api_key: {
          type: 'api_key',
          key: `agk_AAAAAAAAAAA.k${this.current}`,
          scopes: ['messages:read', 'credentials:write'],
          credential_id: `cred-k${this.current}`,
          service_agent_id: 'agent-1',
          expires_at: this.keyLifetimeMs === undefined ? null : new Date(Date.now() + this.keyLifetimeMs).toISOString(),
        },
        access_token: {
          type: 'bearer',
          token: `tok-k${this.current}`,
          scopes: ['messages:read', 'credentials:write'],
          credential_id: `cred-k${this.current}`,
          expires_in: 2_592_000,
          service_agent_id: 'agent-1',
        },
        previous: { credential_id: `cred-k${old}`, expires_at: new Date(expiresAt).toISOString() },
      });
    });
    this.route(`GET ${MESSAGES}`, async (req, res) => {
      const token = this.bearer(req.headers.authorization);
      await this.checkSaved(token);
      await delay(this.slowMs);
      if (!this.usable(token)) return json(res, 401, problem(401, 'unauthorized', 'api_key_revoked'));
      this.answered.push(token);
      json(res, 200, { messages: [], count: 0 });
    });
  }

  private bearer(header: string | undefined): string {
    return String(header ?? '').replace(/^Bearer /, '');
  }

  private usable(token: string): boolean {
    return Date.now() < (this.valid.get(token) ?? 0);
  }

  private async checkSaved(token: string): Promise<void> {
    if (token === 'tok-k0' || !this.storePath) return;
    const stored = JSON.parse(await readFile(this.storePath, 'utf8')) as StoredCredentials;
    if (stored.access_token?.token !== token || stored.api_key !== `agk_AAAAAAAAAAA.${token.slice(4)}`) this.usedBeforeSaved.push(token);
  }
}

describe('AgentClient key rotation', () => {
  let service: KeyService;
  let base: string;
  let dir: string;
  let path: string;
  let warnings: string[];

  const credentials = (extra: Partial<StoredCredentials> = {}): StoredCredentials =>
    credentialsOfK0(base, ['messages:read', 'credentials:write'], extra);

  async function client(
    extra: Partial<StoredCredentials> = {},
    options: Partial<AgentClientOptions> = {},
    store = new FileCredentialStore(path),
  ) {
    const c = credentials(extra);
    await new FileCredentialStore(path).save(c);
    return new AgentClient({ credentials: c, store, onWarning: (m) => warnings.push(m), ...options });
  }

  const read = (agent: AgentClient) => agent.request('get', MESSAGES);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sdk-rotation-'));
    path = join(dir, 'credentials.json');
    warnings = [];
    service = new KeyService();
    service.storePath = path;
    base = await service.start();
  });
  afterEach(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('rotate(): the new key is in the store before it is used; requests in flight finish with the old key, later ones use the new one, none fails', async () => {
    service.slowMs = 150;
    const agent = await client();
    const rotations: unknown[] = [];
    agent.onRotated((r) => rotations.push(r));

    const inFlight = Array.from({ length: 10 }, () => read(agent));
    await delay(20); // they are on their way
    const rotation = await agent.rotate();
    const after = Array.from({ length: 10 }, () => read(agent));
    await Promise.all([...inFlight, ...after]);

    expect(rotation).toMatchObject({ credentialId: 'cred-k1', previous: { credentialId: 'cred-k0' }, reason: 'call' });
    expect(rotations).toHaveLength(1);
    expect(service.answered.filter((t) => t === 'tok-k0')).toHaveLength(10);
    expect(service.answered.filter((t) => t === 'tok-k1')).toHaveLength(10);
    expect(service.usedBeforeSaved).toEqual([]);
    const stored = JSON.parse(await readFile(path, 'utf8')) as StoredCredentials;
    expect(stored).toMatchObject({
      api_key: 'agk_AAAAAAAAAAA.k1',
      credential_id: 'cred-k1',
      access_token: { token: 'tok-k1' },
      serial_number: 'SN-1',
    });
    expect(Date.parse(stored.key_issued_at!)).toBeGreaterThan(Date.now() - 5000);
    expect(agent.identity?.credentialId).toBe('cred-k1');
  });

  it('with no grace period, a request sent with the old token and refused after the swap is sent again with the new one', async () => {
    service.slowMs = 150;
    const agent = await client();
    const inFlight = read(agent);
    await delay(20);
    await agent.rotate({ gracePeriodSeconds: 0 });
    await expect(inFlight).resolves.toMatchObject({ messages: [] });
    expect(service.to(MESSAGES).map((r) => r.headers.authorization)).toEqual(['Bearer tok-k0', 'Bearer tok-k1']);
  });

  it('concurrent rotate() calls share one rotation', async () => {
    const agent = await client();
    const [a, b] = await Promise.all([agent.rotate(), agent.rotate()]);
    expect(a).toEqual(b);
    expect(service.to(ROTATE_PATH)).toHaveLength(1);
  });

  it('on schedule: a key within 7 days of its expiry is rotated beside the next request, which goes with the current key', async () => {
    const agent = await client({
      key_issued_at: new Date(Date.now() - 84 * DAY).toISOString(),
      key_expires_at: new Date(Date.now() + 6 * DAY).toISOString(),
    });
    await read(agent);
    await eventually(() => expect(service.to(ROTATE_PATH)).toHaveLength(1));
    await eventually(() => expect(agent.identity?.credentialId).toBe('cred-k1'));
    await read(agent);
    expect(service.answered).toEqual(['tok-k0', 'tok-k1']);
    expect(service.usedBeforeSaved).toEqual([]);
    // not again: the new key has no expiry
    await read(agent);
    expect(service.to(ROTATE_PATH)).toHaveLength(1);
  });

  it('a key that lives less than twice beforeExpiry is rotated at half its lifetime, and its successor not at once (no rotation storm)', async () => {
    service.keyLifetimeMs = 3 * DAY;
    const fresh = await client({ key_expires_at: new Date(Date.now() + 3 * DAY).toISOString() });
    await read(fresh);
    fresh.noticeEvent({
      id: 'e1',
      type: 'api_key.expiring',
      data: { credential_id: 'cred-k0', expires_at: new Date(Date.now() + 3 * DAY).toISOString() },
      inserted_at: '',
    });
    await delay(50);
    expect(service.to(ROTATE_PATH)).toHaveLength(0); // within its last 7 days from birth, but not half way yet

    const halfway = await client({
      key_issued_at: new Date(Date.now() - 1.6 * DAY).toISOString(),
      key_expires_at: new Date(Date.now() + 1.4 * DAY).toISOString(),
    });
    await read(halfway);
    await eventually(() => expect(halfway.identity?.credentialId).toBe('cred-k1'));
    for (let i = 0; i < 5; i++) await read(halfway);
    // the successor lives 3 days too, and is warned of at once: it is rotated in a day and a half, not now
    halfway.noticeEvent({
      id: 'e2',
      type: 'api_key.expiring',
      data: { credential_id: 'cred-k1', expires_at: new Date(Date.now() + 3 * DAY).toISOString() },
      inserted_at: '',
    });
    await delay(50);
    expect(service.to(ROTATE_PATH)).toHaveLength(1);
    expect(JSON.parse(await readFile(path, 'utf8')).key_expires_at).toEqual(expect.any(String));
  });

  it('on schedule by age (maxAgeMs), and never for a key far from its expiry', async () => {
    const young = await client({ key_expires_at: new Date(Date.now() + 30 * DAY).toISOString() });
    await read(young);
    await delay(50);
    expect(service.to(ROTATE_PATH)).toHaveLength(0);

    const old = await client({ key_issued_at: new Date(Date.now() - 91 * DAY).toISOString() }, { rotation: { maxAgeMs: 90 * DAY } });
    await read(old);
    await eventually(() => expect(old.identity?.credentialId).toBe('cred-k1'));
  });

  it('a store that cannot take the new key fails the rotation and the old key stays in use; the next rotation saves the same new key', async () => {
    const store = new FlakyStore(path);
    const agent = await client({}, {}, store);
    store.failing = true;

    await expect(agent.rotate()).rejects.toBeInstanceOf(CredentialStoreError);
    await read(agent);
    expect(service.answered).toEqual(['tok-k0']);
    // that request tried to save the new key once more, beside it, and told why it could not
    await eventually(() => expect(warnings).toEqual(['could not rotate the key; tried again later']));
    expect(JSON.parse(await readFile(path, 'utf8')).api_key).toBe('agk_AAAAAAAAAAA.k0');

    store.failing = false;
    await expect(agent.rotate()).resolves.toMatchObject({ credentialId: 'cred-k1' });
    expect(service.to(ROTATE_PATH)).toHaveLength(1); // the same new key, not another
    expect(JSON.parse(await readFile(path, 'utf8')).api_key).toBe('agk_AAAAAAAAAAA.k1');
    await read(agent);
    expect(service.answered).toEqual(['tok-k0', 'tok-k1']);
  });

  it('a key already rotated (409 credential_rotated) is told to onWarning once and not tried again on every request', async () => {
    service.rotateAnswer = () => ({ status: 409, body: problem(409, 'conflict', 'credential_rotated') });
    const agent = await client({
      key_issued_at: new Date(Date.now() - 89 * DAY).toISOString(),
      key_expires_at: new Date(Date.now() + DAY).toISOString(),
    });
    for (let i = 0; i < 5; i++) await read(agent);
    await delay(50);
    expect(service.to(ROTATE_PATH)).toHaveLength(1);
    expect(warnings).toEqual(['the service refused to rotate the key; it is not tried again']);
    expect(service.answered).toHaveLength(5);
    // asked for explicitly, it is asked of the service, and the refusal is the caller's
    const refused = await agent.rotate().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProblemError);
    expect(refused).toMatchObject({ status: 409, detail: 'credential_rotated' });
  });

  it('is off without a store, and refuses to be asked for without one', async () => {
    const c = credentials({ key_expires_at: new Date(Date.now() + DAY).toISOString() });
    const agent = new AgentClient({ credentials: c });
    await read(agent);
    await delay(50);
    expect(service.to(ROTATE_PATH)).toHaveLength(0);
    expect(() => new AgentClient({ credentials: c, rotation: {} })).toThrow(/rotation needs/);
  });
});
