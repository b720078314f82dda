import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import { formatDuration } from '../text/duration';
import { isPostgresUrl } from './postgres-hosts';

/**
 * The environment the service reads: one field of EnvironmentVariables per variable, the only
 * place a variable is declared. The field is its name, TypeScript type and default; its
 * class-validator decorators are what it accepts; its `@Env` says which section it belongs to, what
 * it does, a default that depends on NODE_ENV, and its production rule (and enforces that rule
 * where the validators do not). ENV_KEYS, `.env.example` and the variables tables of
 * docs/operations.md come from here: `npm run config:docs` rewrites the two files and
 * env-docs.spec.ts fails while they are stale.
 */

const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
const MAIL_TRANSPORTS = ['memory', 'smtp'] as const;
export type MailTransport = (typeof MAIL_TRANSPORTS)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** public: https only, to public addresses only (checked at creation and again at delivery); any: no rule. */
const WEBHOOK_URL_POLICIES = ['public', 'any'] as const;
export type WebhookUrlPolicy = (typeof WEBHOOK_URL_POLICIES)[number];
/** What DATABASE_URL leads to (ADR 0274): PostgreSQL (or a session-mode pooler), or a transaction-mode pooler. */
const DATABASE_POOLERS = ['none', 'transaction'] as const;
export type DatabasePooler = (typeof DATABASE_POOLERS)[number];

/** SPEC.md (Limits): access tokens live 30 days. ACCESS_TOKEN_TTL_SECONDS may shorten it outside production only. */
export const SPEC_ACCESS_TOKEN_TTL_SECONDS = 2_592_000;

/**
 * Connections a node lets in beyond HTTP_MAX_CONNECTIONS when every open one is busy, for the
 * probes and the scrape only (HttpConnections, ADR 0228).
 */
export const HTTP_PROBE_RESERVE = 32;

/** The sections of `.env.example` and of docs/operations.md's tables, in their order. */
export const ENV_GROUPS = {
  server: { title: 'Process and HTTP' },
  storage: { title: 'PostgreSQL and Redis' },
  access: { title: 'Authentication and access' },
  mail: { title: 'Mail' },
  jobs: { title: 'Background jobs and events' },
  tracing: {
    title: 'Tracing',
    intro: 'OpenTelemetry traces over OTLP/HTTP, off unless `OTEL_EXPORTER_OTLP_ENDPOINT` is set: see [Tracing](#tracing) below.',
  },
  webhooks: { title: 'Webhooks and payment events', intro: 'See [webhooks.md](webhooks.md) for what they do.' },
} as const satisfies Record<string, { title: string; intro?: string }>;
export type EnvGroup = keyof typeof ENV_GROUPS;

/** What production demands of a variable. */
export interface ProductionRule<V> {
  /** The rule as a short sentence, for the docs. */
  readonly rule: string;
  /**
   * Enforces the rule where the field's validators do not (they enforce "required": see their
   * ValidateIf): the problem with `value`, or undefined. In production an unset variable with a
   * NODE_ENV default is checked with its production default.
   */
  readonly refuse?: (value: V) => string | undefined;
}

/** The facts of a variable that its field and validators do not hold. */
export interface EnvDeclaration<V = unknown> {
  readonly group: EnvGroup;
  /** What it does: the docs table's cell and the `.env.example` comment. Markdown inline code allowed. */
  readonly doc: string;
  /** What it accepts, in words, where the validators do not say it (comma lists checked by loadConfig). */
  readonly values?: string;
  /** A default that depends on NODE_ENV (the field then has none); loadConfig applies it after validation. */
  readonly byNodeEnv?: { readonly production: V; readonly otherwise: V };
  /** The default in words where loadConfig makes one up (a random secret, the development key). */
  readonly defaultNote?: string;
  /** The value `.env.example` shows when it is not the default (a local connection URL). */
  readonly example?: string;
  readonly production?: ProductionRule<V>;
}

export interface EnvVariable extends EnvDeclaration {
  readonly name: keyof EnvironmentVariables;
}

const declared: EnvVariable[] = [];

/**
 * Declares the variable of the field it decorates (see the top of this file). `V` is the field's
 * type where the declaration holds values of it (a NODE_ENV default, a production check): the
 * compiler then checks them against the field.
 */
