import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  ENV_KEYS,
  EnvironmentVariables,
  type LogLevel,
  type DatabasePooler,
  type MailTransport,
  type NodeEnv,
  nodeEnvDefault,
  productionProblems,
  type WebhookUrlPolicy,
} from './environment';
import { normalizeIp } from './ip-address';
import { QueueNames } from './queue-names';
import { type TracingSettings, tracingSettings } from './tracing-settings';

// Each variable is declared once, in ./environment.ts; this file turns them into AppConfig.
export { ENV_KEYS, SPEC_ACCESS_TOKEN_TTL_SECONDS } from './environment';
export type { DatabasePooler, LogLevel, MailTransport, NodeEnv, WebhookUrlPolicy } from './environment';
export type { TracingSettings } from './tracing-settings';

/** Outgoing webhook delivery (docs/operations.md, "Webhooks"). */
export interface WebhookSettings {
  readonly urlPolicy: WebhookUrlPolicy;
  /** Whole-request timeout of one attempt. */
  readonly timeoutMs: number;
  /** First retry delay; each later one doubles (with jitter). */
  readonly retryBaseMs: number;
  /** How long after its creation a delivery is retried. */
  readonly retryWindowMs: number;
  /** A subscription failing for this long (no success since its first failure) is disabled. */
  readonly disableAfterMs: number;
  /** A pending delivery overdue by this long is re-enqueued (its job was lost); also the sweep period. */
  readonly redriveMs: number;
}

/**
 * The development key of the secret box, used outside production when SECRETS_ENCRYPTION_KEY is
 * unset so every local process and test app can read what another one stored. Not a secret.
 */
export const DEVELOPMENT_ENCRYPTION_KEY = Buffer.from('agent-network-development-key-32', 'utf8');

