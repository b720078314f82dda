import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
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
  /** ISO 8601: when this key was issued (the claim, or the rotation that made it); null when not known. */
  key_issued_at?: string | null;
  /** ISO 8601: when this key stops working, when the service said; null for a key without expiry or not known. */
  key_expires_at?: string | null;
}

/**
 * A claim that was sent (or is about to be) and whose answer has not been saved yet: what a retry
 * after a lost answer sends again, so the service answers it as a replay of the same claim (API.md
 * "Fleets in the field"). Kept in the store before the first attempt, so a retry after a reboot
 * sends the same `claim_id`; forgotten when the answer's credentials are saved.
 */
export interface PendingClaim {
  /** 8 to 128 of [A-Za-z0-9._~-]; the SDK makes 22 (16 random bytes, base64url). */
  claim_id: string;
  /** The service it was sent to. */
  base_url: string;
  /** The serial it was sent with: a claim_id goes with one serial only (409 claim_id_conflict otherwise). */
  serial_number: string | null;
  /** ISO 8601: when it was made (the service replays a claim for 24 hours). */
  started_at: string;
}

/**
 * Where credentials live between runs. `load` answers null when nothing is stored yet. `prepare`
 * (optional) is called before a claim, so a store that cannot be written fails before the
 * enrollment token is spent rather than after. `savePendingClaim` and `loadPendingClaim`
 * (optional) keep a claim's `claim_id` across a lost answer and a reboot; `save` forgets it (the
 * claim is done once its credentials are kept). A store without them still retries a lost answer
 * with the same `claim_id` within one claim() call, but not after a restart.
 */
export interface CredentialStore {
  load(): Promise<StoredCredentials | null>;
  save(credentials: StoredCredentials): Promise<void>;
  clear(): Promise<void>;
  prepare?(): Promise<void>;
  loadPendingClaim?(): Promise<PendingClaim | null>;
  savePendingClaim?(claim: PendingClaim): Promise<void>;
}

/** Keeps credentials in memory only (tests, or a process that claims and never restarts). */
export class MemoryCredentialStore implements CredentialStore {
  private value: StoredCredentials | null;
  private pending: PendingClaim | null = null;
  constructor(initial: StoredCredentials | null = null) {
    this.value = initial ? structuredClone(initial) : null;
  }
  async load(): Promise<StoredCredentials | null> {
    return this.value ? structuredClone(this.value) : null;
  }
  async save(credentials: StoredCredentials): Promise<void> {
    this.value = structuredClone(credentials);
    this.pending = null;
  }
  async clear(): Promise<void> {
    this.value = null;
    this.pending = null;
  }
  async loadPendingClaim(): Promise<PendingClaim | null> {
    return this.value || !this.pending ? null : { ...this.pending };
  }
  async savePendingClaim(claim: PendingClaim): Promise<void> {
    this.pending = { ...claim };
  }
}

/** `~/.agent-network/credentials.json`: the file store's default place. */
export function defaultCredentialsPath(): string {
  return join(homedir(), '.agent-network', 'credentials.json');
}

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
/** A temporary file this old is a crashed writer's leftover (a save takes milliseconds). */
const STALE_TEMP_MS = 60_000;

/**
 * Credentials in a JSON file readable by its owner only: the file is 0600 and its directory 0700
 * (the directory is the store's own: give it one that holds nothing else). A write goes to a
 * temporary file in the same directory (`.<name>.<random>.tmp`), which is flushed to disk
 * (fsync), renamed over the old file, and the directory flushed too, so a crash or power loss
 * leaves the old file or the new one, never half of either; a write that fails removes its
 * temporary file, and one a crash left behind is removed by the next load. Writes of one store
 * are made one at a time, in the order they were asked for. A file or directory found with wider
 * permissions is narrowed again on load. The file holds the credentials, or, between a claim's
 * first attempt and its answer, the pending claim (saving the credentials replaces it, in the
 * same rename). One process per file: two processes writing the same store race.
 */