/** A `postgres://` URL or a libpq host list (postgres-hosts.ts), under isURL's name and options for the docs tables. */
function PostgresUrl(options: Parameters<typeof isPostgresUrl>[1]) {
  return ValidateBy({
    name: 'isUrl',
    constraints: [options],
    validator: {
      validate: (value) => isPostgresUrl(value, options),
      defaultMessage: () => '$property must be a postgres:// URL, or one with a host list (h1:5432,h2:5432)',
    },
  });
}

function Env<V = unknown>(declaration: EnvDeclaration<V>) {
  return <K extends string>(_target: { readonly [P in K]?: V }, name: K): void => {
    declared.push({ ...(declaration as EnvDeclaration), name: name as keyof EnvironmentVariables });
  };
}

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value);
const blankToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/**
 * An integer from `min` (to `max`). Registered in the order stacked `@Transform @IsInt @Min @Max`
 * would register them, which is the order a bad value's messages are listed in.
 */
const Integer = (min: number, max?: number) =>
  applyDecorators(...(max === undefined ? [] : [Max(max)]), Min(min), IsInt(), Transform(toInt));

/** A worker concurrency: an integer from 0 (no worker on this node) to 100. */
const QueueConcurrency = () => applyDecorators(Transform(toInt), IsInt(), Min(0), Max(100));

/** The origin of a URL, or '' when it is not one (the URL validator reports that). */
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/** Raw environment, one decorated field per variable, in the order of the docs. */
export class EnvironmentVariables {
  // ---- Process and HTTP ----
  @Env({
    group: 'server',
    doc: "`production` applies every variable's production rule, and turns on Secure cookies and the websocket origin check.",
  })
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @Env({ group: 'server', doc: 'HTTP port.' })
  @Integer(0, 65535)
  PORT = 4000;

  @Env<string>({
    group: 'server',
    doc: 'Public base URL (a trailing `/` is removed). Problem `type`s are `${BASE_URL}/problems/<slug>`. Its origin is the allowed origin for cross-origin checks and websocket upgrades.',
    production: {
      rule: 'Must be https.',
      refuse: (url) => (originOf(url) && !originOf(url).startsWith('https://') ? 'must be an https URL in production' : undefined),
    },
  })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  BASE_URL = 'http://localhost:4000';

  @Env({
    group: 'server',
    doc: 'Peer addresses whose `x-forwarded-for` is believed (the load balancer or reverse proxy in front of the nodes).',
    values: 'comma-separated IP addresses (not CIDR ranges)',
  })
  @IsOptional()
  @IsString()
  TRUSTED_PROXY_IPS = '';

  @Env({
    group: 'server',
    doc: 'In production every response carries `strict-transport-security: max-age=<this>`, so browsers use https only for that long (a year by default). 0 tells browsers to forget the policy (to back out of https). Not sent outside production, where BASE_URL may be plain http.',
  })
  @Integer(0, 63_072_000)
  HSTS_MAX_AGE_SECONDS = 31_536_000;

  @Env({
    group: 'server',
    doc: "`true` adds `includeSubDomains` to `strict-transport-security`: the policy then covers every subdomain of BASE_URL's host too. Only when each of them serves https (ADR 0229).",
  })
  @IsIn(['true', 'false'])
  HSTS_INCLUDE_SUBDOMAINS = 'false';

  @Env({ group: 'server', doc: 'Least severe level logged. Logs are JSON lines on stdout, with credentials, cookies and tokens redacted.' })
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @Env({ group: 'server', doc: 'On SIGTERM, how long in-flight requests may run before their connections are cut.' })
  @Integer(0)
  SHUTDOWN_GRACE_MS = 10000;

  @Env({ group: 'server', doc: 'Timeout of each `/ready` check.' })
  @Integer(1)
  READY_TIMEOUT_MS = 2000;

  @Env({
    group: 'server',
    doc: 'A connection that has not sent a complete request head this long after it opened (one that sends nothing at all included), or after the first byte of its next request, is answered 408 and closed. Checked every second, so it closes within a second more.',
  })
  @Integer(1000, 600_000)
  HTTP_HEADERS_TIMEOUT_MS = 5000;

  @Env({
    group: 'server',
    doc: 'How long a whole request (head and body) may take to arrive before it is answered 408 and its connection closed. At least `HTTP_HEADERS_TIMEOUT_MS`.',
  })
  @Integer(1000, 3_600_000)
  HTTP_REQUEST_TIMEOUT_MS = 30000;