/** The HTTP server's timeouts and connection limit (HttpConnections, ADR 0228). */
export interface HttpServerSettings {
  /** A connection without a complete request head this long after it opened (or its next request began) is closed. */
  readonly headersTimeoutMs: number;
  /** A request (head and body) not received in full this long after it began is answered 408. */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this long (above the load balancer's idle timeout). */
  readonly keepAliveTimeoutMs: number;
  /** Open connections per node (websockets included) before room is made or connections are refused. */
  readonly maxConnections: number;
}

/** Strict-Transport-Security, sent in production only (security-headers.ts, ADR 0229). */
export interface HstsSettings {
  readonly maxAgeSeconds: number;
  readonly includeSubDomains: boolean;
}

export interface QueueConfig {
  readonly name: string;
  readonly concurrency: number;
}

/** Redis through Sentinel (REDIS_SENTINELS and the REDIS_SENTINEL_* variables, ADR 0275). */
export interface RedisSentinelSettings {
  readonly sentinels: ReadonlyArray<{ readonly host: string; readonly port: number }>;
  /** The master group name the sentinels monitor. */
  readonly masterName: string;
  readonly username: string | undefined;
  /** Marked secret: never logged. */
  readonly password: string | undefined;
  /** TLS to the sentinels (to the master: REDIS_URL's `rediss://`). */
  readonly tls: boolean;
}

/** The typed, validated configuration every other part of the service reads. */
export class AppConfig {
  readonly nodeEnv: NodeEnv;
  readonly isProduction: boolean;
  readonly port: number;
  readonly baseUrl: string;
  /** Origin (scheme://host[:port]) of BASE_URL, used for cross-origin and websocket origin checks. */
  readonly baseOrigin: string;
  readonly databaseUrl: string;
  /** DATABASE_POOLER: what DATABASE_URL leads to; `transaction` makes every statement pooler-safe (ADR 0274). */
  readonly databasePooler: DatabasePooler;
  /** DATABASE_LISTEN_URL: the LISTEN connection's PostgreSQL, directly (DATABASE_URL when unset). */
  readonly databaseListenUrl: string;
  readonly redisUrl: string;
  /** Set when the service finds its Redis master through Sentinel; REDIS_URL's host is then unused. */
  readonly redisSentinel: RedisSentinelSettings | undefined;
  readonly sessionSecret: string;
  readonly metricsBearerToken: string | undefined;
  readonly apiRateLimit: number;
  readonly trustedProxyIps: ReadonlySet<string>;
  readonly platformAdminEmails: ReadonlySet<string>;
  readonly mailTransport: MailTransport;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly bcryptCost: number;
  /** AUDIT_RETENTION_DAYS. */
  readonly auditRetentionDays: number;
  /** SSO_PROVIDER_TIMEOUT_MS: one request to an OpenID provider. */
  readonly ssoProviderTimeoutMs: number;
  readonly logLevel: LogLevel;
  readonly dbPoolSize: number;
  /** Dedicated pipelined connections for the hot single-statement queries (0: use the pool). */
  readonly dbPipelineConnections: number;
  /** DB_STATEMENT_TIMEOUT_MS: Postgres's statement_timeout and lock_timeout on the service's connections (ADR 0231). */
  readonly dbStatementTimeoutMs: number;
  readonly queues: readonly QueueConfig[];
  /** How often each node looks for domain events the outbox has not yet handed to BullMQ. */
  readonly outboxPollMs: number;
  readonly shutdownGraceMs: number;
  readonly readyTimeoutMs: number;
  readonly http: HttpServerSettings;
  readonly hsts: HstsSettings;
  /** SCIM Groups accept `displayName eq` and `externalId eq` filters (otherwise every filter is ignored). */
  readonly scimGroupFilters: boolean;
  /** Signing secrets of the payment provider's endpoint; empty: POST /webhooks/payments is 404. */
  readonly paymentsWebhookSecrets: readonly string[];
  /** Keys of the secret box (32 bytes each); the first encrypts. Marked secret: never logged. */
  readonly secretsEncryptionKeys: readonly Buffer[];
  readonly webhooks: WebhookSettings;
  /** Targets a batch operation applies in one transaction (one job per chunk). */
  readonly batchChunkSize: number;
  /** Seconds an access token lives: SPEC.md's 30 days, except where a test environment shortens it. */
  readonly accessTokenTtlSeconds: number;
  /** OpenTelemetry tracing; undefined (off) unless OTEL_EXPORTER_OTLP_ENDPOINT is set (ADR 0279). */
  readonly tracing: TracingSettings | undefined;

  constructor(fields: Omit<AppConfig, never>) {
    Object.assign(this, fields);
    Object.freeze(this);
  }
}

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

/**
 * Only DATABASE_URL, validated: for `npm run migrate`, which must run in a deploy step that does
 * not carry the service's other settings. Reads the process environment unless given another.
 */
export function loadDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  const vars = plainToInstance(EnvironmentVariables, { DATABASE_URL: env.DATABASE_URL });
  const errors = validateSync(vars, { forbidUnknownValues: false }).filter((e) => e.property === 'DATABASE_URL');
  if (errors.length > 0) {
    throw new ConfigValidationError([`DATABASE_URL: ${Object.values(errors[0].constraints ?? {}).join('; ')}`]);
  }
  return vars.DATABASE_URL;
}

/**
 * Where `npm run migrate` connects: DATABASE_MIGRATIONS_URL (PostgreSQL directly, when DATABASE_URL
 * leads to a pooler; ADR 0274), else DATABASE_URL. Both validated, as loadDatabaseUrl does.
 */
