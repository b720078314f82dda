import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CredentialStoreError } from './errors';

/** An access token kept with the credentials, so a restart does not need a new exchange. */
export interface StoredAccessToken {
  token: string;
  scopes: string[];
  /** ISO 8601: when the client asked for it (refresh is scheduled from here). */
  issued_at: string;
  /** ISO 8601: issued_at plus the token's expires_in. */
  expires_at: string;
}

/** What a device keeps after claiming: its own agk_ key and who it is. Version 1 of the file format. */
export interface StoredCredentials {
  version: 1;
  /** The service the key belongs to. */
  base_url: string;
  /** agk_<prefix>.<secret>: the device's long-lived key, shown once by the claim. */
  api_key: string;
  credential_id: string;
  service_agent_id: string;
  workspace_id: string;
  scopes: string[];
  robot_id: string | null;
  serial_number: string | null;
  claimed_at: string;
  access_token: StoredAccessToken | null;
}

/**
 * Where credentials live between runs. `load` answers null when nothing is stored yet. `prepare`
 * (optional) is called before a claim, so a store that cannot be written fails before the
 * enrollment token is spent rather than after.
 */
export interface CredentialStore {
  load(): Promise<StoredCredentials | null>;
  save(credentials: StoredCredentials): Promise<void>;
  clear(): Promise<void>;
  prepare?(): Promise<void>;
}

/** Keeps credentials in memory only (tests, or a process that claims and never restarts). */
export class MemoryCredentialStore implements CredentialStore {
  private value: StoredCredentials | null;
  constructor(initial: StoredCredentials | null = null) {
    this.value = initial ? structuredClone(initial) : null;
  }
  async load(): Promise<StoredCredentials | null> {
    return this.value ? structuredClone(this.value) : null;
  }
  async save(credentials: StoredCredentials): Promise<void> {
    this.value = structuredClone(credentials);
  }
  async clear(): Promise<void> {
    this.value = null;
  }
}

/** `~/.agent-network/credentials.json`: the file store's default place. */
export function defaultCredentialsPath(): string {
  return join(homedir(), '.agent-network', 'credentials.json');
}

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * Credentials in a JSON file readable by its owner only: the file is 0600 and its directory 0700
 * (the directory is the store's own: give it one that holds nothing else). Writes go to a
 * temporary file in the same directory, flushed to disk and renamed over the old one, so a crash
 * or power loss leaves the old file or the new one, never half of either. A file or directory
 * found with wider permissions is narrowed again on load. One process per file: two processes
 * writing the same store race.
 */
export class FileCredentialStore implements CredentialStore {
  readonly path: string;
  readonly directory: string;

  constructor(path: string = defaultCredentialsPath()) {
    this.path = path;
    this.directory = dirname(path);
  }

  async prepare(): Promise<void> {
    try {
      await mkdir(this.directory, { recursive: true, mode: DIR_MODE });
      await chmod(this.directory, DIR_MODE);
      // A probe file proves the directory takes writes before the enrollment token is spent.
      const probe = join(this.directory, `.probe-${randomBytes(6).toString('hex')}`);
      const handle = await open(probe, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, FILE_MODE);
      await handle.close();
      await unlink(probe);
    } catch (err) {
      throw new CredentialStoreError('unwritable', `cannot write credentials in ${this.directory}: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }

  async load(): Promise<StoredCredentials | null> {
    let text: string;
    try {
      const info = await stat(this.path);
      if ((info.mode & 0o077) !== 0) await chmod(this.path, FILE_MODE);
      const dirInfo = await stat(this.directory);
      if ((dirInfo.mode & 0o077) !== 0) await chmod(this.directory, DIR_MODE);
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      // Nothing stored yet (ENOTDIR: a parent is not a directory; prepare() reports that).
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw new CredentialStoreError('unreadable', `cannot read ${this.path}: ${(err as Error).message}`, { cause: err });
    }
    return parseStoredCredentials(text, this.path);
  }

  async save(credentials: StoredCredentials): Promise<void> {
    const temp = join(this.directory, `.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(this.directory, { recursive: true, mode: DIR_MODE });
      await chmod(this.directory, DIR_MODE);
      const handle = await open(temp, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, FILE_MODE);
      try {
        // The umask may have taken bits away; make sure of exactly 0600 before the secret is written.
        await handle.chmod(FILE_MODE);
        await handle.writeFile(`${JSON.stringify(credentials, null, 2)}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.path);
      await syncDirectory(this.directory);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw new CredentialStoreError('unwritable', `cannot write ${this.path}: ${(err as Error).message}`, { cause: err });
    }
  }

  async clear(): Promise<void> {
    await unlink(this.path).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw new CredentialStoreError('unwritable', `cannot remove ${this.path}: ${err.message}`, { cause: err });
    });
  }
}

/** The rename is durable only once the directory entry is on disk (best effort where unsupported). */
async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, constants.O_RDONLY);
    await handle.sync();
  } catch {
    /* some platforms cannot fsync a directory */
  } finally {
    await handle?.close();
  }
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Validates a stored file; the error never quotes the content (it holds a secret). */
export function parseStoredCredentials(text: string, where: string): StoredCredentials {
  let value: Partial<StoredCredentials>;
  try {
    value = JSON.parse(text) as Partial<StoredCredentials>;
  } catch {
    throw new CredentialStoreError('corrupt', `${where} is not valid JSON`);
  }
  const token = value.access_token;
  const tokenOk =
    token === null ||
    token === undefined ||
    (isString(token.token) && isStringList(token.scopes) && isString(token.issued_at) && isString(token.expires_at));
  if (
    value?.version !== 1 ||
    !isString(value.base_url) ||
    !isString(value.api_key) ||
    !value.api_key.startsWith('agk_') ||
    !isString(value.credential_id) ||
    !isString(value.service_agent_id) ||
    !isString(value.workspace_id) ||
    !isStringList(value.scopes) ||
    !tokenOk
  ) {
    throw new CredentialStoreError('corrupt', `${where} does not hold version 1 credentials`);
  }
  return {
    version: 1,
    base_url: value.base_url,
    api_key: value.api_key,
    credential_id: value.credential_id,
    service_agent_id: value.service_agent_id,
    workspace_id: value.workspace_id,
    scopes: value.scopes,
    robot_id: value.robot_id ?? null,
    serial_number: value.serial_number ?? null,
    claimed_at: value.claimed_at ?? '',
    access_token: token ?? null,
  };
}