  @Env({
    group: 'server',
    doc: 'How long a kept-alive connection may stay idle between requests before the node closes it (sent as `Keep-Alive: timeout=`). Keep it above the idle timeout of the load balancer in front (AWS ALB: 60 s; nginx `keepalive_timeout`: 60 s; Google Cloud load balancers: 600 s, so 620000 there): the balancer then closes idle connections first, and never sends a request on one the node is closing.',
  })
  @Integer(1000, 3_600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 65000;

  @Env({
    group: 'server',
    doc: `Open connections per node, websockets included. At the limit a new connection makes room by closing the oldest one with no request in progress (first those that have not sent a request head, then idle kept-alive ones); when every one is busy, ${HTTP_PROBE_RESERVE} more are let in for \`/health\`, \`/ready\` and \`/metrics\` only (anything else on them: 503 \`server_busy\`), and beyond those connections are refused. \`http_open_connections\` and \`http_connections_refused_total\` in \`/metrics\` count them. Keep it below the process's file limit (\`ulimit -n\`), which PostgreSQL, Redis and outgoing connections share.`,
  })
  @Integer(1, 1_000_000)
  HTTP_MAX_CONNECTIONS = 10000;

  // ---- PostgreSQL and Redis ----
  @Env({
    group: 'storage',
    doc: 'PostgreSQL connection URL (`scripts/infra.sh env` prints the local one). For a primary switch, list the primary and its standbys as libpq does, `postgres://u:p@h1:5432,h2:5432/db?target_session_attrs=read-write` (`read-write`, the default with several hosts, or `primary`): each new connection goes to the first listed server that accepts writes, and a connection to a server that has become read-only is closed (docs/operations.md, Postgres failover).',
    example: 'postgres://agentnet:agentnet@127.0.0.1:54329/agentnet_dev',
  })
  @PostgresUrl({ require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql'] })
  DATABASE_URL: string;

  @Env({
    group: 'storage',
    doc: 'Redis connection URL (`rediss://` is TLS). The database number comes from the path (`/0`). All nodes must use the same Redis.',
    example: 'redis://127.0.0.1:63799/0',
  })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['redis', 'rediss'] })
  REDIS_URL: string;

  // Redis through Sentinel (ADR 0275, docs/operations.md "Redis through Sentinel").
  @Env({
    group: 'storage',
    doc: 'Redis Sentinel addresses. When set, every Redis connection of the service (commands, the event bus, BullMQ) asks them for the master of `REDIS_SENTINEL_MASTER` and follows it when Sentinel fails over; `REDIS_URL` then gives only the database number, the Redis username and password, and TLS to the master and replicas (`rediss://`), and its host and port are not used. List three or more sentinels.',
    values: 'comma-separated `host:port` (`[v6]:port` for IPv6)',
  })
  @IsOptional()
  @IsString()
  REDIS_SENTINELS = '';

  @Env({
    group: 'storage',
    doc: 'The master group name the sentinels monitor (`sentinel monitor <name> ...`); required with `REDIS_SENTINELS`.',
  })
  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => Boolean(env.REDIS_SENTINELS?.trim()) || env.REDIS_SENTINEL_MASTER !== undefined)
  @IsString({ message: 'REDIS_SENTINEL_MASTER is required when REDIS_SENTINELS is set' })
  @MinLength(1)
  REDIS_SENTINEL_MASTER?: string;

