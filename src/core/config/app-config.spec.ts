import { AppConfig, ConfigValidationError, DEVELOPMENT_ENCRYPTION_KEY, loadConfig, loadMigrationsDatabaseUrl } from './app-config';

const MINIMAL_ENV = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  REDIS_URL: 'redis://127.0.0.1:6379/0',
} as const;

/** A production environment that passes validation; individual tests break one piece of it. */
const VALID_PRODUCTION_ENV = {
  ...MINIMAL_ENV,
  NODE_ENV: 'production',
  BASE_URL: 'https://agents.example.com',
  SESSION_SECRET: 's'.repeat(32),
  METRICS_BEARER_TOKEN: 'm'.repeat(16),
  SMTP_URL: 'smtp://mail.example.com:587',
  SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
} as const;

/** Runs loadConfig expecting it to throw a ConfigValidationError, and returns that error. */
function expectConfigError(env: Record<string, string | undefined>): ConfigValidationError {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigValidationError);
  return caught as ConfigValidationError;
}

/** The variable names a ConfigValidationError's problems are about (the text before the first colon). */
function problemVariables(error: ConfigValidationError): string[] {
  return error.problems.map((p) => p.slice(0, p.indexOf(':')));
}

describe('loadConfig', () => {
  describe('defaults with a minimal valid environment', () => {
    let config: AppConfig;

    beforeEach(() => {
      config = loadConfig({ ...MINIMAL_ENV });
    });

    it('uses port 4000, rate limit 1000 and the localhost base URL', () => {
      expect(config.port).toBe(4000);
      expect(config.apiRateLimit).toBe(1000);
      expect(config.baseUrl).toBe('http://localhost:4000');
      expect(config.baseOrigin).toBe('http://localhost:4000');
    });

    it('defaults to development with the in-memory mail transport', () => {
      expect(config.nodeEnv).toBe('development');
      expect(config.isProduction).toBe(false);
      expect(config.mailTransport).toBe('memory');
      expect(config.smtpUrl).toBeUndefined();
    });

    it('configures every queue: mailer and replays at 4, webhooks at 16, password resets and batch operations at 2, data requests at 1; the outbox polls every second', () => {
      expect(config.queues).toEqual([
        { name: 'mailer', concurrency: 4 },
        { name: 'password_resets', concurrency: 2 },
        { name: 'webhooks', concurrency: 16 },
        { name: 'replays', concurrency: 4 },
        { name: 'batch_operations', concurrency: 2 },
        { name: 'data_requests', concurrency: 1 },
      ]);
      expect(config.batchChunkSize).toBe(100);
      expect(config.outboxPollMs).toBe(1000);
    });

    it('passes the connection URLs through and has empty trusted proxy and admin sets', () => {
      expect(config.databaseUrl).toBe(MINIMAL_ENV.DATABASE_URL);
      expect(config.redisUrl).toBe(MINIMAL_ENV.REDIS_URL);
      expect(config.trustedProxyIps.size).toBe(0);
      expect(config.platformAdminEmails.size).toBe(0);
    });

    it('generates a random session secret outside production', () => {
      const other = loadConfig({ ...MINIMAL_ENV });
      expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
      expect(other.sessionSecret).not.toBe(config.sessionSecret);
    });

    it('returns a frozen object', () => {
      expect(Object.isFrozen(config)).toBe(true);
    });
  });

  it('also loads in the test environment with the memory transport', () => {
    const config = loadConfig({ ...MINIMAL_ENV, NODE_ENV: 'test' });
    expect(config.nodeEnv).toBe('test');
    expect(config.mailTransport).toBe('memory');
  });

  it('accepts a fully valid production environment', () => {
    const config = loadConfig({ ...VALID_PRODUCTION_ENV });
    expect(config.isProduction).toBe(true);
    expect(config.mailTransport).toBe('smtp');
    expect(config.smtpUrl).toBe(VALID_PRODUCTION_ENV.SMTP_URL);
    expect(config.sessionSecret).toBe(VALID_PRODUCTION_ENV.SESSION_SECRET);
    expect(config.metricsBearerToken).toBe(VALID_PRODUCTION_ENV.METRICS_BEARER_TOKEN);
    expect(config.baseOrigin).toBe('https://agents.example.com');
  });

  it('ignores variables it does not know', () => {
    const config = loadConfig({ ...MINIMAL_ENV, SOMETHING_ELSE: 'x', PATH: '/usr/bin' });
    expect(config.port).toBe(4000);
  });

  it('ignores QUEUE_EVENTS_CONCURRENCY, the setting of a queue that no longer exists (domain events need no job)', () => {
    const config = loadConfig({ ...MINIMAL_ENV, QUEUE_EVENTS_CONCURRENCY: 'sixteen' });
    expect(config.queues.map((q) => q.name)).not.toContain('events');
  });

  describe('numeric parsing', () => {
    it('parses numeric strings into numbers', () => {
      const config = loadConfig({
        ...MINIMAL_ENV,
        PORT: '5',
        API_RATE_LIMIT: '250',
        QUEUE_MAILER_CONCURRENCY: '7',
        QUEUE_WEBHOOKS_CONCURRENCY: '0',
        QUEUE_PASSWORD_RESETS_CONCURRENCY: '1',
        QUEUE_REPLAYS_CONCURRENCY: '2',
        OUTBOX_POLL_MS: '250',
        DB_POOL_SIZE: '3',
        DB_PIPELINE_CONNECTIONS: '0',
      });
      expect(config.port).toBe(5);
      expect(typeof config.port).toBe('number');
      expect(config.apiRateLimit).toBe(250);
      expect(config.dbPoolSize).toBe(3);
      expect(config.dbPipelineConnections).toBe(0);
      expect(config.queues).toEqual([
        { name: 'mailer', concurrency: 7 },
        { name: 'password_resets', concurrency: 1 },
        { name: 'webhooks', concurrency: 0 },
        { name: 'replays', concurrency: 2 },
        { name: 'batch_operations', concurrency: 2 },
        { name: 'data_requests', concurrency: 1 },
      ]);
      expect(config.outboxPollMs).toBe(250);
    });

    it('tolerates surrounding whitespace around a number', () => {
      expect(loadConfig({ ...MINIMAL_ENV, PORT: ' 8080 ' }).port).toBe(8080);
    });

    it.each(['abc', '12abc', '1.5', ''])('rejects PORT=%j', (port) => {
      const error = expectConfigError({ ...MINIMAL_ENV, PORT: port });
      expect(problemVariables(error)).toEqual(['PORT']);
    });

    it('rejects numbers outside their range', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, PORT: '65536', API_RATE_LIMIT: '0', DB_PIPELINE_CONNECTIONS: '17' });
      expect(problemVariables(error).sort()).toEqual(['API_RATE_LIMIT', 'DB_PIPELINE_CONNECTIONS', 'PORT']);
    });

    it('pipelines the hot statements on 2 connections by default', () => {
      expect(loadConfig(MINIMAL_ENV).dbPipelineConnections).toBe(2);
    });
  });

  describe('BASE_URL', () => {
    it('trims a trailing slash', () => {
      const config = loadConfig({ ...MINIMAL_ENV, BASE_URL: 'http://localhost:4000/' });
      expect(config.baseUrl).toBe('http://localhost:4000');
    });

    it('trims several trailing slashes but keeps the path', () => {
      const config = loadConfig({ ...MINIMAL_ENV, BASE_URL: 'https://example.com/app//' });
      expect(config.baseUrl).toBe('https://example.com/app');
      expect(config.baseOrigin).toBe('https://example.com');
    });

    it('rejects a URL that is not http(s)', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, BASE_URL: 'ftp://example.com' });
      expect(problemVariables(error)).toEqual(['BASE_URL']);
    });
  });

  describe('behind a connection pooler (ADR 0274)', () => {
    const DIRECT = 'postgres://u:p@10.0.0.5:5432/db';

    it('expects PostgreSQL itself by default, and LISTENs on DATABASE_URL', () => {
      const config = loadConfig(MINIMAL_ENV);
      expect([config.databasePooler, config.databaseListenUrl]).toEqual(['none', MINIMAL_ENV.DATABASE_URL]);
    });

    it('takes DATABASE_POOLER=transaction with a direct DATABASE_LISTEN_URL', () => {
      const config = loadConfig({ ...MINIMAL_ENV, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: DIRECT });
      expect([config.databasePooler, config.databaseUrl, config.databaseListenUrl]).toEqual([
        'transaction',
        MINIMAL_ENV.DATABASE_URL,
        DIRECT,
      ]);
    });

    it('refuses DATABASE_POOLER=transaction without DATABASE_LISTEN_URL (LISTEN cannot go through the pooler)', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: ' ' });
      expect(error.problems).toEqual([expect.stringMatching(/^DATABASE_LISTEN_URL: .*required when DATABASE_POOLER is transaction/)]);
    });

    it('refuses a pooler mode it does not know', () => {
      expect(problemVariables(expectConfigError({ ...MINIMAL_ENV, DATABASE_POOLER: 'session' }))).toEqual(['DATABASE_POOLER']);
    });

    it('migrates on DATABASE_MIGRATIONS_URL when set, else on DATABASE_URL', () => {
      expect(loadMigrationsDatabaseUrl({ DATABASE_URL: MINIMAL_ENV.DATABASE_URL })).toBe(MINIMAL_ENV.DATABASE_URL);
      expect(loadMigrationsDatabaseUrl({ DATABASE_URL: MINIMAL_ENV.DATABASE_URL, DATABASE_MIGRATIONS_URL: DIRECT })).toBe(DIRECT);
      expect(() => loadMigrationsDatabaseUrl({ DATABASE_MIGRATIONS_URL: 'redis://x' })).toThrow(ConfigValidationError);
    });
  });

  it('rejects missing DATABASE_URL and REDIS_URL together', () => {
    const error = expectConfigError({});
    expect(problemVariables(error)).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL']));
  });

  describe('production', () => {
    it('names both METRICS_BEARER_TOKEN and SESSION_SECRET when both are missing', () => {
      const { METRICS_BEARER_TOKEN: _m, SESSION_SECRET: _s, ...env } = VALID_PRODUCTION_ENV;
      const error = expectConfigError(env);
      const variables = problemVariables(error);
      expect(variables).toContain('METRICS_BEARER_TOKEN');
      expect(variables).toContain('SESSION_SECRET');
      expect(error.message).toContain('METRICS_BEARER_TOKEN');
      expect(error.message).toContain('SESSION_SECRET');
      expect(error.name).toBe('ConfigValidationError');
    });

    it('names every bad variable of a bare production environment at once', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, NODE_ENV: 'production' });
      expect(problemVariables(error).sort()).toEqual(
        ['BASE_URL', 'METRICS_BEARER_TOKEN', 'SECRETS_ENCRYPTION_KEY', 'SESSION_SECRET', 'SMTP_URL'].sort(),
      );
    });

    it('refuses a blank METRICS_BEARER_TOKEN', () => {
      const error = expectConfigError({ ...VALID_PRODUCTION_ENV, METRICS_BEARER_TOKEN: '   ' });
      expect(problemVariables(error)).toEqual(['METRICS_BEARER_TOKEN']);
    });

    it('refuses a METRICS_BEARER_TOKEN shorter than 16 characters', () => {
      const error = expectConfigError({ ...VALID_PRODUCTION_ENV, METRICS_BEARER_TOKEN: 'short' });
      expect(problemVariables(error)).toEqual(['METRICS_BEARER_TOKEN']);
    });

    it('refuses a blank or short SESSION_SECRET', () => {
      expect(problemVariables(expectConfigError({ ...VALID_PRODUCTION_ENV, SESSION_SECRET: '  ' }))).toEqual(['SESSION_SECRET']);
      expect(problemVariables(expectConfigError({ ...VALID_PRODUCTION_ENV, SESSION_SECRET: 's'.repeat(31) }))).toEqual(['SESSION_SECRET']);
    });

    it('requires an https BASE_URL', () => {
      const error = expectConfigError({ ...VALID_PRODUCTION_ENV, BASE_URL: 'http://agents.example.com' });
      expect(problemVariables(error)).toEqual(['BASE_URL']);
      expect(error.problems[0]).toMatch(/https/);
    });

    it('refuses MAIL_TRANSPORT=memory', () => {
      const error = expectConfigError({ ...VALID_PRODUCTION_ENV, MAIL_TRANSPORT: 'memory' });
      expect(problemVariables(error)).toEqual(['MAIL_TRANSPORT']);
    });

    it('defaults to smtp and therefore requires SMTP_URL', () => {
      const { SMTP_URL: _smtp, ...env } = VALID_PRODUCTION_ENV;
      const error = expectConfigError(env);
      expect(problemVariables(error)).toEqual(['SMTP_URL']);
    });
  });

  it('accepts a blank METRICS_BEARER_TOKEN outside production as unset', () => {
    const config = loadConfig({ ...MINIMAL_ENV, METRICS_BEARER_TOKEN: '   ' });
    expect(config.metricsBearerToken).toBeUndefined();
  });

  describe('mail transport', () => {
    it('refuses MAIL_TRANSPORT=smtp without SMTP_URL', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, MAIL_TRANSPORT: 'smtp' });
      expect(problemVariables(error)).toEqual(['SMTP_URL']);
    });

    it('accepts MAIL_TRANSPORT=smtp with an SMTP_URL', () => {
      const config = loadConfig({ ...MINIMAL_ENV, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtps://u:p@mail.local:465' });
      expect(config.mailTransport).toBe('smtp');
      expect(config.smtpUrl).toBe('smtps://u:p@mail.local:465');
    });

    it('refuses an SMTP_URL that is not smtp(s)', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://mail.local' });
      expect(problemVariables(error)).toEqual(['SMTP_URL']);
    });

    it('refuses an unknown transport', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, MAIL_TRANSPORT: 'carrier-pigeon' });
      expect(problemVariables(error)).toContain('MAIL_TRANSPORT');
    });
  });

  describe('REDIS_SENTINELS (ADR 0275)', () => {
    const SENTINEL_ENV = { ...MINIMAL_ENV, REDIS_URL: 'rediss://:pw@mymaster/3', REDIS_SENTINEL_MASTER: 'mymaster' };

    it('is off unless set', () => {
      expect(loadConfig(MINIMAL_ENV).redisSentinel).toBeUndefined();
    });

    it("parses host:port and [v6]:port entries with the master name and the sentinels' credentials", () => {
      const config = loadConfig({
        ...SENTINEL_ENV,
        REDIS_SENTINELS: ' s1.internal:26379, 10.0.0.2:26380 ,[fd00::1]:26379',
        REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
        REDIS_SENTINEL_TLS: 'true',
      });
      expect(config.redisSentinel).toEqual({
        sentinels: [
          { host: 's1.internal', port: 26379 },
          { host: '10.0.0.2', port: 26380 },
          { host: 'fd00::1', port: 26379 },
        ],
        masterName: 'mymaster',
        username: undefined,
        password: 'sentinel-secret',
        tls: true,
      });
    });

    it('names every entry that is not host:port', () => {
      const error = expectConfigError({ ...SENTINEL_ENV, REDIS_SENTINELS: 's1:26379,s2,s3:70000' });
      expect(problemVariables(error)).toEqual(['REDIS_SENTINELS', 'REDIS_SENTINELS']);
      expect(error.problems.join(' ')).toMatch(/"s2".*"s3:70000"/);
    });

    it('requires REDIS_SENTINEL_MASTER with it', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, REDIS_SENTINELS: 's1:26379' });
      expect(problemVariables(error)).toEqual(['REDIS_SENTINEL_MASTER']);
    });
  });

  describe('TRUSTED_PROXY_IPS', () => {
    it('parses a comma-separated list into a set, trimming blanks', () => {
      const config = loadConfig({ ...MINIMAL_ENV, TRUSTED_PROXY_IPS: ' 10.0.0.1, ::1,,10.0.0.2 , 10.0.0.1' });
      expect(config.trustedProxyIps).toBeInstanceOf(Set);
      expect([...config.trustedProxyIps].sort()).toEqual(['10.0.0.1', '10.0.0.2', '::1']);
      expect(config.trustedProxyIps.has('10.0.0.1')).toBe(true);
      expect(config.trustedProxyIps.has('10.0.0.3')).toBe(false);
    });

    it('refuses an entry that is not an IP address, naming it', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, TRUSTED_PROXY_IPS: '10.0.0.1,proxy.internal' });
      expect(problemVariables(error)).toEqual(['TRUSTED_PROXY_IPS']);
      expect(error.problems[0]).toContain('proxy.internal');
    });

    it('refuses a CIDR range, which is not a single address', () => {
      const error = expectConfigError({ ...MINIMAL_ENV, TRUSTED_PROXY_IPS: '10.0.0.0/8' });
      expect(problemVariables(error)).toEqual(['TRUSTED_PROXY_IPS']);
    });
  });

  it('lower-cases and trims PLATFORM_ADMIN_EMAILS into a set', () => {
    const config = loadConfig({
      ...MINIMAL_ENV,
      PLATFORM_ADMIN_EMAILS: 'Alice@Example.COM, bob@example.com ,,ALICE@example.com',
    });
    expect([...config.platformAdminEmails].sort()).toEqual(['alice@example.com', 'bob@example.com']);
    expect(config.platformAdminEmails.has('Alice@Example.COM')).toBe(false);
  });

  // ---- issue 20: events, webhooks and payments ----
  describe('webhooks, payments and the secret box', () => {
    it('defaults: no payment endpoint, the development key, any URL outside production, the delivery timings of API.md', () => {
      const config = loadConfig({ ...MINIMAL_ENV });
      expect(config.paymentsWebhookSecrets).toEqual([]);
      expect(config.secretsEncryptionKeys).toEqual([DEVELOPMENT_ENCRYPTION_KEY]);
      expect(config.webhooks).toEqual({
        urlPolicy: 'any',
        timeoutMs: 10_000,
        retryBaseMs: 30_000,
        retryWindowMs: 86_400_000,
        disableAfterMs: 259_200_000,
        redriveMs: 60_000,
      });
    });

    it('production: the public URL rule by default and only that, and a key of its own', () => {
      const config = loadConfig({ ...VALID_PRODUCTION_ENV });
      expect(config.webhooks.urlPolicy).toBe('public');
      expect(config.secretsEncryptionKeys).toEqual([Buffer.alloc(32, 7)]);
      expect(problemVariables(expectConfigError({ ...VALID_PRODUCTION_ENV, WEBHOOK_URL_POLICY: 'any' }))).toEqual(['WEBHOOK_URL_POLICY']);
      const { SECRETS_ENCRYPTION_KEY: _k, ...withoutKey } = VALID_PRODUCTION_ENV;
      expect(problemVariables(expectConfigError(withoutKey))).toEqual(['SECRETS_ENCRYPTION_KEY']);
    });

    it('reads comma lists of payment secrets and of encryption keys (the first key seals)', () => {
      const k1 = Buffer.alloc(32, 1);
      const k2 = Buffer.alloc(32, 2);
      const config = loadConfig({
        ...MINIMAL_ENV,
        PAYMENTS_WEBHOOK_SECRET: 'whsec_aaaaaaaaaaaaaaaa, whsec_bbbbbbbbbbbbbbbb',
        SECRETS_ENCRYPTION_KEY: `${k1.toString('base64')},${k2.toString('base64')}`,
      });
      expect(config.paymentsWebhookSecrets).toEqual(['whsec_aaaaaaaaaaaaaaaa', 'whsec_bbbbbbbbbbbbbbbb']);
      expect(config.secretsEncryptionKeys).toEqual([k1, k2]);
    });

    it('refuses keys that are not 32 bytes, short payment secrets, unknown policies and bad timings', () => {
      const error = expectConfigError({
        ...MINIMAL_ENV,
        SECRETS_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'),
        PAYMENTS_WEBHOOK_SECRET: 'short',
        WEBHOOK_URL_POLICY: 'private',
        WEBHOOK_TIMEOUT_MS: '0',
        WEBHOOK_REDRIVE_MS: 'soon',
      });
      expect(problemVariables(error).sort()).toEqual(
        ['PAYMENTS_WEBHOOK_SECRET', 'SECRETS_ENCRYPTION_KEY', 'WEBHOOK_REDRIVE_MS', 'WEBHOOK_TIMEOUT_MS', 'WEBHOOK_URL_POLICY'].sort(),
      );
    });
  });

  describe('ACCESS_TOKEN_TTL_SECONDS', () => {
    it("defaults to SPEC.md's 30 days", () => {
      expect(loadConfig({ ...MINIMAL_ENV }).accessTokenTtlSeconds).toBe(2_592_000);
      expect(loadConfig({ ...VALID_PRODUCTION_ENV }).accessTokenTtlSeconds).toBe(2_592_000);
    });

    it('may be shortened outside production (tests cross an expiry without waiting 30 days)', () => {
      expect(loadConfig({ ...MINIMAL_ENV, NODE_ENV: 'test', ACCESS_TOKEN_TTL_SECONDS: '2' }).accessTokenTtlSeconds).toBe(2);
    });

    it('refuses 0, a non-integer and anything above 30 days', () => {
      for (const value of ['0', '1.5', 'soon', '2592001']) {
        expect(problemVariables(expectConfigError({ ...MINIMAL_ENV, ACCESS_TOKEN_TTL_SECONDS: value }))).toEqual([
          'ACCESS_TOKEN_TTL_SECONDS',
        ]);
      }
    });

    it('refuses any other lifetime in production, where SPEC.md fixes it', () => {
      const error = expectConfigError({ ...VALID_PRODUCTION_ENV, ACCESS_TOKEN_TTL_SECONDS: '3600' });
      expect(problemVariables(error)).toEqual(['ACCESS_TOKEN_TTL_SECONDS']);
      expect(loadConfig({ ...VALID_PRODUCTION_ENV, ACCESS_TOKEN_TTL_SECONDS: '2592000' }).accessTokenTtlSeconds).toBe(2_592_000);
    });
  });

  describe('the HTTP server (ADR 0228)', () => {
    it('defaults: a request head within 5 s, a whole request within 30 s, kept-alive connections above the 60 s of an AWS ALB, 10,000 connections', () => {
      expect(loadConfig({ ...MINIMAL_ENV }).http).toEqual({
        headersTimeoutMs: 5000,
        requestTimeoutMs: 30000,
        keepAliveTimeoutMs: 65000,
        maxConnections: 10000,
      });
    });

    it('reads each variable', () => {
      const env = {
        ...MINIMAL_ENV,
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_REQUEST_TIMEOUT_MS: '2000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '620000',
        HTTP_MAX_CONNECTIONS: '50',
      };
      expect(loadConfig(env).http).toEqual({
        headersTimeoutMs: 2000,
        requestTimeoutMs: 2000,
        keepAliveTimeoutMs: 620000,
        maxConnections: 50,
      });
    });

    it('refuses a request timeout shorter than the headers timeout, and values out of range', () => {
      const short = expectConfigError({ ...MINIMAL_ENV, HTTP_HEADERS_TIMEOUT_MS: '10000', HTTP_REQUEST_TIMEOUT_MS: '5000' });
      expect(short.problems).toEqual(['HTTP_REQUEST_TIMEOUT_MS: must be at least HTTP_HEADERS_TIMEOUT_MS']);
      for (const [name, value] of [
        ['HTTP_HEADERS_TIMEOUT_MS', '999'],
        ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '0'],
        ['HTTP_MAX_CONNECTIONS', '0'],
        ['HTTP_MAX_CONNECTIONS', 'lots'],
      ]) {
        expect(problemVariables(expectConfigError({ ...MINIMAL_ENV, [name]: value }))).toEqual([name]);
      }
    });
  });

  describe('HSTS (ADR 0229)', () => {
    it('defaults to a year without includeSubDomains', () => {
      expect(loadConfig({ ...MINIMAL_ENV }).hsts).toEqual({ maxAgeSeconds: 31_536_000, includeSubDomains: false });
    });

    it('reads HSTS_MAX_AGE_SECONDS (0 included, to back out) and HSTS_INCLUDE_SUBDOMAINS', () => {
      expect(loadConfig({ ...VALID_PRODUCTION_ENV, HSTS_MAX_AGE_SECONDS: '0', HSTS_INCLUDE_SUBDOMAINS: 'true' }).hsts).toEqual({
        maxAgeSeconds: 0,
        includeSubDomains: true,
      });
    });

    it('refuses a negative or over-two-years max-age and anything but true or false', () => {
      for (const [name, value] of [
        ['HSTS_MAX_AGE_SECONDS', '-1'],
        ['HSTS_MAX_AGE_SECONDS', '63072001'],
        ['HSTS_INCLUDE_SUBDOMAINS', 'yes'],
      ]) {
        expect(problemVariables(expectConfigError({ ...MINIMAL_ENV, [name]: value }))).toEqual([name]);
      }
    });
  });
});