export function loadMigrationsDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  const direct = env.DATABASE_MIGRATIONS_URL?.trim();
  if (!direct) return loadDatabaseUrl(env);
  const vars = plainToInstance(EnvironmentVariables, { DATABASE_MIGRATIONS_URL: direct });
  const errors = validateSync(vars, { forbidUnknownValues: false }).filter((e) => e.property === 'DATABASE_MIGRATIONS_URL');
  if (errors.length > 0) {
    throw new ConfigValidationError([`DATABASE_MIGRATIONS_URL: ${Object.values(errors[0].constraints ?? {}).join('; ')}`]);
  }
  return direct;
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/**
 * Builds the configuration from an environment map. Throws ConfigValidationError naming every bad
 * variable at once, so a misconfigured deployment fails at start-up with the whole list. Reads the
 * process environment unless given another.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const raw: Record<string, string> = {};
  for (const key of ENV_KEYS) {
    const value = env[key];
    if (value !== undefined) raw[key] = value;
  }
  const vars = plainToInstance(EnvironmentVariables, raw, { exposeDefaultValues: true });
  const problems: string[] = [];
  for (const error of validateSync(vars, { forbidUnknownValues: false })) {
    const messages = Object.values(error.constraints ?? {});
    problems.push(`${error.property}: ${messages.join('; ')}`);
  }

  const trusted = splitList(vars.TRUSTED_PROXY_IPS ?? '').map(normalizeIp);
  for (const ip of trusted) {
    if (isIP(ip) === 0) problems.push(`TRUSTED_PROXY_IPS: "${ip}" is not an IP address`);
  }
  let baseOrigin = '';
  try {
    baseOrigin = new URL(vars.BASE_URL).origin;
  } catch {
    /* reported by the URL validator above */
  }
  const mailTransport: MailTransport = vars.MAIL_TRANSPORT ?? nodeEnvDefault('MAIL_TRANSPORT', vars.NODE_ENV);
  if (mailTransport === 'smtp' && !vars.SMTP_URL && !problems.some((p) => p.startsWith('SMTP_URL'))) {
    problems.push('SMTP_URL: required when MAIL_TRANSPORT is smtp');
  }
  // Each variable's production rule beyond its validators (https BASE_URL, no memory transport…).
  if (vars.NODE_ENV === 'production') problems.push(...productionProblems(vars));
  const encryptionKeys = parseEncryptionKeys(vars.SECRETS_ENCRYPTION_KEY, problems);
  const webhookUrlPolicy: WebhookUrlPolicy = vars.WEBHOOK_URL_POLICY ?? nodeEnvDefault('WEBHOOK_URL_POLICY', vars.NODE_ENV);
  const paymentsWebhookSecrets = splitList(vars.PAYMENTS_WEBHOOK_SECRET ?? '');
  if (paymentsWebhookSecrets.some((secret) => secret.length < 16)) {
    problems.push('PAYMENTS_WEBHOOK_SECRET: each secret must be at least 16 characters');
  }
  const { HTTP_HEADERS_TIMEOUT_MS: headersTimeout, HTTP_REQUEST_TIMEOUT_MS: requestTimeout } = vars;
  if (Number.isInteger(headersTimeout) && Number.isInteger(requestTimeout) && requestTimeout < headersTimeout) {
    problems.push('HTTP_REQUEST_TIMEOUT_MS: must be at least HTTP_HEADERS_TIMEOUT_MS');
  }
  const redisSentinel = parseRedisSentinel(vars, problems);
  const tracing = tracingSettings(vars, problems);
  if (problems.length > 0) throw new ConfigValidationError(problems);

  return new AppConfig({
    nodeEnv: vars.NODE_ENV,
    isProduction: vars.NODE_ENV === 'production',
    port: vars.PORT,
    baseUrl: vars.BASE_URL.replace(/\/+$/, ''),
    baseOrigin,
    databaseUrl: vars.DATABASE_URL,
    databasePooler: vars.DATABASE_POOLER,
    databaseListenUrl: vars.DATABASE_LISTEN_URL ?? vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    redisSentinel,
    // Outside production a per-process random secret keeps development working without setup;
    // sessions then do not survive a restart, which is acceptable there.
    sessionSecret: vars.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    metricsBearerToken: vars.METRICS_BEARER_TOKEN,
    apiRateLimit: vars.API_RATE_LIMIT,
    trustedProxyIps: new Set(trusted),
    platformAdminEmails: new Set(splitList(vars.PLATFORM_ADMIN_EMAILS ?? '').map((e) => e.toLowerCase())),
    mailTransport,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    bcryptCost: vars.BCRYPT_COST,
    logLevel: vars.LOG_LEVEL,
    dbPoolSize: vars.DB_POOL_SIZE,
    dbPipelineConnections: vars.DB_PIPELINE_CONNECTIONS,
    dbStatementTimeoutMs: vars.DB_STATEMENT_TIMEOUT_MS,
    queues: [
      { name: QueueNames.mailer, concurrency: vars.QUEUE_MAILER_CONCURRENCY },
      { name: QueueNames.passwordResets, concurrency: vars.QUEUE_PASSWORD_RESETS_CONCURRENCY },
      { name: QueueNames.webhooks, concurrency: vars.QUEUE_WEBHOOKS_CONCURRENCY },
      { name: QueueNames.replays, concurrency: vars.QUEUE_REPLAYS_CONCURRENCY },
      { name: QueueNames.batchOperations, concurrency: vars.QUEUE_BATCH_OPERATIONS_CONCURRENCY },
      { name: QueueNames.dataRequests, concurrency: vars.QUEUE_DATA_REQUESTS_CONCURRENCY },
    ],
    outboxPollMs: vars.OUTBOX_POLL_MS,
    shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
    readyTimeoutMs: vars.READY_TIMEOUT_MS,
    http: {
      headersTimeoutMs: vars.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: vars.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: vars.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: vars.HTTP_MAX_CONNECTIONS,
    },
    hsts: { maxAgeSeconds: vars.HSTS_MAX_AGE_SECONDS, includeSubDomains: vars.HSTS_INCLUDE_SUBDOMAINS === 'true' },
    scimGroupFilters: vars.SCIM_GROUP_FILTERS === 'true',
    paymentsWebhookSecrets,
    secretsEncryptionKeys: encryptionKeys,
    webhooks: {
      urlPolicy: webhookUrlPolicy,
      timeoutMs: vars.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: vars.WEBHOOK_RETRY_BASE_MS,
      retryWindowMs: vars.WEBHOOK_RETRY_WINDOW_MS,
      disableAfterMs: vars.WEBHOOK_DISABLE_AFTER_MS,
      redriveMs: vars.WEBHOOK_REDRIVE_MS,
    },
    batchChunkSize: vars.BATCH_CHUNK_SIZE,
    auditRetentionDays: vars.AUDIT_RETENTION_DAYS,
    ssoProviderTimeoutMs: vars.SSO_PROVIDER_TIMEOUT_MS,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    tracing,
  });
}

