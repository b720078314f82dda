import { createHash } from 'node:crypto';
import type { AuditEventDto } from './dto/audit-event.dto';

/** The `prev_hash` of a chain's first event (ADR 0238). */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The event's canonical JSON: every object's keys sorted (by code point, as `jq -S` sorts them),
 * no whitespace, without `hash` and `prev_hash`. What `hash` covers, after `prev_hash`.
 */
export function canonicalJson(
  event: Omit<AuditEventDto, 'hash' | 'prev_hash'> & Partial<Pick<AuditEventDto, 'hash' | 'prev_hash'>>,
): string {
  const { hash: _hash, prev_hash: _prev, ...rest } = event;
  return JSON.stringify(sortKeys(rest));
}

/** SHA-256 (hex) of `prevHash` followed by the event's canonical JSON. */
export function chainHash(prevHash: string, event: Omit<AuditEventDto, 'hash' | 'prev_hash'>): string {
  return hashAfter(prevHash, canonicalJson(event));
}

/** SHA-256 (hex) of `prevHash` followed by `canonical`, an event's canonicalJson. */
export const hashAfter = (prevHash: string, canonical: string): string =>
  createHash('sha256').update(prevHash).update(canonical).digest('hex');

/** Code-point order, as `jq -S` sorts keys (JavaScript's default sort compares UTF-16 units, which differs past U+FFFF). */
function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(byCodePoint)) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}
