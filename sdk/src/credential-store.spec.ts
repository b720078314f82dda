import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCredentialStore, MemoryCredentialStore, parseStoredCredentials, PendingClaim, StoredCredentials } from './credential-store';
import { CredentialStoreError } from './errors';

/** A store whose last step (the rename over the old file) fails, after the new content was written and flushed. */
class FailingRenameStore extends FileCredentialStore {
  tempsSeen: string[] = [];
  protected override async replace(temp: string): Promise<void> {
    this.tempsSeen.push(JSON.parse(await readFile(temp, 'utf8')).api_key as string);
    throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
  }
}

const pending = (claimId = 'claim-0123456789'): PendingClaim => ({
  claim_id: claimId,
  base_url: 'https://agents.example.com',
  serial_number: 'SN-1',
  started_at: '2026-11-25T10:00:00.000Z',
});

const credentials = (apiKey = 'agk_AAAAAAAAAAA.secret'): StoredCredentials => ({
  version: 1,
  base_url: 'https://agents.example.com',
  api_key: apiKey,
  credential_id: 'c',
  service_agent_id: 's',
  workspace_id: 'w',
  scopes: ['sockets:connect'],
  robot_id: null,
  serial_number: 'SN-1',
  claimed_at: '2026-11-25T10:00:00.000Z',
  access_token: null,
});

describe('FileCredentialStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sdk-store-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes 0600 in a 0700 directory whatever the umask, and reads back what it wrote', async () => {
    const previous = process.umask(0o277); // would leave the file 0400 and the directory 0500
    try {
      const store = new FileCredentialStore(join(dir, 'device', 'credentials.json'));
      await store.save(credentials());
      expect((await stat(store.path)).mode & 0o777).toBe(0o600);
      expect((await stat(store.directory)).mode & 0o777).toBe(0o700);
      expect(await store.load()).toEqual(credentials());
    } finally {
      process.umask(previous);
    }
  });

  it('replaces the file whole (write, flush, rename) and leaves no temporary file', async () => {
    const store = new FileCredentialStore(join(dir, 'credentials.json'));
    await store.save(credentials('agk_AAAAAAAAAAA.first'));
    await store.save(credentials('agk_AAAAAAAAAAA.second'));
    expect((await store.load())?.api_key).toBe('agk_AAAAAAAAAAA.second');
    expect(await readdir(dir)).toEqual(['credentials.json']);
  });

  it('a write that fails between writing the temporary file and the rename keeps the old file whole and leaves no temporary file', async () => {
    const path = join(dir, 'credentials.json');
    await new FileCredentialStore(path).save(credentials('agk_AAAAAAAAAAA.old'));
    const store = new FailingRenameStore(path);

    const err = await store.save(credentials('agk_AAAAAAAAAAA.new')).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(CredentialStoreError);
    expect((err as CredentialStoreError).reason).toBe('unwritable');
    expect((err as Error).message).not.toContain('agk_');
    expect(store.tempsSeen).toEqual(['agk_AAAAAAAAAAA.new']); // the failure came after the new content was complete
    expect(await readdir(dir)).toEqual(['credentials.json']);
    expect((await new FileCredentialStore(path).load())?.api_key).toBe('agk_AAAAAAAAAAA.old');
  });

  it('removes the temporary file a crashed write left behind, but never one younger than a minute (a write in progress)', async () => {
    const path = join(dir, 'credentials.json');
    const store = new FileCredentialStore(path);
    await store.save(credentials());
    const crashed = join(dir, '.credentials.json.0123456789ab.tmp');
    const writing = join(dir, '.credentials.json.ba9876543210.tmp');
    const otherStore = join(dir, '.other.json.0123456789ab.tmp');
    for (const f of [crashed, writing, otherStore]) await writeFile(f, '{"half":');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(crashed, hourAgo, hourAgo);
    await utimes(otherStore, hourAgo, hourAgo);

    expect((await store.load())?.api_key).toBe(credentials().api_key);

    expect((await readdir(dir)).sort()).toEqual(['.credentials.json.ba9876543210.tmp', '.other.json.0123456789ab.tmp', 'credentials.json']);
  });

  it('makes concurrent writes one at a time, in order: the last one asked for is what stays, and no temporary file remains', async () => {
    const store = new FileCredentialStore(join(dir, 'credentials.json'));
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.save(credentials(`agk_AAAAAAAAAAA.n${i}`))));
    expect((await store.load())?.api_key).toBe('agk_AAAAAAAAAAA.n19');
    expect(await readdir(dir)).toEqual(['credentials.json']);
  });

  it('keeps a pending claim until the credentials are saved, which forget it in the same rename', async () => {
    const path = join(dir, 'credentials.json');
    const store = new FileCredentialStore(path);
    await store.savePendingClaim(pending());

    // another process (a reboot) reads it back; there are no credentials yet
    const again = new FileCredentialStore(path);
    expect(await again.loadPendingClaim()).toEqual(pending());
    expect(await again.load()).toBeNull();
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    await again.save(credentials());
    expect(await again.loadPendingClaim()).toBeNull();
    expect(await again.load()).toEqual(credentials());
    expect(JSON.parse(await readFile(path, 'utf8'))).not.toHaveProperty('pending_claim');
    expect(await readdir(dir)).toEqual(['credentials.json']);
  });

  it('refuses a pending claim whose claim_id the service would refuse', async () => {
    const path = join(dir, 'credentials.json');
    await writeFile(path, JSON.stringify({ version: 1, pending_claim: pending('short') }));
    const err = await new FileCredentialStore(path).loadPendingClaim().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CredentialStoreError);
    expect((err as CredentialStoreError).reason).toBe('corrupt');
  });

  it('loads nothing when nothing was stored, and clear() forgets', async () => {
    const store = new FileCredentialStore(join(dir, 'credentials.json'));
    expect(await store.load()).toBeNull();
    await store.save(credentials());
    await store.clear();
    expect(await store.load()).toBeNull();
    await store.clear(); // idempotent
  });
});

describe('parseStoredCredentials', () => {
  it('refuses other versions and shapes without quoting the content', () => {
    for (const text of [
      '{',
      '[]',
      JSON.stringify({ ...credentials(), version: 2 }),
      JSON.stringify({ ...credentials(), api_key: 'mpk_x.secretvalue' }),
    ]) {
      let caught: unknown;
      try {
        parseStoredCredentials(text, 'credentials.json');
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(CredentialStoreError);
      expect((caught as Error).message).not.toContain('secret');
    }
  });
});

describe('MemoryCredentialStore', () => {
  it('keeps a pending claim until credentials are saved', async () => {
    const store = new MemoryCredentialStore();
    await store.savePendingClaim(pending());
    expect(await store.loadPendingClaim()).toEqual(pending());
    await store.save(credentials());
    expect(await store.loadPendingClaim()).toBeNull();
  });

  it('hands out copies, so callers cannot change what it holds', async () => {
    const store = new MemoryCredentialStore();
    const value = credentials();
    await store.save(value);
    value.api_key = 'changed';
    const loaded = (await store.load())!;
    loaded.scopes.push('x');
    expect(await store.load()).toEqual(credentials());
  });
});
