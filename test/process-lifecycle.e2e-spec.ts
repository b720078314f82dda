import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, uniqueEmail } from './support/builders';
import { eventually } from './support/eventually';
import { SocketClient, socketUrl } from './support/sockets';
import { spawnApp, testEnv, waitForHealth } from './support/spawned-app';

describe('process lifecycle (production build)', () => {
  describe('the .env file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ans-env-'));
    const file = join(dir, '.env');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('fills in what the environment does not set; the environment wins', async () => {
      writeFileSync(file, 'API_RATE_LIMIT=3\nLOG_LEVEL=silent\n# a comment\n');
      const app = spawnApp({ ...(await testEnv()), ENV_FILE: file, LOG_LEVEL: 'info' });
      try {
        await waitForHealth(app); // LOG_LEVEL=info from the environment: the start-up line is logged
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await fetch(`${app.baseUrl}/api/v1/agent_tokens`, { method: 'POST' })).status);
        expect(statuses).toEqual([401, 401, 401, 429]); // API_RATE_LIMIT=3 came from the file
      } finally {
        app.child.kill('SIGTERM');
        await app.exited;
      }
    });

    it('a bad variable names itself and says where variables come from', async () => {
      writeFileSync(file, 'API_RATE_LIMIT=lots\n');
      const app = spawnApp({ ...(await testEnv()), ENV_FILE: file });
      expect(await app.exited).toBe(1);
      expect(app.stderr()).toContain('API_RATE_LIMIT');
      expect(app.stderr()).toContain(`from the process environment and, for those it does not set, from ${file}`);
    });
  });

  it('refuses to start in production without METRICS_BEARER_TOKEN and SESSION_SECRET, naming both', async () => {
    const app = spawnApp({
      ...(await testEnv()),
      NODE_ENV: 'production',
      METRICS_BEARER_TOKEN: '   ',
      SESSION_SECRET: undefined,
      BASE_URL: 'https://fleet.example.com',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    const code = await app.exited;
    expect(code).toBe(1);
    expect(app.stderr()).toContain('METRICS_BEARER_TOKEN');
    expect(app.stderr()).toContain('SESSION_SECRET');
    expect(app.stderr()).not.toContain('DATABASE_URL');
  });

  it('starts in production when the token and secret are configured', async () => {
    const app = spawnApp({
      ...(await testEnv()),
      NODE_ENV: 'production',
      METRICS_BEARER_TOKEN: 'prod-metrics-token-0123456789',
      SESSION_SECRET: 'x'.repeat(40),
      SECRETS_ENCRYPTION_KEY: 'YWdlbnQtbmV0d29yay1kZXZlbG9wbWVudC1rZXktMzI=', // required in production (the development key, base64)
      BASE_URL: 'https://fleet.example.com',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      await waitForHealth(app);
      const res = await fetch(`${app.baseUrl}/metrics`);
      expect(res.status).toBe(401);

      // It runs on the pinned Node.js line (.nvmrc), says so at start and in /metrics.
      const pinned = readFileSync(join(__dirname, '..', '.nvmrc'), 'utf8').trim();
      const major = pinned.split('.')[0];
      const started = app
        .stdout()
        .split('\n')
        .find((line) => line.includes('listening on'));
      expect(started).toBeDefined();
      expect(JSON.parse(started!).msg).toMatch(new RegExp(`\\(Node\\.js v${major}\\.\\d+\\.\\d+\\)$`));
      const metrics = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer prod-metrics-token-0123456789' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(new RegExp(`^nodejs_version_info\\{version="v${major}\\.\\d+\\.\\d+",major="${major}",`, 'm'));
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  });

  it('serves under node --disallow-code-generation-from-strings: the pipelined reads build their rows without new Function', async () => {
    const app = spawnApp(await testEnv(), ['--disallow-code-generation-from-strings']);
    try {
      await waitForHealth(app);
      const post = (path: string, body: object, headers: Record<string, string> = {}) =>
        fetch(`${app.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      const id = randomUUID().slice(0, 8);
      const registered = await post('/api/v1/register', {
        email: uniqueEmail(),
        password: PASSWORD,
        agent_name: 'Hardened',
        workspace_name: `Hardened ${id}`,
      });
      expect(registered.status).toBe(201);
      const key = ((await registered.json()) as { api_key: { key: string } }).api_key.key;
      expect((await post('/api/v1/messages', { body: `no eval ${id}` }, { 'x-agent-api-key': key })).status).toBe(201);
      const list = await fetch(`${app.baseUrl}/api/v1/messages?limit=5`, { headers: { 'x-agent-api-key': key } });
      expect(list.status).toBe(200);
      const { messages } = (await list.json()) as { messages: { body: string; id: string }[] };
      expect(messages).toEqual([expect.objectContaining({ body: `no eval ${id}`, id: expect.any(String) })]);
      expect(app.stdout() + app.stderr()).not.toMatch(/EvalError|Code generation from strings disallowed/);
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  });

  it('on SIGTERM stops accepting, finishes the in-flight request, then exits 0', async () => {
    const app = spawnApp(await testEnv());
    await waitForHealth(app);
    // An in-flight request: headers and half the body sent, the rest held back.
    const socket = net.connect(app.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let response = '';
    socket.on('data', (d) => (response += d.toString()));
    const body = '{"not":"a route"}';
    socket.write(
      `POST /api/v1/in-flight HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nx-request-id: inflight-1\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    app.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    // New connections are refused while the in-flight one is still open. (A connection, not a
    // fetch: fetch may reuse its kept-alive connection, which the drain answers with connection: close.)
    const refused = await new Promise<string | undefined>((resolve) =>
      net
        .connect(app.port, '127.0.0.1')
        .once('connect', () => resolve(undefined))
        .once('error', (err: NodeJS.ErrnoException) => resolve(err.code)),
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(app.child.exitCode).toBeNull();

    socket.write(body.slice(5));
    const code = await app.exited;
    expect(code).toBe(0);
    expect(response).toMatch(/^HTTP\/1\.1 404 /);
    expect(response).toContain('x-request-id: inflight-1');
    expect(response).toContain('"detail":"not_found"');
  });

  it('on SIGTERM, keep-alive clients firing across it get connection: close on every answer, at most one more request per connection, and no reset', async () => {
    const app = spawnApp(await testEnv({ SHUTDOWN_GRACE_MS: '10000' }));
    await waitForHealth(app);
    const CLIENTS = 8;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    interface Sample {
      sentAt: number;
      socket: number;
      reused: boolean;
      status?: number;
      connection?: string;
      error?: string;
    }
    const samples: Sample[] = [];
    const socketIds = new WeakMap<net.Socket, number>();
    let sockets = 0;
    // Each request holds the node busy for a few milliseconds (its body arrives in two parts), as
    // real requests do, so that at any moment most connections have a request in progress.
    const body = JSON.stringify({ body: 'across the drain' });
    const fire = () =>
      new Promise<Sample>((resolve) => {
        const sample: Sample = { sentAt: performance.now(), socket: 0, reused: false };
        const req = http.request(
          `${app.baseUrl}/api/v1/in-flight`,
          { agent, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
          (res) => {
            sample.status = res.statusCode;
            sample.connection = res.headers.connection;
            res.resume();
            res.on('end', () => resolve(sample));
          },
        );
        req.on('socket', (socket: net.Socket) => {
          if (!socketIds.has(socket)) socketIds.set(socket, ++sockets);
          sample.socket = socketIds.get(socket)!;
          sample.reused = req.reusedSocket;
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          sample.error = err.code ?? err.message;
          resolve(sample);
        });
        req.write(body.slice(0, 5));
        setTimeout(() => req.end(body.slice(5)), 5);
      });
    let running = true;
    const loops = Array.from({ length: CLIENTS }, async () => {
      while (running) {
        const sample = await fire();
        samples.push(sample);
        if (sample.error === 'ECONNREFUSED') return; // a new connection: the node has stopped listening, as it should
      }
    });
    // when this process reads the node's drain line: everything sent later reached a draining node
    let drainSeenAt = Infinity;
    app.child.stdout!.on('data', (d: Buffer) => {
      if (drainSeenAt === Infinity && d.toString().includes('SIGTERM received')) drainSeenAt = performance.now();
    });
    await new Promise((r) => setTimeout(r, 500));
    const killedAt = performance.now();
    app.child.kill('SIGTERM');
    const code = await app.exited;
    const exitedMs = Math.round(performance.now() - killedAt);
    running = false;
    await Promise.all(loops);
    agent.destroy();

    const after = samples.filter((s) => s.sentAt > drainSeenAt);
    const acceptedOnExisting = after.filter((s) => s.reused && s.status !== undefined);
    const answeredAfterSigterm = samples.filter((s) => s.sentAt > killedAt && s.status !== undefined);
    const withoutClose = after.filter((s) => s.status !== undefined && s.connection !== 'close');
    const resets = samples.filter((s) => s.error !== undefined && s.error !== 'ECONNREFUSED');
    const perConnection = new Map<number, number>();
    for (const s of acceptedOnExisting) perConnection.set(s.socket, (perConnection.get(s.socket) ?? 0) + 1);
    const afterKillPerConnection = new Map<number, number>();
    for (const s of answeredAfterSigterm) afterKillPerConnection.set(s.socket, (afterKillPerConnection.get(s.socket) ?? 0) + 1);
    process.stdout.write(
      `[process-lifecycle] keep-alive load across SIGTERM: ${samples.length} requests, ${answeredAfterSigterm.length} answered after the kill ` +
        `(at most ${Math.max(0, ...afterKillPerConnection.values())} on one connection), ` +
        `${acceptedOnExisting.length} accepted on existing connections after the drain began (at most ${Math.max(0, ...perConnection.values())} on one), ` +
        `${withoutClose.length} of them without connection: close, ${resets.length} reset, exit ${code} after ${exitedMs} ms\n`,
    );
    expect(drainSeenAt).toBeLessThan(Infinity);
    expect(resets).toEqual([]);
    expect(withoutClose).toEqual([]);
    for (const count of perConnection.values()) expect(count).toBeLessThanOrEqual(1);
    expect(samples.filter((s) => s.error === 'ECONNREFUSED')).toHaveLength(CLIENTS);
    expect(code).toBe(0);
    expect(exitedMs).toBeLessThan(5000);
  });

  it('on SIGTERM closes live websockets with 1001 going away and exits 0 well within the grace period', async () => {
    const app = spawnApp(await testEnv({ SHUTDOWN_GRACE_MS: '10000' }));
    await waitForHealth(app);
    const register = await fetch(`${app.baseUrl}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD, agent_name: 'bot', workspace_name: 'Drain' }),
    });
    expect(register.status).toBe(201);
    const key = ((await register.json()) as { api_key: { key: string } }).api_key.key;
    const minted = await fetch(`${app.baseUrl}/api/v1/socket_tokens`, { method: 'POST', headers: { 'x-agent-api-key': key } });
    const { socket_token } = (await minted.json()) as { socket_token: string };
    const sockets = await Promise.all([1, 2, 3].map(() => SocketClient.open(socketUrl(app.baseUrl, { socket_token }))));

    const started = Date.now();
    app.child.kill('SIGTERM');
    const closes = await Promise.all(sockets.map((s) => s.closedWithin(5000)));
    for (const close of closes) expect(close).toEqual({ code: 1001, reason: 'server_shutting_down' });
    expect(await app.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('logs one structured JSON line per request with id, route, status and duration, secrets never written', async () => {
    const app = spawnApp(await testEnv());
    try {
      await waitForHealth(app);
      const secret = 'agk_SECRETSECRET.very-secret-value-that-must-not-be-logged';
      await fetch(`${app.baseUrl}/api/v1/messages?socket_token=sockSECRET`, {
        headers: {
          authorization: `Bearer ${secret}`,
          'x-agent-api-key': secret,
          cookie: '_agent_ops_key=cookieSECRET',
          'x-request-id': 'log-check-1',
        },
      });
      expect((await fetch(`${app.baseUrl}/health`, { headers: { 'x-request-id': 'probe-quiet-1' } })).status).toBe(200);
      // Buffered log lines are written within a second even when nothing else is logged.
      await eventually(() => expect(app.stdout()).toContain('log-check-1'), { timeoutMs: 2500, what: 'the access line to be written' });
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
    const lines = app
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    const entry = lines.map((l) => JSON.parse(l)).find((e) => e.request_id === 'log-check-1');
    expect(entry).toMatchObject({ route: '/api/v1/messages', status: 401, req: { method: 'GET' } });
    expect(typeof entry.duration_ms).toBe('number');
    expect(entry.req.url).toBe('/api/v1/messages?socket_token=[REDACTED]');
    // probe answers get no access line (they are polled every few seconds)
    expect(lines.some((l) => l.includes('probe-quiet-1'))).toBe(false);
    // headers (where credentials travel) are not logged at all
    expect(entry.req.headers).toBeUndefined();
    expect(app.stdout()).not.toMatch(/SECRET/);
  });
});
