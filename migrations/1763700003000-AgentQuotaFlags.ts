import { MigrationInterface, QueryRunner } from 'typeorm';

/** Marks the default agent created at registration: like the hidden key agent, it counts toward no quota. */
export class AgentQuotaFlags1763700003000 implements MigrationInterface {
  name = 'AgentQuotaFlags1763700003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE service_agents ADD COLUMN is_default boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX service_agents_quota_idx ON service_agents (workspace_id) WHERE NOT hidden AND NOT is_default`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE service_agents DROP COLUMN is_default`);
  }
}
