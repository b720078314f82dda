import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Client } from 'pg';
import { PASSWORD, uniqueEmail } from './support/builders';
import { eventually } from './support/eventually';
import { SpawnedApp, spawnApp, testEnv, waitForHealth } from './support/spawned-app';
import type { AddressInfo } from 'node:net';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What Kubernetes does to a pod in a rolling deploy (deploy/kubernetes, ADR 0277), in the order it
 * does it: the endpoint leaves the Service (here: the balancer's rotation), the preStop pause
 * passes, SIGTERM, the drain, the exit; the replacement joins once /ready answers 200.
 */
const PRESTOP_PAUSE_MS = 500;

/**
 * A round-robin balancer in front of the nodes in `rotation`, as a Service's proxy or an ingress
 * is: a request whose connection to a node is refused before anything was sent goes to the next
 * node (nginx's and Envoy's connect-failure retry); any other failure answers 502 and is counted.
 */
class Balancer {
  rotation: string[] = [];
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly server = http.createServer((req, res) => this.forward(req, res));
  retriedConnects = 0;

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => this.send(req, Buffer.concat(chunks), res, 0));
  }

  private send(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, attempt: number): void {
    const upstream = this.rotation[this.next++ % Math.max(1, this.rotation.length)];
    if (!upstream || attempt > 3) {
      res.writeHead(502).end();
      return;
    }
    const out = http.request(`${upstream}${req.url}`, { agent: this.agent, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && !res.headersSent) {
        this.retriedConnects++;
        this.send(req, body, res, attempt + 1);
      } else if (!res.headersSent) res.writeHead(502, { 'x-balancer-error': err.code ?? err.message }).end();
      else res.destroy();
    });
    out.end(body);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Issue 59: two nodes replaced one after the other under load, as a rolling deploy does. Clients
 * see no error at all (goal: no status other than 2xx, and 503 at worst), every acknowledged write
 * is in the database, and each node exits 0 within the drain.
 */
describe('a rolling restart of two nodes under load', () => {
  const nodes: SpawnedApp[] = [];
  const balancer = new Balancer();
  let base: string;
  let key: string;
  let env: Record<string, string | undefined>;

  const start = async (): Promise<SpawnedApp> => {
    const app = spawnApp(env);
    nodes.push(app);
    await waitForHealth(app);
    await eventually(async () => expect((await fetch(`${app.baseUrl}/ready`)).status).toBe(200), { what: 'the node to be ready' });
    return app;
  };

  beforeAll(async () => {
    env = await testEnv({ API_RATE_LIMIT: '1000000', SHUTDOWN_GRACE_MS: '10000' });
    const [a, b] = await Promise.all([start(), start()]);
    balancer.rotation = [a.baseUrl, b.baseUrl];
    base = await balancer.listen();
    const registered = await fetch(`${base}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail(),
        password: PASSWORD,
        agent_name: 'roller',
        workspace_name: `Rolling ${randomUUID().slice(0, 8)}`,
      }),
    });
    expect(registered.status).toBe(201);
    key = ((await registered.json()) as { api_key: { key: string } }).api_key.key;
  }, 60_000);

  afterAll(async () => {
    for (const app of nodes) if (app.child.exitCode === null) app.child.kill('SIGKILL');
    await balancer.close();
  });

  it('answers every request 2xx while each node is drained and replaced in turn, and loses no acknowledged write', async () => {
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    let running = true;
    const loops = Array.from({ length: 8 }, async (_, i) => {
      while (running) {
        let status: number;
        if (i % 2 === 0) {
          const res = await fetch(`${base}/api/v1/messages?limit=5`, { headers: { 'x-agent-api-key': key } });
          await res.arrayBuffer();
          status = res.status;
        } else {
          const body = `rolling ${randomUUID()}`;
          const res = await fetch(`${base}/api/v1/messages`, {
            method: 'POST',
            headers: { 'x-agent-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ body }),
          });
          await res.arrayBuffer();
          status = res.status;
          if (status === 201) acknowledged.push(body);
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    });
    await sleep(500);
    const replaced: string[] = [];
    for (const old of [...nodes]) {
      // the endpoint leaves the Service, then the preStop pause, then SIGTERM and the drain
      balancer.rotation = balancer.rotation.filter((u) => u !== old.baseUrl);
      await sleep(PRESTOP_PAUSE_MS);
      const termAt = Date.now();
      old.child.kill('SIGTERM');
      const code = await old.exited;
      replaced.push(`exit ${code} after ${Date.now() - termAt} ms`);
      expect(code).toBe(0);
      const fresh = await start();
      balancer.rotation = [...balancer.rotation, fresh.baseUrl];
      await sleep(300);
    }
    await sleep(500);
    running = false;
    await Promise.all(loops);

    const counted = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    process.stdout.write(
      `[rolling-restart] statuses ${JSON.stringify(counted)}; ${acknowledged.length} writes acknowledged; ` +
        `${balancer.retriedConnects} connects refused and retried by the balancer; nodes ${replaced.join(', ')}\n`,
    );
    const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(requests).toBeGreaterThan(100);
    // no error of any kind: not a 502 from the balancer (a reset or a refused connection it could not
    // place), not a 5xx from a node
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 201)).toEqual([]);

    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query<{ body: string }>('SELECT body FROM messages WHERE body = ANY($1::text[])', [acknowledged]);
      expect(new Set(rows.map((r) => r.body)).size).toBe(acknowledged.length);
    } finally {
      await db.end();
    }
  }, 90_000);
});
