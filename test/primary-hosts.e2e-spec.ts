import { Client } from 'pg';
import { isDatabaseUnavailable } from '../src/core/common/problem/pg-errors';
import { singleHostUrl } from '../src/core/config/postgres-hosts';
import { PRIMARY_SEARCH_RETRY_MS, PrimaryHosts } from '../src/core/database/primary-hosts';
import { freePort } from './support/spawned-app';

/** DATABASE_URL's host list against the suite's Postgres and ports nobody listens on (ADR 0276). */
describe('PrimaryHosts', () => {
  const shared = new URL(process.env.DATABASE_URL!);
  const listOf = (...ports: number[]) =>
    `postgres://${shared.username}:${shared.password}@${ports.map((p) => `127.0.0.1:${p}`).join(',')}${shared.pathname}?target_session_attrs=read-write`;

  it('connects to the first listed server that takes writes, past one that refuses', async () => {
    const url = listOf(await freePort(), Number(shared.port));
    const client = new Client({ connectionString: singleHostUrl(url) });
    const server = await PrimaryHosts.for(url)!.connect(client);
    try {
      expect(server.port).toBe(Number(shared.port));
      const { rows } = await client.query<{ port: number }>('SELECT inet_server_port() AS port');
      expect(rows[0].port).toBe(Number(shared.port));
    } finally {
      await client.end();
    }
  });

  it('answers 503 (08001) at once while no server takes writes, and asks again only after a pause', async () => {
    const url = listOf(await freePort(), await freePort());
    const hosts = PrimaryHosts.for(url)!;
    const first = await hosts.primary().catch((err: Error) => err);
    expect(first).toMatchObject({ code: '08001' });
    expect(isDatabaseUnavailable(first)).toBe(true);
    // within the pause the same answer, without a search
    const started = performance.now();
    await expect(hosts.primary()).rejects.toBe(first);
    expect(performance.now() - started).toBeLessThan(PRIMARY_SEARCH_RETRY_MS);
    await new Promise((r) => setTimeout(r, PRIMARY_SEARCH_RETRY_MS + 10));
    const again = await hosts.primary().catch((err: Error) => err);
    expect(again).not.toBe(first);
    expect(again).toMatchObject({ code: '08001' });
  });
});
