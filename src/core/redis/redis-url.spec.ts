import { loadConfig } from '../config/app-config';
import { redisConnectionOptions } from './redis-url';

const env = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };

describe('redisConnectionOptions', () => {
  it("without sentinels: REDIS_URL's server, database and credentials", () => {
    const options = redisConnectionOptions(loadConfig({ ...env, REDIS_URL: 'redis://app:pw@10.0.0.5:6380/4' }));
    expect(options).toEqual({ host: '10.0.0.5', port: 6380, username: 'app', password: 'pw', db: 4, tls: undefined });
  });

  it("with sentinels: the master by name, REDIS_URL's database, credentials and TLS for it, never its host", () => {
    const options = redisConnectionOptions(
      loadConfig({
        ...env,
        REDIS_URL: 'rediss://:master-pw@mymaster/2',
        REDIS_SENTINELS: 's1:26379,s2:26379',
        REDIS_SENTINEL_MASTER: 'mymaster',
        REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
      }),
    );
    expect(options).toMatchObject({
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
      ],
      name: 'mymaster',
      password: 'master-pw',
      db: 2,
      tls: {},
      enableTLSForSentinelMode: true,
      sentinelPassword: 'sentinel-pw',
      sentinelTLS: undefined,
    });
    expect(options).not.toHaveProperty('host');
    expect(options).not.toHaveProperty('port');
    const reconnect = options.reconnectOnError!;
    expect(reconnect(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnect(new Error('ERR something else'))).toBe(false);
  });
});
