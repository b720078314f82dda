import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 58: reads whose work grew with the fleet rather than with what they answer
 * (test/fleet-scale-plans.e2e-spec.ts, bench/README.md "Issue 58: work per robot").
 *
 * - `filter[status]` on the robots and service agents lists: the only index in the list's order
 *   was (workspace_id, inserted_at DESC, id DESC), so a page walked the workspace's robots newest
 *   first and dropped those of another status (668 agents read for a page of 50 inactive ones in
 *   a workspace of 5,000), and the list's count read every robot or agent of the workspace (or of
 *   the whole table) to count the few that match: 4,750 robots for 100 pending ones. An index
 *   (workspace_id, status, inserted_at DESC, id DESC) serves the page in order and the count as an
 *   index-only scan of the matches. The agents' is partial on NOT hidden, as both statements are.
 * - A cohort's members: robots_cohort_members_idx held (cohort_id, inserted_at DESC, id DESC), so
 *   counting a cohort (its robot_count in every cohort row, the members list's total) and taking
 *   its robots for a batch operation fetched each member's row for its workspace and agent; on
 *   real statistics the planner read the whole robots table instead (20,000 rows for a cohort of
 *   2,500). The same keys with the workspace and the agent included make those index-only scans.
 *
 * A status change (a claim, a retirement: rare next to reads) writes one more index entry; the
 * columns were already indexed (robots_quota_idx's predicate, service_agents' partial indexes),
 * so no update that was HOT stops being HOT. Created in the migration's transaction, as every
 * index here is: the tables take no writes while the indexes build.
 */
export class FleetStatusListIndexes1763700055000 implements MigrationInterface {
  name = 'FleetStatusListIndexes1763700055000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX robots_status_list_idx ON robots (workspace_id, status, inserted_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX service_agents_status_list_idx ON service_agents (workspace_id, status, inserted_at DESC, id DESC) WHERE NOT hidden`,
    );
    await q.query(`DROP INDEX robots_cohort_members_idx`);
    await q.query(
      `CREATE INDEX robots_cohort_members_idx ON robots (cohort_id, inserted_at DESC, id DESC) INCLUDE (workspace_id, service_agent_id)
        WHERE cohort_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX robots_cohort_members_idx`);
    await q.query(`CREATE INDEX robots_cohort_members_idx ON robots (cohort_id, inserted_at DESC, id DESC) WHERE cohort_id IS NOT NULL`);
    await q.query(`DROP INDEX service_agents_status_list_idx`);
    await q.query(`DROP INDEX robots_status_list_idx`);
  }
}
