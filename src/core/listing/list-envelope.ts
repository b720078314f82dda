import { paginationMeta, type PaginationMeta } from './page';
import type { ListQuery } from './list-query';

/** `{ <key>: items, count }`, with `pagination` when the list is paginated (API.md Conventions). */
export type ListEnvelope<K extends string, P extends boolean, T> = { [key in K]: T[] } & { count: number } & (P extends true
    ? { pagination: PaginationMeta }
    : unknown);

/** The keyed response of a list; a paginated list needs the total matching across all pages. */
export function listEnvelope<K extends string, P extends boolean, T>(
  q: ListQuery<K, P>,
  items: T[],
  ...total: P extends true ? [total: number] : []
): ListEnvelope<K, P, T> {
  const envelope: Record<string, unknown> = { [q.definition.key]: items, count: items.length };
  if (q.definition.paginated) envelope.pagination = paginationMeta(q.page, total[0] as number);
  return envelope as ListEnvelope<K, P, T>;
}
