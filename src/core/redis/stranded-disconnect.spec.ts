import net from 'node:net';
import Redis from 'ioredis';
import { endDisconnectsWhileReconnecting } from './stranded-disconnect';

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
