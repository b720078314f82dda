import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { eventually } from './eventually';
import { freePort } from './spawned-app';

/** The master group the test's sentinels monitor. */
export const SENTINEL_MASTER = 'ans-test';
/** Sentinel marks the master down after this long without a valid reply (production: 5000 or more). */
export const DOWN_AFTER_MS = 1000;
/** Also how long a failed election waits (twice this) before the next try. */
export const FAILOVER_TIMEOUT_MS = 2000;
/**
 * Three sentinels with a quorum of 2, as production runs them: one sentinel with quorum 1 would
 * fail over just as well, but then the election (a majority of all sentinels must vote for the
 * leader) would go untested. (The client's walk over the list is exercised by a dead first entry.)
 */
export const SENTINELS = 3;
export const QUORUM = 2;

interface Server {
  port: number;
  child: ChildProcess;
}

/** A probe connection that leaves no timer behind (jest would wait for it). */
const probe = (port: number) =>
  new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, disconnectTimeout: 0 });

async function ask<T>(port: number, run: (r: Redis) => Promise<T>): Promise<T> {
  const r = probe(port);
  try {
    await r.connect();
    return await run(r);
  } finally {
    r.disconnect();
  }
}

const infoField = (info: string, field: string) => new RegExp(`^${field}:(.*)$`, 'm').exec(info)?.[1]?.trim();

/**
 * Debian's redis-server as a master and one replica, and three redis-sentinel processes watching
 * them, all on free ports of 127.0.0.1 with their files in a temporary directory; stop() kills
 * every one of them.
 */
export class SentinelRedis {
  private dir = '';
  private readonly servers = new Map<number, Server>();
  private readonly sentinelServers: Server[] = [];
  masterPort = 0;
  replicaPort = 0;
  /** A free port nothing listens on: the first, dead, entry of REDIS_SENTINELS. */
  deadPort = 0;

  /** REDIS_SENTINELS for the service. */
  get sentinels(): string {
    return this.sentinelServers.map((s) => `127.0.0.1:${s.port}`).join(',');
  }

  /**
   * The service's environment: REDIS_URL gives only the database (its host is never used). The
   * list starts with an address where no sentinel listens, so every connect of every client has
   * to walk past a dead sentinel to a live one.
   */
  env(db = 0): Record<string, string> {
    return {
      REDIS_URL: `redis://${SENTINEL_MASTER}/${db}`,
      REDIS_SENTINELS: `127.0.0.1:${this.deadPort},${this.sentinels}`,
      REDIS_SENTINEL_MASTER: SENTINEL_MASTER,
    };
  }

  async start(): Promise<void> {
    this.dir = mkdtempSync(join(tmpdir(), 'ans-sentinel-'));
    this.deadPort = await freePort();
    this.masterPort = await this.startServer([]);
    this.replicaPort = await this.startServer(['--replicaof', '127.0.0.1', String(this.masterPort)]);
    await eventually(
      async () => expect(infoField(await ask(this.replicaPort, (r) => r.info('replication')), 'master_link_status')).toBe('up'),
      { what: 'the replica in sync', timeoutMs: 10_000, intervalMs: 50 },
    );
    for (let i = 0; i < SENTINELS; i++) {
      const port = await freePort();
      const conf = join(this.dir, `sentinel-${port}.conf`);
      // Sentinel rewrites its own file (what it learns, its id), so each gets a writable one.
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${this.dir}`,
          `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${this.masterPort} ${QUORUM}`,
          `sentinel down-after-milliseconds ${SENTINEL_MASTER} ${DOWN_AFTER_MS}`,
          `sentinel failover-timeout ${SENTINEL_MASTER} ${FAILOVER_TIMEOUT_MS}`,
          `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
          '',
        ].join('\n'),
      );
      const child = spawn('redis-sentinel', [conf], { stdio: 'ignore' });
      this.sentinelServers.push({ port, child });
    }
    // Ready when every sentinel knows the replica and the other sentinels (found through the
    // master's hello channel every 2 s): before that, a failover could not be voted.
    await eventually(
      async () => {
        for (const { port } of this.sentinelServers) {
          const master = await ask(port, (r) => r.call('SENTINEL', 'MASTER', SENTINEL_MASTER) as Promise<string[]>);
          const fields = Object.fromEntries(master.flatMap((v, i, all) => (i % 2 === 0 ? [[v, all[i + 1]]] : [])));
          expect({ replicas: fields['num-slaves'], others: fields['num-other-sentinels'] }).toEqual({
            replicas: '1',
            others: String(SENTINELS - 1),
          });
        }
      },
      { what: 'every sentinel to know the replica and the others', timeoutMs: 15_000, intervalMs: 100 },
    );
  }

  /** Where the sentinels say the master is now (one sentinel's view). */
  async masterNow(): Promise<number> {
    const [, port] = (await ask(this.sentinelServers[0].port, (r) => r.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_MASTER))) as [
      string,
      string,
    ];
    return Number(port);
  }

  /**
   * Writes a marker on the master and waits until the replica has acknowledged it (WAIT 1): every
   * write the master took before is on the replica too (replication is one ordered stream).
   * Returns how many replicas acknowledged.
   */
  async replicated(timeoutMs = 2000): Promise<number> {
    return ask(this.masterPort, async (r) => {
      await r.set('sentinel-test:replication-marker', String(Date.now()));
      return Number(await r.call('WAIT', '1', String(timeoutMs)));
    });
  }

  /** A connection to the current master (for the test's own looks at Redis). */
  connectToMaster(db = 0): Redis {
    return new Redis({ port: this.masterPort, host: '127.0.0.1', db, maxRetriesPerRequest: 1, disconnectTimeout: 0 });
  }

  /** kill -9 of the master process, as a crash; resolves once it is gone. */
  async killMaster(): Promise<void> {
    const server = this.servers.get(this.masterPort);
    if (!server) throw new Error('no master to kill');
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    this.servers.delete(this.masterPort);
  }

  /** Resolves with the new master's port once the sentinels have promoted the replica and it says so itself. */
  async promoted(timeoutMs = 30_000): Promise<number> {
    const old = this.masterPort;
    await eventually(
      async () => {
        expect(await this.masterNow()).not.toBe(old);
        expect(infoField(await ask(this.replicaPort, (r) => r.info('replication')), 'role')).toBe('master');
      },
      { what: 'the replica promoted', timeoutMs, intervalMs: 20 },
    );
    this.masterPort = this.replicaPort;
    return this.masterPort;
  }

  async stop(): Promise<void> {
    const children = [...this.servers.values(), ...this.sentinelServers].map((s) => s.child);
    await Promise.all(
      children.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        return exited;
      }),
    );
    this.servers.clear();
    this.sentinelServers.splice(0);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private async startServer(extra: string[]): Promise<number> {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir, ...extra],
      { stdio: 'ignore' },
    );
    this.servers.set(port, { port, child });
    await eventually(() => ask(port, (r) => r.ping()), { what: `redis-server on ${port}`, intervalMs: 50 });
    return port;
  }
}
