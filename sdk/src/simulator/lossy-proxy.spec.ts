import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { LossyProxy } from './lossy-proxy';

describe('LossyProxy', () => {
  let server: Server;
  let wss: WebSocketServer;
  let target: string;
  let claimsSeen: number;
  const proxies: LossyProxy[] = [];

  beforeEach(async () => {
    claimsSeen = 0;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/api/v1/enrollments/claim') claimsSeen++;
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    wss = new WebSocketServer({ server, path: '/socket' });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((p) => p.close()));
    for (const c of wss.clients) c.terminate();
    wss.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function proxy(random: () => number, claimLoss = 0.5, connectionLoss = 0.5): Promise<{ p: LossyProxy; base: string }> {
    const p = new LossyProxy({ target, claimLoss, connectionLoss, cutWithinMs: 50, random });
    proxies.push(p);
    return { p, base: await p.start() };
  }

  it("loses a claim's answer after the service got the claim, and passes everything else", async () => {
    const { p, base } = await proxy(() => 0);
    await expect(fetch(`${base}/api/v1/enrollments/claim`, { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(claimsSeen).toBe(1); // the service claimed: only the answer was lost
    const other = await fetch(`${base}/api/v1/agent_tokens`, { method: 'POST', body: '{}' });
    expect(other.status).toBe(201);
    expect(p.stats).toMatchObject({ claims: 1, claimAnswersDropped: 1 });
  });

  it('keeps what its share does not take', async () => {
    const { p, base } = await proxy(() => 0.9);
    const res = await fetch(`${base}/api/v1/enrollments/claim`, { method: 'POST', body: '{}' });
    expect(await res.json()).toEqual({ ok: true });
    expect(p.stats).toMatchObject({ claims: 1, claimAnswersDropped: 0 });
  });

  it('cuts a socket connection it chose, within cutWithinMs', async () => {
    const { p, base } = await proxy(() => 0.1);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/socket?socket_token=x`);
    ws.on('error', () => undefined); // cut before the upgrade's answer: "socket hang up"
    const [code] = (await once(ws, 'close')) as [number];
    expect(code).toBe(1006);
    expect(p.stats).toMatchObject({ upgrades: 1, connectionsCut: 1 });
    expect(p.pendingCuts).toBe(0);
  });

  it('refuses a https service (it cannot read what it would drop) and shares outside [0, 1)', () => {
    expect(() => new LossyProxy({ target: 'https://agents.example.com', claimLoss: 0.1, connectionLoss: 0.1 })).toThrow(/plain-http/);
    expect(() => new LossyProxy({ target, claimLoss: 1, connectionLoss: 0 })).toThrow(/share/);
  });
});
