import type { Tx } from '../core/database/db.service';
export const DATA_SUBJECT_TYPES = ['user', 'service_agent', 'robot'] as const;
export type DataSubjectType = (typeof DATA_SUBJECT_TYPES)[number];

/**
 * Whom a data request is about, resolved in one workspace: the subject itself and the records
 * that stand for it. A robot is also its bound service agent (its messages are the agent's); a
 * service agent is also the robot bound to it.
 */
export interface DataSubject {
  workspaceId: string;
  type: DataSubjectType;
  id: string;
  serviceAgentIds: readonly string[];
  robotIds: readonly string[];
  userIds: readonly string[];
}

/** Work an erasure does once its transaction has committed (telling other nodes, best effort). */
export type AfterErasure = () => Promise<void>;

/**
 * What one feature holds about data subjects. Each feature that stores subject data declares its
 * section with `@DataSubjectSection` (DataSubjectRegistry finds it at boot), so an export and an
 * erasure cover every feature without the data-requests feature knowing any of them.
 *
 * - `export` yields the subject's records in pages (each page an array of plain JSON values), read
 *   in the export's transaction (one consistent snapshot). Yield nothing when the feature holds
 *   nothing about the subject.
 * - `erase` anonymises or removes them in the erasure's transaction, so an erasure is all or
 *   nothing. It must be idempotent (a retried erasure runs it again) and must leave records the
 *   service needs (ids, timestamps, states) in place. It may return work to do after commit.
 */
export interface DataSubjectContributor {
  /** The section of the export document this feature fills; unique. */
  readonly section: string;
  /**
   * Erasures run contributors by ascending order, then section (default 0). A contributor that
   * must see the data as it was before the others erase (domain events, which other erasures add
   * events to) runs first with a negative order.
   */
  readonly order?: number;
  export(subject: DataSubject, m: Tx): AsyncIterable<readonly unknown[]>;
  erase(subject: DataSubject, m: Tx): Promise<AfterErasure | void>;
}

/**
 * What a feature gives, on the class it declares with `@DataSubjectSection`: a keyset-paged read of
 * the subject's rows (ordered by `id`, after the given id) and an erasure, both in the data
 * request's transaction. DataSubjectRegistry turns it into a contributor.
 */
export interface PagedSubjectData {
  exportPage(m: Tx, subject: DataSubject, after: string | undefined): Promise<{ id: string }[]>;
  erase(m: Tx, subject: DataSubject): Promise<AfterErasure | void>;
}

/** Rows per page a contributor reads and an export part holds. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Pages of a keyset-paged query: `page(after)` returns up to EXPORT_PAGE_SIZE rows ordered by
 * `key`, after the given key (undefined for the first page).
 */
export async function* pagesOf<T>(page: (after: string | undefined) => Promise<T[]>, key: (row: T) => string): AsyncIterable<T[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = key(rows[rows.length - 1]);
  }
}
