import { Injectable } from '@nestjs/common';
import { AuditEventsRepository, chainHash, GENESIS_HASH, toAuditEventDto } from '../audit';
import { encodeCursor } from './audit-query';
import type { AuditEventDto, AuditEventListDto, AuditVerifyDto, AuditFilters, ChainPosition } from '../audit';

/** Rows read per statement by the export and verify. */
export const AUDIT_READ_BATCH = 1_000;

/** Reading the audit log: the list, the streamed export and the chain's verification (ADR 0238). */
@Injectable()
export class AuditEventsService {
  constructor(private readonly repo: AuditEventsRepository) {}

  /** Newest first from `after`; `next_cursor` names the page's last event while more may follow. */
  async list(workspaceId: string, filters: AuditFilters, after: ChainPosition | null, limit: number): Promise<AuditEventListDto> {
    const [rows, count] = await Promise.all([
      this.repo.page(workspaceId, filters, after, limit + 1),
      this.repo.count(workspaceId, filters),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      audit_events: page.map(toAuditEventDto),
      count,
      next_cursor: rows.length > limit && last ? encodeCursor({ txid: last.txid, id: last.id }) : null,
    };
  }

  /** The events of the range, oldest first, a batch at a time: memory stays that of one batch. */
  async *export(workspaceId: string, range: { since: Date | null; until: Date | null }): AsyncGenerator<AuditEventDto[]> {
    let after: ChainPosition | null = null;
    for (;;) {
      const rows = await this.repo.ascending(workspaceId, range, after, AUDIT_READ_BATCH);
      if (rows.length === 0) return;
      yield rows.map(toAuditEventDto);
      if (rows.length < AUDIT_READ_BATCH) return;
      const last = rows[rows.length - 1];
      after = { txid: last.txid, id: last.id };
    }
  }

  /**
   * Recomputes the workspace's chain from its first kept event: each sealed event's `prev_hash` must
   * be the hash before it (the last pruned one, or 64 zeros, for the first), its `hash` must be
   * what it covers, sealed events must come before unsealed ones, and the chain's recorded head
   * must be among them with its hash.
   */
  async verify(workspaceId: string): Promise<AuditVerifyDto> {
    const chain = await this.repo.chain(workspaceId);
    let prev = chain?.pruned_hash ?? GENESIS_HASH;
    let events = 0;
    let sawHead = !chain?.head_id;
    let unsealed: string | null = null;
    for await (const batch of this.export(workspaceId, { since: null, until: null })) {
      for (const e of batch) {
        if (e.hash === null) {
          unsealed ??= e.id;
          continue;
        }
        if (unsealed !== null || e.prev_hash !== prev || chainHash(prev, e) !== e.hash) {
          return { verified: false, first_mismatch_id: unsealed ?? e.id };
        }
        if (e.id === chain?.head_id) {
          if (e.hash !== chain.head_hash) return { verified: false, first_mismatch_id: e.id };
          sawHead = true;
        }
        prev = e.hash;
        events++;
      }
    }
    if (!sawHead) return { verified: false, first_mismatch_id: chain?.head_id ?? null };
    return { verified: true, events, head: events > 0 ? prev : null };
  }
}
