import { mkdtemp, readdir, readFile, rm, stat, chmod, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentClient, claim, CredentialStoreError, FileCredentialStore, MemoryCredentialStore, ProblemError } from '../sdk/src';
import { claimsCount, issueToken, makeFleetOwner, snapshot } from './enrollment-support';
import { AGK_KEY, Operator } from './support/console';
import { TRUST_LOOPBACK } from './support/operator';
import { createTestApp, TestApp } from './support/test-app';

/** The SDK's claim() against the real service: once per device, credentials kept at 0600. */
describe('SDK: claim() and the credential store', () => {
  let t: TestApp;
  let base: string;
  let owner: Operator;
  let dir: string;

  const mode = async (path: string) => (await stat(path)).mode & 0o777;
  const caught = async (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      () => undefined,
      (err: unknown) => err,
    );

  beforeAll(async () => {
    t = await createTestApp({ env: TRUST_LOOPBACK });
    base = await t.listen();
    owner = await makeFleetOwner(t, 'team');
    dir = await mkdtemp(join(tmpdir(), 'sdk-claim-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  it('claims a fleet token, keeps the key in a 0600 file in a 0700 directory, and the key works', async () => {
    const token = await issueToken(t, owner, { max_claims: 5 });
    const path = join(dir, 'robot-1', 'credentials.json');
    const store = new FileCredentialStore(path);

    const result = await claim({ baseUrl: base, token: token.token, serialNumber: 'SDK-0001', agent: { firmware: '1.2.3' }, store });

    expect(result.claimed).toBe(true);
    expect(result.response?.robot?.serial_number).toBe('SDK-0001');
    expect(await mode(path)).toBe(0o600);
    expect(await mode(join(dir, 'robot-1'))).toBe(0o700);
    expect(await readdir(join(dir, 'robot-1'))).toEqual(['credentials.json']); // no temporary file left behind
    const onDisk = JSON.parse(await readFile(path, 'utf8'));
    expect(onDisk).toEqual({
      version: 1,
      base_url: base,
      api_key: expect.stringMatching(AGK_KEY),
      credential_id: result.response!.api_key.credential_id,
      service_agent_id: result.response!.service_agent.id,
      workspace_id: owner.reg.workspaceId,
      scopes: result.response!.api_key.scopes,
      robot_id: result.response!.robot!.id,
      serial_number: 'SDK-0001',
      claimed_at: expect.any(String),
      access_token: {
        token: result.response!.access_token.token,
        scopes: expect.any(Array),
        issued_at: expect.any(String),
        expires_at: expect.any(String),
      },
    });
    expect(Date.parse(onDisk.access_token.expires_at) - Date.parse(onDisk.access_token.issued_at)).toBe(2_592_000_000);
    expect(await claimsCount(t, token.id)).toBe(1);

    // The stored access token is used as is (no exchange), and answers as the claimed agent.
    const agent = agentClient({ credentials: result.credentials });
    const res = await agent.request('post', '/api/v1/messages', { body: { body: 'hello from the SDK' } });
    expect(res.message.body).toBe('hello from the SDK');
    expect(await agent.accessToken()).toBe(result.response!.access_token.token);
  });

  it('a second claim() on the same store returns the stored credentials without spending the token', async () => {
    const token = await issueToken(t, owner, { max_claims: 5 });
    const store = new FileCredentialStore(join(dir, 'robot-2', 'credentials.json'));
    const first = await claim({ baseUrl: base, token: token.token, serialNumber: 'SDK-0002', store });
    const before = await snapshot(t, owner.reg.workspaceId, token.id);

    const again = await claim({ baseUrl: base, token: token.token, serialNumber: 'SDK-0002', store });

    expect(again.claimed).toBe(false);
    expect(again.response).toBeUndefined();
    expect(again.credentials).toEqual(first.credentials);
    expect(await snapshot(t, owner.reg.workspaceId, token.id)).toEqual(before);
    // A store holding another service's credentials is not silently reused.
    const other = await caught(claim({ baseUrl: 'http://localhost:9', token: token.token, store }));
    expect(other).toBeInstanceOf(CredentialStoreError);
    expect((other as CredentialStoreError).reason).toBe('other_service');
  });

  it('surfaces refusals as typed problems and stores nothing', async () => {
    const store = new MemoryCredentialStore();
    const invalid = await caught(claim({ baseUrl: base, token: 'age_AAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', store }));
    expect(invalid).toBeInstanceOf(ProblemError);
    expect(invalid).toMatchObject({ status: 401, slug: 'unauthorized', detail: 'invalid_enrollment_token', source: 'http' });

    const fleet = await issueToken(t, owner, { max_claims: 2 });
    const noSerial = await caught(claim({ baseUrl: base, token: fleet.token, store }));
    expect(noSerial).toMatchObject({ status: 400, slug: 'bad-request', detail: 'serial_number_required' });

    const single = await issueToken(t, owner, { max_claims: 1 });
    await claim({ baseUrl: base, token: single.token, store: new MemoryCredentialStore() });
    const used = await caught(claim({ baseUrl: base, token: single.token, store }));
    expect(used).toMatchObject({ status: 409, slug: 'conflict', detail: 'enrollment_claimed' });

    const expiring = await issueToken(t, owner, { max_claims: 2, expires_in: 60 });
    t.clock.advance(61_000);
    const expired = await caught(claim({ baseUrl: base, token: expiring.token, serialNumber: 'SDK-LATE', store }));
    expect(expired).toMatchObject({ status: 410, slug: 'enrollment-expired' });

    expect(await store.load()).toBeNull();
    // Not an enrollment token at all: refused before anything is sent, without echoing it.
    const malformed = await caught(claim({ baseUrl: base, token: 'agk_not.an-enrollment-token', store }));
    expect(malformed).toBeInstanceOf(TypeError);
    expect((malformed as Error).message).not.toContain('agk_not');
  });

  it('narrows a credentials file or directory that someone widened, and refuses a corrupt file without quoting it', async () => {
    const token = await issueToken(t, owner, { max_claims: 5 });
    const folder = join(dir, 'robot-3');
    const path = join(folder, 'credentials.json');
    await claim({ baseUrl: base, token: token.token, serialNumber: 'SDK-0003', store: new FileCredentialStore(path) });
    await chmod(path, 0o644);
    await chmod(folder, 0o755);

    const loaded = await new FileCredentialStore(path).load();
    expect(loaded?.serial_number).toBe('SDK-0003');
    expect(await mode(path)).toBe(0o600);
    expect(await mode(folder)).toBe(0o700);

    const corrupt = join(dir, 'corrupt', 'credentials.json');
    await mkdir(join(dir, 'corrupt'), { recursive: true });
    await writeFile(corrupt, JSON.stringify({ version: 1, api_key: 'agk_secret.value' }));
    const err = await caught(new FileCredentialStore(corrupt).load());
    expect(err).toBeInstanceOf(CredentialStoreError);
    expect((err as CredentialStoreError).reason).toBe('corrupt');
    expect((err as Error).message).not.toContain('agk_secret');
  });

  it('checks that the store takes writes before the token is spent', async () => {
    const token = await issueToken(t, owner, { max_claims: 1 });
    const blocker = join(dir, 'not-a-directory');
    await writeFile(blocker, 'x');
    const err = await caught(
      claim({ baseUrl: base, token: token.token, store: new FileCredentialStore(join(blocker, 'credentials.json')) }),
    );
    expect(err).toBeInstanceOf(CredentialStoreError);
    expect((err as CredentialStoreError).reason).toBe('unwritable');
    expect(await claimsCount(t, token.id)).toBe(0);
  });
});
