import { isUUID } from 'class-validator';
import { BadRequestProblem } from '../core/common/problem/problem.error';
import type { AuditFilters, ChainPosition } from '../audit';
import './audit-events.problem-codes';

/** The list's page size (API.md: default 50, max 200). */
export const AUDIT_LIST_LIMIT = { default: 50, max: 200 } as const;

/** A date (midnight UTC) or a date and time with its zone: a time without one would be read in the server's zone. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;
const TXID = /^\d{1,20}$/;
const ID_MAX = 200;

/** An ISO 8601 instant, or 400 with `code`; undefined when absent. */
export function parseInstant(raw: unknown, code: 'invalid_since' | 'invalid_until'): Date | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !ISO_8601.test(raw)) throw new BadRequestProblem(code);
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw new BadRequestProblem(code);
  return at;
}

/** The opaque cursor of `next_cursor`: where the last event of a page stands in the chain. */
export const encodeCursor = (p: ChainPosition): string => Buffer.from(`${p.txid}.${p.id}`).toString('base64url');

export function decodeCursor(raw: unknown): ChainPosition | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.length > 100) throw new BadRequestProblem('invalid_cursor');
  const [txid, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('.');
  if (rest.length > 0 || !txid || !TXID.test(txid) || !id || !isUUID(id)) throw new BadRequestProblem('invalid_cursor');
  return { txid, id: id.toLowerCase() };
}

export function parseLimit(raw: unknown): number {
  if (raw === undefined) return AUDIT_LIST_LIMIT.default;
  const n = typeof raw === 'string' && /^[0-9]{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= AUDIT_LIST_LIMIT.max)) throw new BadRequestProblem('invalid_limit');
  return n;
}

const text = (raw: unknown): string | null => (typeof raw === 'string' && raw !== '' ? raw.slice(0, ID_MAX) : null);

/** `filter[action]` (exact, or `prefix.*`), `filter[actor_id]`, `filter[target_id]`, `filter[since]`, `filter[until]`. */
export function parseFilters(query: Record<string, unknown>): AuditFilters {
  const nested = (typeof query.filter === 'object' && query.filter !== null ? query.filter : {}) as Record<string, unknown>;
  // the query parser gives `filter[x]` nested or as a flat key, as the shared filter extraction reads it
  const f = (name: string): unknown => nested[name] ?? query[`filter[${name}]`];
  const action = text(f('action'));
  const prefix = action?.endsWith('.*') ? action.slice(0, -1) : null;
  return {
    action: prefix ? null : action,
    actionPrefix: prefix,
    actorId: text(f('actor_id')),
    targetId: text(f('target_id')),
    since: parseInstant(f('since'), 'invalid_since'),
    until: parseInstant(f('until'), 'invalid_until'),
  };
}
