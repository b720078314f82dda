import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 58: a robot's, an agent's or a key's workspace follows from its id, its cohort or its
 * agent, but the planner takes each predicate as independent. Every fleet statement scopes by
 * workspace too (`id = ANY($2) AND workspace_id = $1`, `cohort_id = $2 AND workspace_id = $1`), so
 * it expected the workspace test to keep a fraction of the rows the other kept, and, with many
 * workspaces, ANDed in a bitmap of the whole workspace's entries to save heap reads: a batch chunk
 * of 100 robots or agents (retire, tag, deactivate) read 5,000 index entries in a workspace of
 * 5,000, a cohort's page of 50 read 10,000 (test/fleet-scale-plans.e2e-spec.ts, on the test
 * database holding 29 workspaces). Functional-dependency statistics tell the planner the workspace
 * adds nothing; the plans then read the ids' or the cohort's entries alone (in 6 of 7 runs of the
 * suite for a chunk's ids, against 1 of 3 without). ANALYZE fills them now rather than at the
 * next autovacuum. The same statistics on api_credentials (service_agent_id,
 * workspace_id) did not change the plan of the agents' key revocation, which still ANDs in
 * api_credentials_workspace_idx: left as found (bench/README.md, issue 58).
 */
export class FleetDependencyStatistics1763700056000 implements MigrationInterface {
  name = 'FleetDependencyStatistics1763700056000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE STATISTICS robots_workspace_deps (dependencies) ON id, workspace_id FROM robots`);
    await q.query(`CREATE STATISTICS robots_cohort_deps (dependencies) ON cohort_id, workspace_id FROM robots`);
    await q.query(`CREATE STATISTICS service_agents_workspace_deps (dependencies) ON id, workspace_id FROM service_agents`);
    await q.query(`ANALYZE robots, service_agents`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP STATISTICS service_agents_workspace_deps`);
    await q.query(`DROP STATISTICS robots_cohort_deps`);
    await q.query(`DROP STATISTICS robots_workspace_deps`);
  }
}
