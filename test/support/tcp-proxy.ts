import net from 'node:net';

/**
 * A TCP forwarder to a real server. `cut()` stops it and destroys every open connection, so the
 * app behind it sees the dependency become unreachable while the test process keeps running;
 * `stall()` keeps the connections open and forwards nothing until `unstall()`.
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on a free port, or again on the port it had (after `cut`). */
  async start(): Promise<number> {
    if (this.server) return this.port;
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      if (this.stalled) for (const s of [client, upstream]) s.pause();
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** `url`, the address of the server this proxy forwards to, pointed at the proxy instead (after start()). */
  urlFor(url: string | URL): string {
    const via = new URL(url);
    via.hostname = '127.0.0.1';
    via.port = String(this.port);
    return via.toString();
  }

  private stalled = false;

  /**
   * Stops forwarding in both directions while every connection stays open (new ones are accepted
   * and stall too): a server or network that has stopped answering, as a SIGSTOPped server looks
   * to its clients.
   */
  stall(): void {
    this.stalled = true;
    for (const s of this.sockets) s.pause();
  }

  /** Forwards again what waited, and whatever comes next. */
  unstall(): void {
    this.stalled = false;
    for (const s of this.sockets) s.resume();
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /**
   * Cuts the proxy off just before `method` of `target` runs, once (or just after it, to cut
   * before what follows, a COMMIT say): a fault at one step of a service's work. The method runs
   * as it is; the spy is undone by jest.restoreAllMocks.
   */
  cutAt<T extends object>(target: T, method: keyof T & string, when: 'before' | 'after' = 'before'): jest.SpyInstance {
    const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
    return jest.spyOn(target, method as never).mockImplementationOnce((async (...args: unknown[]) => {
      if (when === 'before') await this.cut();
      const value = await original(...args);
      if (when === 'after') await this.cut();
      return value;
    }) as never);
  }
}
