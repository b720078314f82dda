import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';

export interface LossyProxyOptions {
  /** The service (plain http: the proxy reads the request lines to choose what it drops). */
  target: string;
  /** The share of claim answers lost: the claim reaches the service, and the connection is cut when its answer starts. */
  claimLoss: number;
  /** The share of socket connections cut, each within `cutWithinMs` of its upgrade (before or after `ready`). */
  connectionLoss: number;
  /** Default 2,000 ms. */
  cutWithinMs?: number;
  random?: () => number;
}

export interface LossyProxyStats {
  claims: number;
  claimAnswersDropped: number;
  upgrades: number;
  connectionsCut: number;
}

const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/;
const CLAIM_PATH = /^\/api\/v1\/enrollments\/claim(?:[?#]|$)/;
const SOCKET_PATH = /^\/socket(?:[?#]|$)/;

/**
 * A TCP forwarder that loses what a flaky network loses: a share of claim answers (the claim
 * reaches the service, which claims; the connection is cut as its answer starts, so the client
 * never learns it) and a share of socket connections (cut at a random moment). Everything else
 * passes as it is. Requests are recognised by their request line at the start of what the
 * client writes (HTTP/1.1 without pipelining, as Node's fetch and ws send them).
 */
export class LossyProxy {
  readonly stats: LossyProxyStats = { claims: 0, claimAnswersDropped: 0, upgrades: 0, connectionsCut: 0 };
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly target: URL;
  private readonly random: () => number;

  constructor(private readonly options: LossyProxyOptions) {
    this.target = new URL(options.target);
    if (this.target.protocol !== 'http:')
      throw new TypeError('the lossy proxy needs a plain-http service (it reads the requests it drops answers of)');
    for (const share of [options.claimLoss, options.connectionLoss]) {
      if (!(share >= 0 && share < 1)) throw new TypeError('a loss share is at least 0 and below 1');
    }
    this.random = options.random ?? Math.random;
  }

  /** Listens on a loopback port; resolves with the base URL that goes through the proxy. */
  async start(): Promise<string> {
    this.server = createServer((client) => this.forward(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${this.target.pathname.replace(/\/+$/, '')}`;
  }

  /** Connections chosen to be cut whose cut is still to come. */
  get pendingCuts(): number {
    return this.timers.size;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private forward(client: Socket): void {
    const upstream = connect(Number(this.target.port || 80), this.target.hostname);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let dropAnswer = false;
    client.on('data', (chunk: Buffer) => {
      const line = REQUEST_LINE.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 2048)));
      if (line && line[1] === 'POST' && CLAIM_PATH.test(line[2])) {
        this.stats.claims++;
        if (this.random() < this.options.claimLoss) {
          dropAnswer = true;
          this.stats.claimAnswersDropped++;
        }
      } else if (line && line[1] === 'GET' && SOCKET_PATH.test(line[2])) {
        this.stats.upgrades++;
        if (this.random() < this.options.connectionLoss) {
          const timer = setTimeout(
            () => {
              this.timers.delete(timer);
              if (client.destroyed) return;
              this.stats.connectionsCut++;
              cut();
            },
            this.random() * (this.options.cutWithinMs ?? 2000),
          );
          this.timers.add(timer);
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      // The service has claimed and is answering: the answer is lost on the way.
      if (dropAnswer) return cut();
      client.write(chunk);
    });
  }
}
