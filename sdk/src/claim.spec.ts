import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claim, LostAnswerEvent } from './claim';
import { CLAIM_ID, FileCredentialStore } from './credential-store';
import { CredentialStoreError, ProblemError, TransportError } from './errors';
import { FakeService, json, problem, RecordedRequest } from './testing/fake-service';

const TOKEN = 'age_AAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const CLAIM = '/api/v1/enrollments/claim';
/** Short delays, so retries happen within a test. */
const FAST = { attempts: 4, backoff: { initialDelayMs: 10, maxDelayMs: 40 } };

/** A 201 claim answer; `n` tells the answers apart (each has fresh credentials). */
function answer(n: number, serial: string | undefined) {
  return {
    service_agent: { id: 'agent-1', name: 'robot', status: 'active', slug: 'robot' },
    robot: serial ? { id: 'robot-1', serial_number: serial, status: 'active' } : null,
    api_key: {
      type: 'api_key',
      key: `agk_AAAAAAAAAAA.key${n}`,
      scopes: ['sockets:connect'],
      credential_id: `cred-${n}`,
      service_agent_id: 'agent-1',
    },
    access_token: {
      type: 'bearer',
      token: `token-${n}`,
      scopes: ['sockets:connect'],
      credential_id: `cred-${n}`,
      expires_in: 2_592_000,
      service_agent_id: 'agent-1',
    },
    workspace: { id: 'workspace-1', name: 'Fleet', slug: 'fleet' },
  };
}

/** A store whose credentials cannot be written (the pending claim can): a full disk at the worst moment. */
class CredentialsUnwritable extends FileCredentialStore {
  protected override async replace(temp: string, target: string): Promise<void> {
    if ('api_key' in JSON.parse(await readFile(temp, 'utf8')))
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    await super.replace(temp, target);
  }
}