/** REDIS_SENTINELS (`host:port`, `[v6]:port`) and its companions; undefined when it is unset. */
function parseRedisSentinel(vars: EnvironmentVariables, problems: string[]): RedisSentinelSettings | undefined {
  const list = splitList(vars.REDIS_SENTINELS ?? '');
  if (list.length === 0) return undefined;
  const sentinels: Array<{ host: string; port: number }> = [];
  for (const item of list) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(item);
    const port = match ? Number(match[3]) : 0;
    if (!match || port < 1 || port > 65535) problems.push(`REDIS_SENTINELS: "${item}" is not host:port`);
    else sentinels.push({ host: match[1] ?? match[2], port });
  }
  return {
    sentinels,
    masterName: vars.REDIS_SENTINEL_MASTER ?? '',
    username: vars.REDIS_SENTINEL_USERNAME,
    password: vars.REDIS_SENTINEL_PASSWORD,
    tls: vars.REDIS_SENTINEL_TLS === 'true',
  };
}

/** SECRETS_ENCRYPTION_KEY: base64 keys of exactly 32 bytes; unset outside production: the development key. */
function parseEncryptionKeys(value: string | undefined, problems: string[]): Buffer[] {
  if (value === undefined) return [DEVELOPMENT_ENCRYPTION_KEY];
  const keys = splitList(value).map((k) => Buffer.from(k, 'base64'));
  if (keys.length === 0 || keys.some((k) => k.length !== 32)) {
    problems.push('SECRETS_ENCRYPTION_KEY: each key must be 32 bytes in base64 (openssl rand -base64 32)');
  }
  return keys;
}
