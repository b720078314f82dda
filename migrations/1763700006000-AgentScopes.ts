import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scopes an agent's API keys may carry (operator REST: POST service_agents { scopes }).
 * Existing agents get every machine scope; the hidden key agent's keys are bounded separately.
 */
export class AgentScopes1763700006000 implements MigrationInterface {
  name = 'AgentScopes1763700006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE service_agents ADD COLUMN scopes text[]`);
    await q.query(`
      UPDATE service_agents SET scopes = ARRAY[
        'traces:write','eval_runs:read','eval_runs:write','eval_suites:read','eval_suites:write','gateway:check',
        'replays:write','workflow_targets:read','workflow_targets:write','agent_commands:read','events:read',
        'sockets:connect','credentials:write','messages:read','messages:write','tasks:read','tasks:write']`);
    await q.query(`ALTER TABLE service_agents ALTER COLUMN scopes SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE service_agents DROP COLUMN scopes`);
  }
}
