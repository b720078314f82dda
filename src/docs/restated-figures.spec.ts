import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_PRUNE_EVERY_MS, AUDIT_SEAL_EVERY_MS } from '../audit/audit-sealer.service';
import { AUDIT_READ_BATCH } from '../audit-events/audit-events.service';
import { AUDIT_LIST_LIMIT } from '../audit-events/audit-query';
import { BODY_LIMIT, MAX_JSON_DEPTH } from '../core/common/http/body-parsers';
import { MAX_ALLOWED_IPS } from '../core/common/http/ip-allowlist';
import { envDefault, HTTP_PROBE_RESERVE, SPEC_ACCESS_TOKEN_TTL_SECONDS } from '../core/config/environment';
import { SCIM_COUNT_DEFAULT, SCIM_COUNT_MAX } from '../core/listing/scim-page';
import { durationAdjective, formatDuration, formatDurationMs } from '../core/text/duration';
import { SOCKET_TOKEN_TTL_SECONDS } from '../credentials/lifetimes';
import { EVENT_LIST } from '../events/dto/event.dto';
import { API_KEY_EXPIRING_NOTICE_S, ENROLLMENT_TOKEN_EXPIRING_NOTICE_S, EXPIRY_WARNINGS_SWEEP_MS } from '../expiry-warnings/notices';
import { MAX_FRAME_BYTES } from '../gateway/socket-protocol';
import { SOCKET_SWEEP_INTERVAL_MS } from '../gateway/socket.gateway';
import {
  ENGAGEMENT_TOKEN_DEFAULT_TTL_S,
  ENGAGEMENT_TOKEN_MAX_TTL_S,
  FAILED_AUTH_LIMIT,
  FAILED_AUTH_WINDOW_MS,
  ROTATION_MAX_GRACE_S,
} from '../partners/lifetimes';
import { MACHINE_WINDOW_MS } from '../rate-limit/rate-limit.constants';
import { SCIM_EVENT_LIST } from '../scim/dto/scim-operator.dto';
import {
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_FAILURES_PER_IDENTITY,
  LOGIN_IDENTITY_WINDOW_S,
  LOGIN_IP_WINDOW_S,
  RECENT_AUTH_MS,
} from '../sessions/session.constants';
import { WEBHOOK_DELIVERY_LIST } from '../webhooks/dto/webhook-delivery.dto';
import { SECRET_ROTATION_OVERLAP_MS } from '../webhooks/webhook-subscriptions.service';

/**
 * Figures that prose restates from a constant of the code where the prose cannot interpolate it:
 * the markdown docs, and the OpenAPI text of src/core/openapi/ that names a feature's lifetime
 * (core imports no feature). Each row names the constant, the file, a pattern whose one group is
 * the figure as the file says it, and the figure as the constant says it. Changing a constant
 * fails its rows until the prose follows; rewording the prose so a pattern no longer matches fails
 * too (move the row with it). OpenAPI and AsyncAPI text elsewhere interpolates the constants.
 */
interface Restated {
  readonly constant: string;
  readonly file: string;
  readonly pattern: RegExp;
  readonly says: string | number;
}

const ROOT = join(__dirname, '..', '..');
const { limit: eventsLimit } = EVENT_LIST.page;
const { limit: deliveriesLimit } = WEBHOOK_DELIVERY_LIST.page;
const { limit: scimEventsLimit } = SCIM_EVENT_LIST.page;
const retryWindowMs = envDefault('WEBHOOK_RETRY_WINDOW_MS');
const disableAfterMs = envDefault('WEBHOOK_DISABLE_AFTER_MS');
const mebibytes = (limit: string) => `${/^(\d+)mb$/.exec(limit)?.[1]} MiB`;

