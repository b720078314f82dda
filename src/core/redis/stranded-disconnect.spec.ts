import net from 'node:net';
import Redis from 'ioredis';
import { endDisconnectsWhileReconnecting, rejectStashedCommandsWhenFlushed } from './stranded-disconnect';

/** A port on which nothing listens: the client's connections are refused, and it waits to reconnect. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A client that has lost its connection and waits (a minute) before its next attempt. */
async function waitingToReconnect(): Promise<Redis> {
  const client = new Redis({ host: '127.0.0.1', port: await closedPort(), retryStrategy: () => 60_000, maxRetriesPerRequest: null });
  client.on('error', () => undefined);
  await new Promise<void>((resolve) => client.once('reconnecting', () => resolve()));
  return client;
}

const ends = (client: Redis, withinMs: number) =>
  new Promise<number>((resolve) => {
    let count = 0;
    client.on('end', () => count++);
    setTimeout(() => resolve(count), withinMs);
  });

describe('endDisconnectsWhileReconnecting', () => {
  it('ends a client disconnected while it waits to reconnect, once, and rejects what it queued', async () => {
    const client = await waitingToReconnect();
    endDisconnectsWhileReconnecting(client);
    const queued = client.get('k').then(
      () => 'answered',
      (err: Error) => err.message,
    );
    const ended = ends(client, 200);
    client.disconnect();
    expect(await ended).toBe(1);
    expect(client.status).toBe('end');
    expect(await queued).toBe('Connection is closed.');
  });

  // The ioredis behaviour the helper exists for. Should an ioredis upgrade end such a client by
  // itself, this fails: the helper is then no longer needed (it already does nothing then).
  it('without it, ioredis never ends such a client', async () => {
    const client = await waitingToReconnect();
    const ended = ends(client, 200);
    client.disconnect();
    expect(await ended).toBe(0);
    expect(client.status).toBe('reconnecting');
  });

  it('leaves a disconnect that asks to reconnect alone', async () => {
    const client = await waitingToReconnect();
    endDisconnectsWhileReconnecting(client);
    const ended = ends(client, 100);
    client.disconnect(true);
    expect(await ended).toBe(0);
    client.disconnect();
  });
});

/**
 * A server that speaks just enough Redis: its first connection answers the ready check (INFO) and
 * nothing else; later connections answer nothing, so a client that reconnects stays 'connect'.
 */
async function halfRedis(): Promise<{
  port: number;
  received: () => string;
  dropFirst: () => void;
  connections: () => number;
  close: () => void;
}> {
  const sockets: net.Socket[] = [];
  let received = '';
  const server = net.createServer((socket) => {
    const first = sockets.length === 0;
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.on('data', (data) => {
      received += data.toString();
      const info = 'loading:0\r\nredis_version:7.0.0\r\n';
      if (first && /info/i.test(data.toString())) socket.write(`$${info.length}\r\n${info}\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => received,
    dropFirst: () => sockets[0].destroy(),
    connections: () => sockets.length,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
};

/**
 * A command in flight when the connection drops, then a reconnect that has its socket but is not
 * ready yet (Redis back a moment before, its ready check unanswered): the client is disconnected
 * then. Resolves with what became of the command within 300 ms.
 */
async function commandSentBeforeTheDrop(guard: (client: Redis) => void): Promise<string> {
  const server = await halfRedis();
  const client = new Redis({
    host: '127.0.0.1',
    port: server.port,
    retryStrategy: () => 10,
    maxRetriesPerRequest: null,
    disableClientInfo: true,
  });
  client.on('error', () => undefined);
  try {
    guard(client);
    await new Promise((resolve) => client.once('ready', resolve));
    const sent = client.get('k').then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await until(() => server.received().includes('get'));
    server.dropFirst();
    await until(() => server.connections() === 2 && client.status === 'connect');
    client.disconnect();
    return await Promise.race([sent, new Promise<string>((resolve) => setTimeout(() => resolve('still pending'), 300))]);
  } finally {
    client.disconnect();
    server.close();
  }
}

describe('rejectStashedCommandsWhenFlushed', () => {
  it('rejects a command sent before the connection dropped when the client ends before it is ready again', async () => {
    expect(await commandSentBeforeTheDrop(rejectStashedCommandsWhenFlushed)).toBe('Connection is closed.');
  });

  // The ioredis behaviour the helper exists for (a worker's BZPOPMIN left waiting for BullMQ's 6 s
  // watchdog). Should an ioredis upgrade reject such a command by itself, this fails: the helper is
  // then no longer needed (it finds nothing left to reject).
  it('without it, ioredis leaves that command pending', async () => {
    expect(await commandSentBeforeTheDrop(() => undefined)).toBe('still pending');
  });
});
