import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCredentialStore, MemoryCredentialStore, parseStoredCredentials, StoredCredentials } from './credential-store';
import { CredentialStoreError } from './errors';

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
