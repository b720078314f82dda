import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateIf, validateSync } from 'class-validator';
import { normalizeIp } from './ip-address';
import { QueueNames } from './queue-names';

const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
const MAIL_TRANSPORTS = ['memory', 'smtp'] as const;
export type MailTransport = (typeof MAIL_TRANSPORTS)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** public: https only, to public addresses only (checked at creation and again at delivery); any: no rule. */
const WEBHOOK_URL_POLICIES = ['public', 'any'] as const;
export type WebhookUrlPolicy = (typeof WEBHOOK_URL_POLICIES)[number];

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

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value);
const blankToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** SPEC.md (Limits): access tokens live 30 days. ACCESS_TOKEN_TTL_SECONDS may shorten it outside production only. */
export const SPEC_ACCESS_TOKEN_TTL_SECONDS = 2_592_000;

/** A worker concurrency: an integer from 0 (no worker on this node) to 100. */
const QueueConcurrency = () => applyDecorators(Transform(toInt), IsInt(), Min(0), Max(100));

/** Raw environment, one decorated field per variable. Every variable is documented in .env.example. */
class EnvironmentVariables {
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 4000;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  BASE_URL = 'http://localhost:4000';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql'] })
  DATABASE_URL: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['redis', 'rediss'] })
  REDIS_URL: string;

  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.SESSION_SECRET !== undefined)
  @IsString({ message: 'SESSION_SECRET is required in production' })
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.METRICS_BEARER_TOKEN !== undefined)
  @IsString({ message: 'METRICS_BEARER_TOKEN must be a nonblank string (required in production)' })
  @MinLength(16, { message: 'METRICS_BEARER_TOKEN must be at least 16 characters' })
  METRICS_BEARER_TOKEN?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  API_RATE_LIMIT = 1000;

  @IsOptional()
  @IsString()
  TRUSTED_PROXY_IPS = '';

  @IsOptional()
  @IsString()
  PLATFORM_ADMIN_EMAILS = '';

  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(MAIL_TRANSPORTS)
  MAIL_TRANSPORT?: MailTransport;

  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.MAIL_TRANSPORT === 'smtp' || env.SMTP_URL !== undefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'Agent Network <no-reply@localhost>';

  @Transform(toInt)
  @IsInt()
  @Min(4)
  @Max(15)
  BCRYPT_COST = 12;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  DB_POOL_SIZE = 20;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(16)
  DB_PIPELINE_CONNECTIONS = 2;

  @QueueConcurrency()
  QUEUE_MAILER_CONCURRENCY = 4;

  @QueueConcurrency()
  // Deliveries wait on receivers (up to WEBHOOK_TIMEOUT_MS each), not on this node: more of them run at once.
  QUEUE_WEBHOOKS_CONCURRENCY = 16;

  @QueueConcurrency()
  QUEUE_REPLAYS_CONCURRENCY = 4;

  @QueueConcurrency()
  QUEUE_PASSWORD_RESETS_CONCURRENCY = 2;

  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  OUTBOX_POLL_MS = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  SHUTDOWN_GRACE_MS = 10000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  READY_TIMEOUT_MS = 2000;

  /** true turns on `displayName eq` and `externalId eq` filters on SCIM Groups (Entra matches groups so). */
  @IsIn(['true', 'false'])
  SCIM_GROUP_FILTERS = 'false';
  // ---- events, webhooks and payments (issue 20) ----

  /** Comma-separated signing secrets of the payment provider's endpoint (more than one while rolling). */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  PAYMENTS_WEBHOOK_SECRET?: string;

  /** Comma-separated base64 keys of 32 bytes; the first encrypts stored signing secrets, all decrypt. */
  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.SECRETS_ENCRYPTION_KEY !== undefined)
  @IsString({ message: 'SECRETS_ENCRYPTION_KEY is required in production' })
  SECRETS_ENCRYPTION_KEY?: string;

  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(WEBHOOK_URL_POLICIES)
  WEBHOOK_URL_POLICY?: WebhookUrlPolicy;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60000)
  WEBHOOK_TIMEOUT_MS = 10000;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  WEBHOOK_RETRY_BASE_MS = 30000;

  @Transform(toInt)
  @IsInt()
  @Min(1000)
  WEBHOOK_RETRY_WINDOW_MS = 86_400_000;

  @Transform(toInt)
  @IsInt()
  @Min(1000)
  WEBHOOK_DISABLE_AFTER_MS = 259_200_000;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  WEBHOOK_REDRIVE_MS = 60000;

  // ---- fleet operations (issue 22) ----
  @QueueConcurrency()
  QUEUE_BATCH_OPERATIONS_CONCURRENCY = 2;

  @QueueConcurrency()
  QUEUE_DATA_REQUESTS_CONCURRENCY = 1;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  BATCH_CHUNK_SIZE = 100;

  /** Lifetime of access tokens (exchange, register, claim); shorter only outside production, for tests. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(SPEC_ACCESS_TOKEN_TTL_SECONDS)
  ACCESS_TOKEN_TTL_SECONDS = SPEC_ACCESS_TOKEN_TTL_SECONDS;
}

/** Every variable the service reads; .env.example documents each one. */
export const ENV_KEYS = [
  'NODE_ENV',
  'PORT',
  'BASE_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'SESSION_SECRET',
  'METRICS_BEARER_TOKEN',
  'API_RATE_LIMIT',
  'TRUSTED_PROXY_IPS',
  'PLATFORM_ADMIN_EMAILS',
  'MAIL_TRANSPORT',
  'SMTP_URL',
  'MAIL_FROM',
  'BCRYPT_COST',
  'LOG_LEVEL',
  'DB_POOL_SIZE',
  'DB_PIPELINE_CONNECTIONS',
  'QUEUE_MAILER_CONCURRENCY',
  'QUEUE_PASSWORD_RESETS_CONCURRENCY',
  'QUEUE_WEBHOOKS_CONCURRENCY',
  'QUEUE_REPLAYS_CONCURRENCY',
  'OUTBOX_POLL_MS',
  'SHUTDOWN_GRACE_MS',
  'READY_TIMEOUT_MS',
  'SCIM_GROUP_FILTERS',
  // issue 20
  'PAYMENTS_WEBHOOK_SECRET',
  'SECRETS_ENCRYPTION_KEY',
  'WEBHOOK_URL_POLICY',
  'WEBHOOK_TIMEOUT_MS',
  'WEBHOOK_RETRY_BASE_MS',
  'WEBHOOK_RETRY_WINDOW_MS',
  'WEBHOOK_DISABLE_AFTER_MS',
  'WEBHOOK_REDRIVE_MS',
  'QUEUE_BATCH_OPERATIONS_CONCURRENCY',
  'QUEUE_DATA_REQUESTS_CONCURRENCY',
  'BATCH_CHUNK_SIZE',
  // issue 25
  'ACCESS_TOKEN_TTL_SECONDS',
] as const satisfies readonly (keyof EnvironmentVariables)[];