  @Env({
    group: 'storage',
    doc: "Username for the sentinels themselves (their ACL user), when it differs from the default user; the master's comes from `REDIS_URL`.",
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  REDIS_SENTINEL_USERNAME?: string;

  @Env({
    group: 'storage',
    doc: "Password for the sentinels themselves (their `requirepass`); the master's comes from `REDIS_URL`. Secret.",
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  REDIS_SENTINEL_PASSWORD?: string;

  @Env({
    group: 'storage',
    doc: "`true` connects to the sentinels over TLS (verified against Node's CA store; add a private CA with `NODE_EXTRA_CA_CERTS`). TLS to the master follows `REDIS_URL`'s scheme.",
  })
  @IsIn(['true', 'false'])
  REDIS_SENTINEL_TLS = 'false';

  @Env({ group: 'storage', doc: 'PostgreSQL pool size per node.' })
  @Integer(1, 1000)
  DB_POOL_SIZE = 20;

  @Env({
    group: 'storage',
    doc: "Extra PostgreSQL connections per node that carry the machine plane's short hot statements (credential lookups, shallow list pages, token inserts) in pipeline mode, batched per event-loop turn; as many again carry its durable one-statement writes (messages, tasks, engagement events), so no read waits behind a write's WAL flush. 0 sends them all through the pool instead, as `DATABASE_POOLER=transaction` does whatever this says.",
  })
  @Integer(0, 16)
  DB_PIPELINE_CONNECTIONS = 2;

  @Env({
    group: 'storage',
    doc: "PostgreSQL's `statement_timeout` and `lock_timeout` on the service's connections (not on migrations'). A statement that runs longer is cancelled by PostgreSQL, and the request answers 503 `database_unavailable`. The service waits 500 ms longer than this for any answer: past that, PostgreSQL or the network is stalled, the connection is closed and the request answers 503, so with the default every request answers within 2.5 s of a stall (docs/operations.md).",
  })
  @Integer(100, 600_000)
  DB_STATEMENT_TIMEOUT_MS = 2000;

  // ---- Behind a connection pooler (ADR 0274; docs/operations.md "Behind a connection pooler") ----
  @Env<DatabasePooler>({
    group: 'storage',
    doc: "What `DATABASE_URL` leads to. `none`: PostgreSQL itself, or a pooler in session mode. `transaction`: a pooler in transaction mode (PgBouncer's `pool_mode = transaction`, as managed PostgreSQL offerings put in front of a database): every statement is sent unnamed (no prepared statement outlives its transaction), the pipelined connections of `DB_PIPELINE_CONNECTIONS` are not opened (their statements go through the pool), and no timeout is sent as a startup parameter (set them in the pooler's `connect_query` or on the role; the service warns at start-up when the connections it is given lack them). Requires `DATABASE_LISTEN_URL`.",
  })
  @IsIn(DATABASE_POOLERS)
  DATABASE_POOLER: DatabasePooler = 'none';

  @Env({
    group: 'storage',
    doc: "Where the node's one LISTEN connection goes (credential and session changes notified with their commit): PostgreSQL directly, never a pooler in transaction mode, which would hand LISTEN's session to other clients. Required when `DATABASE_POOLER` is `transaction`.",
    defaultNote: '`DATABASE_URL`',
  })
  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.DATABASE_POOLER === 'transaction' || env.DATABASE_LISTEN_URL !== undefined)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql'] },
    { message: 'DATABASE_LISTEN_URL must be a postgres:// URL to PostgreSQL itself (required when DATABASE_POOLER is transaction)' },
  )
  DATABASE_LISTEN_URL?: string;

  @Env({
    group: 'storage',
    doc: '`npm run migrate` connects here: PostgreSQL directly (a migration may hold a session for minutes and must not be cut by the timeouts a pooler sets). Read by `npm run migrate` only; set it wherever `DATABASE_URL` leads to a pooler.',
    defaultNote: '`DATABASE_URL`',
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql'] })
  DATABASE_MIGRATIONS_URL?: string;

  // ---- Authentication and access ----
  @Env({
    group: 'access',
    doc: "Signs the remember-me cookie (`_agent_ops_web_user_remember_me`); every node must have the same one. Sessions themselves are rows in PostgreSQL, found by the SHA-256 of the session cookie's random token: they survive restarts and work on every node whatever this is. Without it, each process makes its own secret, so a remember-me cookie is honoured only by the process that set it, until it restarts.",
    defaultNote: 'random per process',
    production: { rule: 'Required.' },
  })
  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.SESSION_SECRET !== undefined)
  @IsString({ message: 'SESSION_SECRET is required in production' })
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  @Env({
    group: 'access',
    doc: 'Bearer token for `GET /metrics`. Outside production, when it is unset, `/metrics` is open.',
    production: { rule: 'Required.' },
  })
  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.METRICS_BEARER_TOKEN !== undefined)
  @IsString({ message: 'METRICS_BEARER_TOKEN must be a nonblank string (required in production)' })
  @MinLength(16, { message: 'METRICS_BEARER_TOKEN must be at least 16 characters' })
  METRICS_BEARER_TOKEN?: string;

  @Env({
    group: 'access',
    doc: 'Machine API requests per rate-limit key (the credential, or the client IP) per 60-second fixed window, **per node**.',
  })
  @Integer(1)
  API_RATE_LIMIT = 1000;

  @Env({
    group: 'access',
    doc: 'Emails of platform administrators (`/admin*`, `/api/v1/admin/*`), compared in lower case. An account with a listed email is an admin once that email is confirmed: register, then set the password once through forgot-password and the mailed link.',
    values: 'comma-separated emails',
  })
  @IsOptional()
  @IsString()
  PLATFORM_ADMIN_EMAILS = '';

  @Env({ group: 'access', doc: 'bcrypt cost of password hashes. Keep 12 in production; tests use less.' })
  @Integer(4, 15)
  BCRYPT_COST = 12;

  /** Lifetime of access tokens (exchange, register, claim); shorter only outside production, for tests. */
  @Env<number>({
    group: 'access',
    doc: `Lifetime of access tokens in seconds (token exchange, register, claim). The interface fixes ${formatDuration(SPEC_ACCESS_TOKEN_TTL_SECONDS)}; test environments shorten it so a client's refresh can cross an expiry (test/sdk-agent.e2e-spec.ts).`,
    production: {
      rule: `Must be ${SPEC_ACCESS_TOKEN_TTL_SECONDS} (${formatDuration(SPEC_ACCESS_TOKEN_TTL_SECONDS)}).`,
      refuse: (ttl) =>
        ttl !== SPEC_ACCESS_TOKEN_TTL_SECONDS
          ? `SPEC.md fixes access tokens at ${SPEC_ACCESS_TOKEN_TTL_SECONDS} seconds in production`
          : undefined,
    },
  })
  @Integer(1, SPEC_ACCESS_TOKEN_TTL_SECONDS)
  ACCESS_TOKEN_TTL_SECONDS = SPEC_ACCESS_TOKEN_TTL_SECONDS;

  /** true turns on `displayName eq` and `externalId eq` filters on SCIM Groups (Entra matches groups so); off, a filter is ignored. */
  @Env({
    group: 'access',
    doc: '`true` turns on `displayName eq` and `externalId eq` filters for SCIM Groups (Microsoft Entra matches groups that way; see docs/scim.md). Otherwise a Groups filter is ignored (the unfiltered list); when on, a Groups filter that cannot be parsed is 400 `invalidFilter`, as on Users.',
  })
  @IsIn(['true', 'false'])
  SCIM_GROUP_FILTERS = 'false';

  // ---- Mail ----
  @Env<MailTransport>({
    group: 'mail',
    doc: '`memory` keeps the last 200 messages in Redis and serves them at `/dev/mailbox`, to a client on this machine only (loopback; behind a trusted proxy, the forwarded client), since they hold reset links. `smtp` sends through `SMTP_URL`.',
    byNodeEnv: { production: 'smtp', otherwise: 'memory' },
    production: {
      rule: '`memory` is refused.',
      refuse: (transport) => (transport === 'memory' ? 'the memory transport is not allowed in production' : undefined),
    },
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(MAIL_TRANSPORTS)
  MAIL_TRANSPORT?: MailTransport;

  @Env({
    group: 'mail',
    doc: 'Where the `smtp` transport sends (`smtp://user:pass@host:port`); required when the transport is `smtp`.',
    production: { rule: 'Required (the transport is `smtp`).' },
  })
  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.MAIL_TRANSPORT === 'smtp' || env.SMTP_URL !== undefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
  SMTP_URL?: string;

  @Env({ group: 'mail', doc: 'From address of outgoing mail.' })
  @IsString()
  MAIL_FROM = 'Agent Network <no-reply@localhost>';

  // ---- Background jobs and events ----
  @Env({ group: 'jobs', doc: "Concurrency of the node's `mailer` worker. 0 starts no worker, and then `/ready` fails." })
  @QueueConcurrency()
  QUEUE_MAILER_CONCURRENCY = 4;

  @Env({
    group: 'jobs',
    doc: 'The same for the `password_resets` worker (looks up the address of a reset request and mails the link).',
  })
  @QueueConcurrency()
  QUEUE_PASSWORD_RESETS_CONCURRENCY = 2;

  @Env({
    group: 'jobs',
    doc: 'The same for the `webhooks` worker (webhook delivery attempts; each waits on its receiver, up to `WEBHOOK_TIMEOUT_MS`, not on this node, so more of them run at once).',
  })
  @QueueConcurrency()
  QUEUE_WEBHOOKS_CONCURRENCY = 16;

  @Env({ group: 'jobs', doc: 'The same for the `replays` worker (re-sends stored traces to workflow targets).' })
  @QueueConcurrency()
  QUEUE_REPLAYS_CONCURRENCY = 4;

  @Env({
    group: 'jobs',
    doc: "The same for the `batch_operations` worker (one job per chunk of a batch operation's targets; chunks of one operation never run at once).",
  })
  @QueueConcurrency()
  QUEUE_BATCH_OPERATIONS_CONCURRENCY = 2;

  @Env({ group: 'jobs', doc: 'The same for the `data_requests` worker (builds exports, runs erasures).' })
  @QueueConcurrency()
  QUEUE_DATA_REQUESTS_CONCURRENCY = 1;

  @Env({
    group: 'jobs',
    doc: 'Targets a batch operation applies per transaction, fixed for each operation when it is created. Cancelling takes effect between chunks.',
  })
  @Integer(1, 1000)
  BATCH_CHUNK_SIZE = 100;

  @Env({
    group: 'jobs',
    doc: 'How often each node publishes domain events that are still unpublished in the outbox table (to the sockets of every node, and to the webhook fan-out). A node relays its own events at once after commit; the poll catches those written while Redis was down or by a node that stopped.',
  })
  @Integer(50, 60000)
  OUTBOX_POLL_MS = 1000;

  // ---- Webhooks and payment events ----
  /** Comma-separated base64 keys of 32 bytes; the first encrypts stored signing secrets, all decrypt. */
  @Env({
    group: 'webhooks',
    doc: "Seals stored webhook signing secrets (AES-256-GCM). A list rotates it: the first key seals, every one opens; keep an old key listed until the secrets it sealed were rotated. Losing it makes every webhook's secret unreadable: deliveries fail with `signing secret unreadable` until each subscription's secret is rotated.",
    values: 'comma-separated base64 keys of 32 bytes (`openssl rand -base64 32`)',
    defaultNote: 'a fixed development key (not a secret)',
    production: { rule: 'Required.' },
  })
  @Transform(blankToUndefined)
  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || env.SECRETS_ENCRYPTION_KEY !== undefined)
  @IsString({ message: 'SECRETS_ENCRYPTION_KEY is required in production' })
  SECRETS_ENCRYPTION_KEY?: string;

  /** Comma-separated signing secrets of the payment provider's endpoint (more than one while rolling). */
  @Env({
    group: 'webhooks',
    doc: "The payment provider's endpoint signing secret; two while rolling it. Unset: `POST /webhooks/payments` answers 404.",
    values: 'comma-separated secrets of at least 16 characters',
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  PAYMENTS_WEBHOOK_SECRET?: string;

  @Env<WebhookUrlPolicy>({
    group: 'webhooks',
    doc: '`public`: https only, to public addresses only, checked when a URL is saved and again when each delivery connects. `any`: no rule (local receivers in development).',
    byNodeEnv: { production: 'public', otherwise: 'any' },
    production: {
      rule: 'Must be `public`.',
      refuse: (policy) => (policy !== 'public' ? 'must be public in production (https, public addresses only)' : undefined),
    },
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(WEBHOOK_URL_POLICIES)
  WEBHOOK_URL_POLICY?: WebhookUrlPolicy;

  @Env({ group: 'webhooks', doc: 'Timeout of one delivery attempt.' })
  @Integer(100, 60000)
  WEBHOOK_TIMEOUT_MS = 10000;

  @Env({ group: 'webhooks', doc: 'First retry delay of a failed delivery; each later one doubles, with ±10% jitter.' })
  @Integer(10)
  WEBHOOK_RETRY_BASE_MS = 30000;

  @Env({ group: 'webhooks', doc: 'How long after its creation a delivery is retried; the last retry is at its end.' })
  @Integer(1000)
  WEBHOOK_RETRY_WINDOW_MS = 86_400_000;

  @Env({ group: 'webhooks', doc: 'A subscription failing this long without a success is disabled.' })
  @Integer(1000)
  WEBHOOK_DISABLE_AFTER_MS = 259_200_000;

  @Env({
    group: 'webhooks',
    doc: 'How often each node re-queues pending deliveries overdue by this long whose job is gone (lost with Redis, or a worker that died).',
  })
  @Integer(100, 3_600_000)
  WEBHOOK_REDRIVE_MS = 60000;

  @Env({
    group: 'storage',
    doc: 'How many days audit events are kept; older ones are pruned from the start of each workspace chain, which stays verifiable from the first kept event.',
  })
  @Integer(1, 36_500)
  AUDIT_RETENTION_DAYS = 365;

  @Env({
    group: 'access',
    doc: 'How long a single sign-on request to an identity provider (discovery, JWKS, the code exchange) may take; past it the sign-in answers a 503 page.',
  })
  @Integer(100, 60000)
  SSO_PROVIDER_TIMEOUT_MS = 10000;

  // ---- Tracing (OpenTelemetry; the standard OTEL_ names, those the service honours) ----
  @Env({
    group: 'tracing',
    doc: 'Base URL of an OTLP/HTTP collector (`http://otel-collector:4318`); spans go to `<this>/v1/traces` as OTLP JSON. Unset: tracing is off and no OpenTelemetry SDK is loaded.',
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  @Env({
    group: 'tracing',
    doc: "Headers sent with every export (a vendor's API key): `name=value` pairs, values URL-encoded. Never logged.",
    values: 'comma-separated `name=value` pairs',
  })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  OTEL_EXPORTER_OTLP_HEADERS?: string;

  @Env({ group: 'tracing', doc: 'How long one export may take, in milliseconds, retries included; past it the batch is dropped.' })
  @Integer(100, 60000)
  OTEL_EXPORTER_OTLP_TIMEOUT = 10000;

  @Env({ group: 'tracing', doc: "The spans' `service.name`." })
  @IsString()
  @MinLength(1)
  OTEL_SERVICE_NAME = 'agent-network-service';

  @Env({
    group: 'tracing',
    doc: "Share of traces started here that are recorded (`parentbased_traceidratio`): a request carrying a `traceparent` follows its caller's decision instead.",
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value))
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  OTEL_TRACES_SAMPLER_ARG = 1;

  @Env({
    group: 'tracing',
    doc: '`tracecontext` continues the trace of an incoming W3C `traceparent` (a gateway or caller that traces); `none` ignores it, so every request starts its own trace (an edge that faces the internet directly, where callers could pick trace ids and force sampling).',
  })
  @IsIn(['tracecontext', 'none'])
  OTEL_PROPAGATORS = 'tracecontext';
}

/** Every variable the service reads, with its declaration, in the order of the docs. */
export const ENV_VARIABLES: readonly EnvVariable[] = Object.freeze([...declared]);

/** Every variable the service reads. */
export const ENV_KEYS: readonly (keyof EnvironmentVariables)[] = ENV_VARIABLES.map((v) => v.name);

const DEFAULTS = new EnvironmentVariables();

/** A variable's default (its field's initial value), for docs that state it: `WEBHOOK_RETRY_WINDOW_MS`'s 24 hours. */
export function envDefault<K extends keyof EnvironmentVariables>(name: K): EnvironmentVariables[K] {
  return DEFAULTS[name];
}

/** The NODE_ENV default of a variable that has one (its `byNodeEnv`). */
export function nodeEnvDefault<K extends keyof EnvironmentVariables>(name: K, nodeEnv: string): NonNullable<EnvironmentVariables[K]> {
  const byNodeEnv = ENV_VARIABLES.find((v) => v.name === name)?.byNodeEnv;
  if (!byNodeEnv) throw new Error(`${name} has no NODE_ENV default`);
  // The declaration's values have the field's type: Env<V> checks them against it.
  return (nodeEnv === 'production' ? byNodeEnv.production : byNodeEnv.otherwise) as NonNullable<EnvironmentVariables[K]>;
}

/**
 * The problems of a production environment that the validators do not find: each variable's
 * `production.refuse`, given its value or, unset, its production default.
 */
export function productionProblems(vars: EnvironmentVariables): string[] {
  const problems: string[] = [];
  for (const { name, production, byNodeEnv } of ENV_VARIABLES) {
    const problem = production?.refuse?.(vars[name] ?? byNodeEnv?.production);
    if (problem !== undefined) problems.push(`${name}: ${problem}`);
  }
  return problems;
}
