import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  ValidateIf,
  validateSync,
} from 'class-validator';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { normalizeIp } from './ip-address';
import { QueueNames } from './queue-names';

const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
const MAIL_TRANSPORTS = ['memory', 'smtp'] as const;
export type MailTransport = (typeof MAIL_TRANSPORTS)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

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
  QUEUE_WEBHOOKS_CONCURRENCY = 4;

  @QueueConcurrency()
  QUEUE_PASSWORD_RESETS_CONCURRENCY = 2;

  @QueueConcurrency()
  QUEUE_EVENTS_CONCURRENCY = 4;

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

  /** Lifetime of access tokens (exchange, register, claim); shorter only outside production, for tests. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(SPEC_ACCESS_TOKEN_TTL_SECONDS)
  ACCESS_TOKEN_TTL_SECONDS = SPEC_ACCESS_TOKEN_TTL_SECONDS;
}

/** Every variable the service reads; .env.example documents each one. */
export const ENV_KEYS = [
  'NODE_ENV', 'PORT', 'BASE_URL', 'DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'METRICS_BEARER_TOKEN',
  'API_RATE_LIMIT', 'TRUSTED_PROXY_IPS', 'PLATFORM_ADMIN_EMAILS', 'MAIL_TRANSPORT', 'SMTP_URL', 'MAIL_FROM',
  'BCRYPT_COST', 'LOG_LEVEL', 'DB_POOL_SIZE', 'DB_PIPELINE_CONNECTIONS', 'QUEUE_MAILER_CONCURRENCY', 'QUEUE_PASSWORD_RESETS_CONCURRENCY', 'QUEUE_EVENTS_CONCURRENCY', 'QUEUE_WEBHOOKS_CONCURRENCY',
  'OUTBOX_POLL_MS', 'SHUTDOWN_GRACE_MS', 'READY_TIMEOUT_MS',
  'SCIM_GROUP_FILTERS', 'ACCESS_TOKEN_TTL_SECONDS',
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
 * not carry the service's other settings.
 */
export function loadDatabaseUrl(env: Record<string, string | undefined>): string {
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
 * variable at once, so a misconfigured deployment fails at start-up with the whole list.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
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
      { name: QueueNames.events, concurrency: vars.QUEUE_EVENTS_CONCURRENCY },
      { name: QueueNames.webhooks, concurrency: vars.QUEUE_WEBHOOKS_CONCURRENCY },
    ],
    outboxPollMs: vars.OUTBOX_POLL_MS,
    shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
    readyTimeoutMs: vars.READY_TIMEOUT_MS,
    scimGroupFilters: vars.SCIM_GROUP_FILTERS === 'true',
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
  });
}