export class FileCredentialStore implements CredentialStore {
  readonly path: string;
  readonly directory: string;
  private readonly name: string;
  /** The last write asked for: the next one starts after it. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(path: string = defaultCredentialsPath()) {
    this.path = path;
    this.directory = dirname(path);
    this.name = basename(path);
  }

  async prepare(): Promise<void> {
    try {
      await mkdir(this.directory, { recursive: true, mode: DIR_MODE });
      await chmod(this.directory, DIR_MODE);
      // A probe file proves the directory takes writes before the enrollment token is spent.
      const probe = join(this.directory, `.probe-${randomBytes(6).toString('hex')}`);
      try {
        const handle = await open(probe, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, FILE_MODE);
        await handle.close();
      } finally {
        await unlink(probe).catch(() => undefined);
      }
    } catch (err) {
      throw new CredentialStoreError('unwritable', `cannot write credentials in ${this.directory}: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }

  async load(): Promise<StoredCredentials | null> {
    const content = await this.read();
    return content && 'credentials' in content ? content.credentials : null;
  }

  async loadPendingClaim(): Promise<PendingClaim | null> {
    const content = await this.read();
    return content && 'pendingClaim' in content ? content.pendingClaim : null;
  }

  async save(credentials: StoredCredentials): Promise<void> {
    await this.write(credentials);
  }

  async savePendingClaim(claim: PendingClaim): Promise<void> {
    await this.write({ version: 1, pending_claim: claim });
  }

  async clear(): Promise<void> {
    await this.queued(() =>
      unlink(this.path).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT')
          throw new CredentialStoreError('unwritable', `cannot remove ${this.path}: ${err.message}`, { cause: err });
      }),
    );
  }

  /**
   * The last step of a write: the flushed temporary file takes the place of the old one. A
   * subclass may wrap it (the tests make it fail, to prove a failed write leaves the old file and
   * no temporary one).
   */
  protected async replace(temp: string, target: string): Promise<void> {
    await rename(temp, target);
  }

  private async read(): Promise<{ credentials: StoredCredentials } | { pendingClaim: PendingClaim } | null> {
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
    } finally {
      await this.removeStaleTemps();
    }
    return parseStoreFile(text, this.path);
  }

  private write(content: unknown): Promise<void> {
    return this.queued(async () => {
      const temp = join(this.directory, `.${this.name}.${randomBytes(6).toString('hex')}.tmp`);
      let created = false;
      try {
        await mkdir(this.directory, { recursive: true, mode: DIR_MODE });
        await chmod(this.directory, DIR_MODE);
        const handle = await open(temp, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, FILE_MODE);
        created = true;
        try {
          // The umask may have taken bits away; make sure of exactly 0600 before the secret is written.
          await handle.chmod(FILE_MODE);
          await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
        await this.replace(temp, this.path);
        created = false;
        await syncDirectory(this.directory);
      } catch (err) {
        if (created) await unlink(temp).catch(() => undefined);
        throw new CredentialStoreError('unwritable', `cannot write ${this.path}: ${(err as Error).message}`, { cause: err });
      }
    });
  }

  /** Runs `step` after every write asked for before it, whatever their outcome. */
  private queued<T>(step: () => Promise<T>): Promise<T> {
    const next = this.writing.then(step, step);
    this.writing = next.catch(() => undefined);
    return next;
  }

  /** Temporary files of this store that a crashed write left behind (never one being written). */
  private async removeStaleTemps(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch {
      return;
    }
    const prefix = `.${this.name}.`;
    const ours = (n: string) =>
      (n.startsWith(prefix) && /^[0-9a-f]{12}\.tmp$/.test(n.slice(prefix.length))) || /^\.[0-9a-f]{12}\.tmp$/.test(n);
    for (const n of names.filter(ours)) {
      const path = join(this.directory, n);
      const info = await stat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await unlink(path).catch(() => undefined);
    }
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
  const credentials: StoredCredentials = {
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
  if (isString(value.key_issued_at)) credentials.key_issued_at = value.key_issued_at;
  if (isString(value.key_expires_at)) credentials.key_expires_at = value.key_expires_at;
  return credentials;
}

/** The claim_id rule of the service (API.md "Fleets in the field"). */
export const CLAIM_ID = /^[A-Za-z0-9._~-]{8,128}$/;

/**
 * Validates a stored file, which holds credentials or a pending claim (`{ version: 1,
 * pending_claim }`); the error never quotes the content.
 */
export function parseStoreFile(text: string, where: string): { credentials: StoredCredentials } | { pendingClaim: PendingClaim } {
  let value: { version?: unknown; api_key?: unknown; pending_claim?: Partial<PendingClaim> };
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    throw new CredentialStoreError('corrupt', `${where} is not valid JSON`);
  }
  const pending = value?.pending_claim;
  if (value?.version !== 1 || value.api_key !== undefined || typeof pending !== 'object' || pending === null) {
    return { credentials: parseStoredCredentials(text, where) };
  }
  if (
    !isString(pending.claim_id) ||
    !CLAIM_ID.test(pending.claim_id) ||
    !isString(pending.base_url) ||
    !(pending.serial_number === null || isString(pending.serial_number)) ||
    !isString(pending.started_at)
  ) {
    throw new CredentialStoreError('corrupt', `${where} does not hold a version 1 pending claim`);
  }
  return {
    pendingClaim: {
      claim_id: pending.claim_id,
      base_url: pending.base_url,
      serial_number: pending.serial_number,
      started_at: pending.started_at,
    },
  };
}