export interface QueueConfig {
  readonly name: string;
  readonly concurrency: number;
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
  readonly redisUrl: string;
  readonly sessionSecret: string;
  readonly metricsBearerToken: string | undefined;
  readonly apiRateLimit: number;
  readonly trustedProxyIps: ReadonlySet<string>;
  readonly platformAdminEmails: ReadonlySet<string>;
  readonly mailTransport: MailTransport;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly bcryptCost: number;
  readonly logLevel: LogLevel;
  readonly dbPoolSize: number;
  /** Dedicated pipelined connections for the hot single-statement queries (0: use the pool). */
  readonly dbPipelineConnections: number;
  readonly queues: readonly QueueConfig[];
  /** How often each node looks for domain events the outbox has not yet handed to BullMQ. */
  readonly outboxPollMs: number;
  readonly shutdownGraceMs: number;
  readonly readyTimeoutMs: number;
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
  const mailTransport: MailTransport = vars.MAIL_TRANSPORT ?? (vars.NODE_ENV === 'production' ? 'smtp' : 'memory');
  if (vars.NODE_ENV === 'production' && mailTransport === 'memory') {
    problems.push('MAIL_TRANSPORT: the memory transport is not allowed in production');
  }
  if (mailTransport === 'smtp' && !vars.SMTP_URL && !problems.some((p) => p.startsWith('SMTP_URL'))) {
    problems.push('SMTP_URL: required when MAIL_TRANSPORT is smtp');
  }
  if (vars.NODE_ENV === 'production' && vars.ACCESS_TOKEN_TTL_SECONDS !== SPEC_ACCESS_TOKEN_TTL_SECONDS) {
    problems.push(`ACCESS_TOKEN_TTL_SECONDS: SPEC.md fixes access tokens at ${SPEC_ACCESS_TOKEN_TTL_SECONDS} seconds in production`);
  }
  if (vars.NODE_ENV === 'production' && baseOrigin && !baseOrigin.startsWith('https://')) {
    problems.push('BASE_URL: must be an https URL in production');
  }
  const encryptionKeys = parseEncryptionKeys(vars.SECRETS_ENCRYPTION_KEY, problems);
  const webhookUrlPolicy: WebhookUrlPolicy = vars.WEBHOOK_URL_POLICY ?? (vars.NODE_ENV === 'production' ? 'public' : 'any');
  if (vars.NODE_ENV === 'production' && webhookUrlPolicy !== 'public') {
    problems.push('WEBHOOK_URL_POLICY: must be public in production (https, public addresses only)');
  }
  const paymentsWebhookSecrets = splitList(vars.PAYMENTS_WEBHOOK_SECRET ?? '');
  if (paymentsWebhookSecrets.some((secret) => secret.length < 16)) {
    problems.push('PAYMENTS_WEBHOOK_SECRET: each secret must be at least 16 characters');
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);

  return new AppConfig({
    nodeEnv: vars.NODE_ENV,
    isProduction: vars.NODE_ENV === 'production',
    port: vars.PORT,
    baseUrl: vars.BASE_URL.replace(/\/+$/, ''),
    baseOrigin,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
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
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
  });
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