const RESTATED: readonly Restated[] = [
  // Lifetimes
  {
    constant: 'SPEC_ACCESS_TOKEN_TTL_SECONDS',
    file: 'docs/api.md',
    pattern: /(\d+-[a-z]+) access token/g,
    says: durationAdjective(SPEC_ACCESS_TOKEN_TTL_SECONDS),
  },
  {
    constant: 'SOCKET_TOKEN_TTL_SECONDS',
    file: 'docs/api.md',
    pattern: /a (\S+) socket token/g,
    says: durationAdjective(SOCKET_TOKEN_TTL_SECONDS, 'second'),
  },
  { constant: 'SOCKET_TOKEN_TTL_SECONDS', file: 'docs/sdk.md', pattern: /before its (\d+) s expiry/g, says: SOCKET_TOKEN_TTL_SECONDS },
  {
    constant: 'SOCKET_TOKEN_TTL_SECONDS',
    file: 'src/core/openapi/openapi.ts',
    pattern: /a (\S+) socket token from/g,
    says: durationAdjective(SOCKET_TOKEN_TTL_SECONDS, 'second'),
  },
  {
    constant: 'SOCKET_TOKEN_TTL_SECONDS',
    file: 'src/core/openapi/openapi.ts',
    pattern: /`sockets:connect`, valid (\d+) s\)/g,
    says: SOCKET_TOKEN_TTL_SECONDS,
  },
  {
    constant: 'ENGAGEMENT_TOKEN_DEFAULT_TTL_S',
    file: 'docs/partners.md',
    pattern: /`expires_in` defaults to (\d+) seconds/g,
    says: ENGAGEMENT_TOKEN_DEFAULT_TTL_S,
  },
  {
    constant: 'ENGAGEMENT_TOKEN_MAX_TTL_S',
    file: 'docs/partners.md',
    pattern: /above (\d+) it is clamped/g,
    says: ENGAGEMENT_TOKEN_MAX_TTL_S,
  },
  {
    constant: 'ENGAGEMENT_TOKEN_DEFAULT_TTL_S',
    file: 'src/core/openapi/openapi.ts',
    pattern: /\(default (\d+) s, at most \d+ s\)/g,
    says: ENGAGEMENT_TOKEN_DEFAULT_TTL_S,
  },
  {
    constant: 'ENGAGEMENT_TOKEN_MAX_TTL_S',
    file: 'src/core/openapi/openapi.ts',
    pattern: /\(default \d+ s, at most (\d+) s\)/g,
    says: ENGAGEMENT_TOKEN_MAX_TTL_S,
  },
  {
    constant: 'ROTATION_MAX_GRACE_S',
    file: 'src/partners/admin-partners.controller.ts',
    pattern: /\b0 to (\d+)\b/g,
    says: ROTATION_MAX_GRACE_S,
  },
  {
    constant: 'SECRET_ROTATION_OVERLAP_MS',
    file: 'docs/webhooks.md',
    pattern: /the old one keeps signing for (\d+ hours)/g,
    says: formatDurationMs(SECRET_ROTATION_OVERLAP_MS, 'hour'),
  },
  {
    constant: 'SECRET_ROTATION_OVERLAP_MS',
    file: 'docs/webhooks.md',
    pattern: /For the next (\d+ hours) every\s+delivery carries two signatures/g,
    says: formatDurationMs(SECRET_ROTATION_OVERLAP_MS, 'hour'),
  },
  // Webhook delivery: the defaults of WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_WINDOW_MS and WEBHOOK_DISABLE_AFTER_MS
  {
    constant: 'WEBHOOK_RETRY_WINDOW_MS',
    file: 'docs/webhooks.md',
    pattern: /and retries for (\d+ hours)/g,
    says: formatDurationMs(retryWindowMs, 'hour'),
  },
  {
    constant: 'WEBHOOK_RETRY_BASE_MS',
    file: 'docs/webhooks.md',
    pattern: /starting at (\d+ seconds) and\s+doubling/g,
    says: formatDurationMs(envDefault('WEBHOOK_RETRY_BASE_MS'), 'second'),
  },
  {
    constant: 'WEBHOOK_RETRY_WINDOW_MS',
    file: 'docs/webhooks.md',
    pattern: /for \*\*(\d+ hours)\*\* after the delivery was created/g,
    says: formatDurationMs(retryWindowMs, 'hour'),
  },
  {
    constant: 'WEBHOOK_RETRY_WINDOW_MS',
    file: 'docs/webhooks.md',
    pattern: /the last retry at the (\S+) mark/g,
    says: durationAdjective(retryWindowMs / 1000, 'hour'),
  },
  {
    constant: 'WEBHOOK_DISABLE_AFTER_MS',
    file: 'docs/webhooks.md',
    pattern: /have failed for \*\*(\d+ days)\*\*/g,
    says: formatDurationMs(disableAfterMs),
  },
  {
    constant: 'WEBHOOK_RETRY_WINDOW_MS',
    file: 'docs/operations.md',
    pattern: /retried with exponential backoff for (\d+) h;/g,
    says: retryWindowMs / 3_600_000,
  },
  {
    constant: 'WEBHOOK_DISABLE_AFTER_MS',
    file: 'docs/operations.md',
    pattern: /after (\d+ days) of failures the subscription is disabled/g,
    says: formatDurationMs(disableAfterMs),
  },
  // Rate limits and throttles: the machine limit as the API guide says it, and the automation page for operator API tokens
  ...['docs/api.md', 'docs/automation.md'].flatMap((file) => [
    {
      constant: 'API_RATE_LIMIT',
      file,
      pattern: /`API_RATE_LIMIT` requests\s+\((\d+) by default\)/g,
      says: envDefault('API_RATE_LIMIT'),
    },
    {
      constant: 'MACHINE_WINDOW_MS',
      file,
      pattern: /per credential per (\S+)\s+window/g,
      says: durationAdjective(MACHINE_WINDOW_MS / 1000, 'second'),
    },
  ]),
  {
    constant: 'MAX_ALLOWED_IPS',
    file: 'docs/automation.md',
    pattern: /`allowed_ips`, up to (\d+) IPv4/g,
    says: MAX_ALLOWED_IPS,
  },
  {
    constant: 'RECENT_AUTH_MS',
    file: 'docs/automation.md',
    pattern: /is less than (\d+ minutes) old/g,
    says: formatDurationMs(RECENT_AUTH_MS, 'minute'),
  },
  {
    constant: 'MACHINE_WINDOW_MS',
    file: 'src/core/config/environment.ts',
    pattern: /per (\S+) fixed window/g,
    says: durationAdjective(MACHINE_WINDOW_MS / 1000, 'second'),
  },
  {
    constant: 'FAILED_AUTH_LIMIT',
    file: 'docs/api.md',
    pattern: /refuse an address after (\d+) failed authentications/g,
    says: FAILED_AUTH_LIMIT,
  },
  {
    constant: 'FAILED_AUTH_WINDOW_MS',
    file: 'docs/api.md',
    pattern: /failed authentications in (\d+ seconds)/g,
    says: formatDurationMs(FAILED_AUTH_WINDOW_MS, 'second'),
  },
  {
    constant: 'FAILED_AUTH_LIMIT',
    file: 'docs/partners.md',
    pattern: /(\d+) answers of 401\/403 to your address/g,
    says: FAILED_AUTH_LIMIT,
  },
  {
    constant: 'FAILED_AUTH_WINDOW_MS',
    file: 'docs/partners.md',
    pattern: /to your address within (\d+) s:/g,
    says: FAILED_AUTH_WINDOW_MS / 1000,
  },
  {
    constant: 'FAILED_AUTH_LIMIT',
    file: 'docs/operations.md',
    pattern: /\((\d+) failures per address per\s+node per minute\)/g,
    says: FAILED_AUTH_LIMIT,
  },
  {
    constant: 'FAILED_AUTH_WINDOW_MS',
    file: 'docs/operations.md',
    pattern: /failures per address per\s+node per (minute)\)/g,
    says: formatDurationMs(FAILED_AUTH_WINDOW_MS).replace(/^1 /, ''),
  },
  {
    constant: 'LOGIN_FAILURES_PER_IDENTITY',
    file: 'docs/api.md',
    pattern: /\((\d+) failures per address and email/g,
    says: LOGIN_FAILURES_PER_IDENTITY,
  },
  {
    constant: 'LOGIN_ATTEMPTS_PER_IP',
    file: 'docs/api.md',
    pattern: /(\d+) unreturned\s+attempts per address/g,
    says: LOGIN_ATTEMPTS_PER_IP,
  },
  {
    constant: 'LOGIN_IDENTITY_WINDOW_S',
    file: 'docs/api.md',
    pattern: /attempts per address, in (\d+ minutes)\)/g,
    says: formatDuration(LOGIN_IDENTITY_WINDOW_S),
  },
  {
    constant: 'LOGIN_IP_WINDOW_S',
    file: 'docs/api.md',
    pattern: /attempts per address, in (\d+ minutes)\)/g,
    says: formatDuration(LOGIN_IP_WINDOW_S),
  },
  // Connections (docs/operations.md, "Connections")
  {
    constant: 'HTTP_HEADERS_TIMEOUT_MS',
    file: 'docs/operations.md',
    pattern: /`HTTP_HEADERS_TIMEOUT_MS` \((\d+ s)\)/g,
    says: `${envDefault('HTTP_HEADERS_TIMEOUT_MS') / 1000} s`,
  },
  {
    constant: 'HTTP_REQUEST_TIMEOUT_MS',
    file: 'docs/operations.md',
    pattern: /`HTTP_REQUEST_TIMEOUT_MS` \((\d+ s)\)/g,
    says: `${envDefault('HTTP_REQUEST_TIMEOUT_MS') / 1000} s`,
  },
  {
    constant: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    file: 'docs/operations.md',
    pattern: /`HTTP_KEEP_ALIVE_TIMEOUT_MS` \((\d+ s)\)/g,
    says: `${envDefault('HTTP_KEEP_ALIVE_TIMEOUT_MS') / 1000} s`,
  },
  {
    constant: 'HTTP_MAX_CONNECTIONS',
    file: 'docs/operations.md',
    pattern: /`HTTP_MAX_CONNECTIONS` \(([\d,]+)\)/g,
    says: envDefault('HTTP_MAX_CONNECTIONS').toLocaleString('en-US'),
  },
  {
    constant: 'HSTS_MAX_AGE_SECONDS',
    file: 'docs/operations.md',
    pattern: /`strict-transport-security: max-age=(\d+)`/g,
    says: envDefault('HSTS_MAX_AGE_SECONDS'),
  },
  { constant: 'HTTP_PROBE_RESERVE', file: 'docs/operations.md', pattern: /websocket, (\d+) more are let in/g, says: HTTP_PROBE_RESERVE },
  {
    constant: 'SOCKET_SWEEP_INTERVAL_MS',
    file: 'docs/operations.md',
    pattern: /the gateway pings it every (\d+ s)/g,
    says: `${SOCKET_SWEEP_INTERVAL_MS / 1000} s`,
  },
  // Sizes
  { constant: 'BODY_LIMIT', file: 'docs/api.md', pattern: /At most (\d+ MiB) \(413 beyond\)/g, says: mebibytes(BODY_LIMIT) },
  { constant: 'MAX_JSON_DEPTH', file: 'docs/api.md', pattern: /\(413 beyond\) and (\d+)\s+levels deep/g, says: MAX_JSON_DEPTH },
  {
    constant: 'MAX_FRAME_BYTES',
    file: 'docs/api.md',
    pattern: /JSON text frames `\{ event, ref\?, payload\? \}`\s+\(at most (\d+ KiB)\)/g,
    says: `${MAX_FRAME_BYTES / 1024} KiB`,
  },
  // List limits
  {
    constant: 'EVENT_LIST',
    file: 'docs/webhooks.md',
    pattern: /`GET \/api\/v1\/events` lists the workspace's events newest first: `limit` (\d+\.\.\d+ \(default \d+\))/g,
    says: `${eventsLimit.min}..${eventsLimit.max} (default ${eventsLimit.default})`,
  },
  {
    constant: 'WEBHOOK_DELIVERY_LIST',
    file: 'docs/webhooks.md',
    pattern: /`\{ deliveries, count, pagination \}`: `limit` (\d+\.\.\d+ \(default \d+\))/g,
    says: `${deliveriesLimit.min}..${deliveriesLimit.max} (default ${deliveriesLimit.default})`,
  },
  {
    constant: 'SCIM_EVENT_LIST',
    file: 'docs/scim.md',
    pattern: /\(owners and admins; `limit` (\d+\.\.\d+, default \d+);/g,
    says: `${scimEventsLimit.min}..${scimEventsLimit.max}, default ${scimEventsLimit.default}`,
  },
  { constant: 'SCIM_COUNT_DEFAULT', file: 'docs/scim.md', pattern: /`count` defaults to (\d+), above/g, says: SCIM_COUNT_DEFAULT },
  {
    constant: 'SCIM_COUNT_MAX',
    file: 'docs/scim.md',
    pattern: /`count` defaults to \d+, above (\d+) reads\s+as \1/g,
    says: SCIM_COUNT_MAX,
  },
  // The expiry warnings (ADR 0235)
  {
    constant: 'API_KEY_EXPIRING_NOTICE_S',
    file: 'docs/webhooks.md',
    pattern: /a usable key enters its last (\d+ \w+), once per key/g,
    says: formatDuration(API_KEY_EXPIRING_NOTICE_S),
  },
  {
    constant: 'ENROLLMENT_TOKEN_EXPIRING_NOTICE_S',
    file: 'docs/webhooks.md',
    pattern: /(?:used up enters its last|a token issued for) (\d+ \w+)/g,
    says: formatDuration(ENROLLMENT_TOKEN_EXPIRING_NOTICE_S, 'hour'),
  },
  {
    constant: 'EXPIRY_WARNINGS_SWEEP_MS',
    file: 'docs/webhooks.md',
    pattern: /a job every node runs every (\d+ \w+),/g,
    says: formatDurationMs(EXPIRY_WARNINGS_SWEEP_MS),
  },
  // The audit log (docs/audit.md)
  { constant: 'AUDIT_LIST_LIMIT', file: 'docs/audit.md', pattern: /`limit` 1 to (\d+)/g, says: AUDIT_LIST_LIMIT.max },
  { constant: 'AUDIT_LIST_LIMIT', file: 'docs/audit.md', pattern: /`limit` 1 to \d+ \(default (\d+)\)/g, says: AUDIT_LIST_LIMIT.default },
  { constant: 'AUDIT_READ_BATCH', file: 'docs/audit.md', pattern: /streamed in batches of (\d+) events/g, says: AUDIT_READ_BATCH },
  {
    constant: 'AUDIT_RETENTION_DAYS',
    file: 'docs/audit.md',
    pattern: /`AUDIT_RETENTION_DAYS` \(default (\d+)\)/g,
    says: envDefault('AUDIT_RETENTION_DAYS'),
  },
  {
    constant: 'AUDIT_SEAL_EVERY_MS',
    file: 'docs/audit.md',
    pattern: /A sealing job \(every (\d+ seconds?)/g,
    says: formatDurationMs(AUDIT_SEAL_EVERY_MS),
  },
  {
    constant: 'AUDIT_PRUNE_EVERY_MS',
    file: 'docs/audit.md',
    pattern: /Every (\d+ hours?) the oldest/g,
    says: formatDurationMs(AUDIT_PRUNE_EVERY_MS, 'hour'),
  },
];

describe('figures the docs restate from the code', () => {
  it.each(RESTATED.map((row) => [row.constant, row.file, row] as const))('%s, as %s says it', (constant, file, row) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const figures = [...text.matchAll(row.pattern)].map((match) => match[1]);
    if (figures.length === 0) throw new Error(`${file} no longer matches ${String(row.pattern)}: reword the row with the prose`);
    const wrong = figures.filter((figure) => figure !== String(row.says));
    if (wrong.length > 0) throw new Error(`${file} says ${wrong.join(', ')} where ${constant} makes it ${row.says}`);
  });

  it('fails for prose that says another figure', () => {
    const row = RESTATED[0];
    const figures = [...'a 7-day access token'.matchAll(row.pattern)].map((match) => match[1]);
    expect(figures).toEqual(['7-day']);
    expect(figures[0]).not.toBe(row.says);
  });
});
