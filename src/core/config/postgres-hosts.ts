import { isURL } from 'class-validator';

/** One server of DATABASE_URL's host list. */
export interface Endpoint {
  readonly host: string;
  readonly port: number;
}

/**
 * What a server must be to be used (libpq's `target_session_attrs`, ADR 0276): the service writes,
 * so only the values that mean "a primary" are accepted. `read-write`: not in recovery and
 * `default_transaction_read_only` off (`SHOW transaction_read_only` answers `off`); `primary`: not
 * in recovery.
 */
export type TargetSessionAttrs = 'read-write' | 'primary';
const TARGETS: readonly TargetSessionAttrs[] = ['read-write', 'primary'];

/**
 * DATABASE_URL as libpq spells a primary switch (ADR 0276): `postgres://u:p@h1:5432,h2:5432/db?target_session_attrs=read-write`.
 * `url` is what pg and TypeORM are given (they parse one host only): the first host, without
 * `target_session_attrs`; the connection path picks the host (PrimaryHosts).
 */
export interface HostList {
  readonly url: string;
  readonly endpoints: readonly Endpoint[];
  readonly target: TargetSessionAttrs;
}

const DEFAULT_PORT = 5432;
const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^/?#@]*@)?([^/?#]*)(.*)$/is;
const TARGET_PARAM = /[?&]target_session_attrs=/;

function endpoint(text: string): Endpoint {
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(text);
  const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : [text.replace(/:\d*$/, ''), /:(\d*)$/.exec(text)?.[1]];
  if (!host) throw new Error(`a host of DATABASE_URL is empty: "${text}"`);
  return { host: decodeURIComponent(host), port: port ? Number(port) : DEFAULT_PORT };
}

const hostPort = ({ host, port }: Endpoint) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The host list of a DATABASE_URL, or undefined for a URL of one host without
 * `target_session_attrs` (the common case, left to pg as it is). Throws on an unknown
 * `target_session_attrs` or an empty host.
 */
export function parseHostList(url: string): HostList | undefined {
  const parts = URL_PARTS.exec(url);
  if (!parts || (!parts[3].includes(',') && !TARGET_PARAM.test(parts[4]))) return undefined;
  const [scheme, userinfo = '', hosts, rest] = parts.slice(1) as [string, string | undefined, string, string];
  const endpoints = hosts.split(',').map(endpoint);
  const queryAt = rest.indexOf('?');
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : rest.slice(queryAt + 1));
  const target = query.get('target_session_attrs') ?? 'read-write';
  if (!TARGETS.includes(target as TargetSessionAttrs)) {
    throw new Error(`target_session_attrs must be ${TARGETS.join(' or ')}: the service writes (got "${target}")`);
  }
  query.delete('target_session_attrs');
  const search = query.toString();
  return {
    url: `${scheme}${userinfo}${hostPort(endpoints[0])}${path}${search ? `?${search}` : ''}`,
    endpoints,
    target: target as TargetSessionAttrs,
  };
}

/** The URL for pg and TypeORM: `url` itself for one host, else the first host's (parseHostList). */
export function singleHostUrl(url: string): string {
  return parseHostList(url)?.url ?? url;
}

/**
 * Whether DATABASE_URL is a `postgres://` URL, or a host list whose every host makes one
 * (environment.ts). Named `isUrl` with isURL's options, so that the docs tables say what it accepts.
 */
export function isPostgresUrl(value: unknown, options: Parameters<typeof isURL>[1]): boolean {
  if (typeof value !== 'string') return false;
  let list: HostList | undefined;
  try {
    list = parseHostList(value);
  } catch {
    return false;
  }
  if (!list) return isURL(value, options);
  return list.endpoints.every((e) => isURL(list.url.replace(hostPort(list.endpoints[0]), hostPort(e)), options));
}