describe('claim(): a lost answer is retried with the same claim_id', () => {
  let service: FakeService;
  let base: string;
  let dir: string;
  /** What the claim route does on each attempt, by attempt number (from 1); 201 when not listed. */
  let script: Record<number, 'cut' | 502 | 409>;
  /** The claim_id in the store when each request arrived (it must be there before the first one is sent). */
  let storedWhenSent: (string | null)[];
  let path: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sdk-claim-'));
    path = join(dir, 'credentials.json');
    script = {};
    storedWhenSent = [];
    service = new FakeService();
    let attempt = 0;
    service.route(`POST ${CLAIM}`, async (req, res, raw) => {
      attempt++;
      storedWhenSent.push((await new FileCredentialStore(path).loadPendingClaim())?.claim_id ?? null);
      const step = script[attempt];
      const serial = (req.body as { serial_number?: string }).serial_number;
      // the service claimed, then the answer was lost: the connection drops before it is written
      if (step === 'cut') return void raw.socket.destroy();
      if (step === 502) return json(res, 502, '<html>bad gateway</html>');
      if (step === 409) return json(res, 409, problem(409, 'conflict', 'enrollment_claimed'));
      json(res, 201, answer(attempt, serial), attempt > 1 ? { 'idempotent-replayed': 'true' } : {});
    });
    base = await service.start();
  });
  afterEach(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  const bodies = (): { token: string; claim_id: string; serial_number?: string }[] =>
    service.to(CLAIM).map((r: RecordedRequest) => r.body as { token: string; claim_id: string; serial_number?: string });

  it('keeps the claim_id in the store before the first attempt, sends it again after the connection dropped, and forgets it once the answer is saved', async () => {
    script = { 1: 'cut' };
    const lost: LostAnswerEvent[] = [];
    const result = await claim({
      baseUrl: base,
      token: TOKEN,
      serialNumber: 'SN-7',
      store: new FileCredentialStore(path),
      retry: FAST,
      onLostAnswer: (e) => lost.push(e),
    });

    const [first, second] = bodies();
    expect(bodies()).toHaveLength(2);
    expect(first.claim_id).toMatch(CLAIM_ID);
    expect(first.claim_id).toHaveLength(22);
    expect(second).toEqual(first); // same token, claim_id and serial
    expect(first.serial_number).toBe('SN-7');
    expect(storedWhenSent).toEqual([first.claim_id, first.claim_id]);
    expect(lost).toEqual([expect.objectContaining({ claimId: first.claim_id, attempt: 1, error: expect.any(TransportError) })]);
    expect(result).toMatchObject({ claimed: true, replayed: true, attempts: 2, claimId: first.claim_id });
    expect(result.credentials.api_key).toBe('agk_AAAAAAAAAAA.key2');
    const onDisk = JSON.parse(await readFile(path, 'utf8'));
    expect(onDisk.api_key).toBe('agk_AAAAAAAAAAA.key2');
    expect(onDisk).not.toHaveProperty('pending_claim');
    expect(await readdir(dir)).toEqual(['credentials.json']);
  });

  it('a 5xx says nothing of whether the claim was made: it is retried with the same claim_id too', async () => {
    script = { 1: 502, 2: 'cut' };
    const result = await claim({ baseUrl: base, token: TOKEN, serialNumber: 'SN-8', store: new FileCredentialStore(path), retry: FAST });
    expect(new Set(bodies().map((b) => b.claim_id)).size).toBe(1);
    expect(result).toMatchObject({ replayed: true, attempts: 3 });
  });

  it('a refusal is final: one attempt, the ProblemError, and the pending claim kept for the next boot', async () => {
    script = { 1: 409 };
    const err = await claim({ baseUrl: base, token: TOKEN, serialNumber: 'SN-9', store: new FileCredentialStore(path), retry: FAST }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 409, detail: 'enrollment_claimed' });
    expect(bodies()).toHaveLength(1);
    expect(await new FileCredentialStore(path).loadPendingClaim()).toMatchObject({ claim_id: bodies()[0].claim_id });
  });

  it('after a reboot the pending claim is sent again with its claim_id; another serial makes a new one', async () => {
    script = { 1: 'cut', 2: 'cut' };
    const err = await claim({
      baseUrl: base,
      token: TOKEN,
      serialNumber: 'SN-10',
      store: new FileCredentialStore(path),
      retry: { ...FAST, attempts: 2 },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    const kept = await new FileCredentialStore(path).loadPendingClaim();
    expect(kept).toMatchObject({ claim_id: bodies()[0].claim_id, serial_number: 'SN-10', base_url: base });

    // the device reboots: a new process, a new store object on the same file
    const result = await claim({ baseUrl: base, token: TOKEN, serialNumber: 'SN-10', store: new FileCredentialStore(path), retry: FAST });
    expect(result).toMatchObject({ replayed: true, attempts: 1, claimId: kept!.claim_id });
    expect(bodies().map((b) => b.claim_id)).toEqual([kept!.claim_id, kept!.claim_id, kept!.claim_id]);

    // a device re-flashed with another serial does not send the old claim_id (it would be claim_id_conflict)
    const other = join(dir, 'other.json');
    await new FileCredentialStore(other).savePendingClaim({ ...kept!, serial_number: 'SN-OLD' });
    const fresh = await claim({ baseUrl: base, token: TOKEN, serialNumber: 'SN-11', store: new FileCredentialStore(other), retry: FAST });
    expect(fresh.claimId).not.toBe(kept!.claim_id);
  });

  it('an answer the store could not keep is not lost: the pending claim stays, and the next claim() replays it', async () => {
    const err = await claim({
      baseUrl: base,
      token: TOKEN,
      serialNumber: 'SN-12',
      store: new CredentialsUnwritable(path),
      retry: FAST,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CredentialStoreError);
    const claimId = bodies()[0].claim_id;
    expect(await new FileCredentialStore(path).loadPendingClaim()).toMatchObject({ claim_id: claimId });
    expect(await readdir(dir)).toEqual(['credentials.json']);

    const result = await claim({ baseUrl: base, token: TOKEN, serialNumber: 'SN-12', store: new FileCredentialStore(path), retry: FAST });
    expect(result).toMatchObject({ replayed: true, claimId });
    expect((await new FileCredentialStore(path).load())?.api_key).toBe('agk_AAAAAAAAAAA.key2');
  });
});
