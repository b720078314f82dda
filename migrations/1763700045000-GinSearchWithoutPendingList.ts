import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every GIN index of the schema: the search indexes of migration Observability and SearchSecurityViolations. */
const GIN_INDEXES = [
  'messages_search_idx',
  'agent_commands_search_idx',
  'traces_search_idx',
  'domain_events_search_idx',
  'security_violations_search_idx',
];

/**
 * The search indexes take each new row's entries at once (`fastupdate = off`) instead of through
 * GIN's pending list (docs/decisions.md, "Search indexes without a pending list"; bench/README.md
 * finding 22). With the list, the insert that finds it past `gin_pending_list_limit` (4 MB) merges
 * all of it into the index before it answers: about 100 ms every few seconds under a steady
 * stream of message inserts (pgbench, 4 clients), and a message insert runs on one of the
 * service's two pipelined connections, so every statement queued behind it on that connection
 * (keyed reads among them) waited too: the soak's stalls of 0.1-1 s. Without the list the same
 * inserts ran at 0.97x the rate with the longest at 17.6 ms instead of 113-123 ms.
 * `gin_clean_pending_list` moves what the list holds into the index now.
 */
export class GinSearchWithoutPendingList1763700045000 implements MigrationInterface {
  name = 'GinSearchWithoutPendingList1763700045000';

  async up(q: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES) {
      await q.query(`ALTER INDEX ${index} SET (fastupdate = off)`);
      await q.query(`SELECT gin_clean_pending_list('${index}'::regclass)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES) await q.query(`ALTER INDEX ${index} RESET (fastupdate)`);
  }
}
