import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isoColumn } from '../core/database/sql';
import type { ListQuery } from '../core/listing/list-query';
import { listSql } from '../core/listing/list-sql';
import type { AgentCommandDto, AgentCommandResultStatus } from './dto/agent-command.dto';

const COLUMNS = `c.id, c.service_agent_id, c.name, c.payload, c.status, c.result, c.created_by,
  ${isoColumn('c', 'inserted_at')}, ${isoColumn('c', 'updated_at')}`;
const OPEN = `('pending', 'delivered')`;

/** JSON values go to jsonb as text: node-pg would turn a JS array into a Postgres array literal. */
const jsonb = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

@Injectable()
export class AgentCommandsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Inserts a command for a visible, active agent of the workspace, in one statement; returns
   * undefined when there is no such agent (see agentStatus for why).
   */
  async insert(
    m: EntityManager,
    c: {
    workspaceId: string;
    serviceAgentId: string;
    name: string;
    payload: Record<string, unknown>;
    createdBy: string;
    },
  ): Promise<AgentCommandDto | undefined> {
    const rows: AgentCommandDto[] = await m.query(
      `INSERT INTO agent_commands AS c (workspace_id, service_agent_id, name, payload, created_by)
       SELECT a.workspace_id, a.id, $3, $4::jsonb, $5 FROM service_agents a
        WHERE a.id = $2 AND a.workspace_id = $1 AND NOT a.hidden AND a.status = 'active'
       RETURNING ${COLUMNS}`,
      [c.workspaceId, c.serviceAgentId, c.name, jsonb(c.payload), c.createdBy],
    );
    return rows[0];
  }

  /** The status of a visible agent of the workspace, or undefined (unknown, hidden or foreign). */
  async agentStatus(workspaceId: string, serviceAgentId: string): Promise<string | undefined> {
    const rows: { status: string }[] = await this.db.query(
      `SELECT status FROM service_agents WHERE id = $1 AND workspace_id = $2 AND NOT hidden`,
      [serviceAgentId, workspaceId],
    );
    return rows[0]?.status;
  }

  /** Newest first, stable; served by agent_commands_list_idx. */
  list(workspaceId: string, q: ListQuery): Promise<AgentCommandDto[]> {
    const s = listSql(q, { sql: 'c.workspace_id = $1', params: [workspaceId], alias: 'c' });
    return this.db.query(`SELECT ${COLUMNS} FROM agent_commands c ${s.where} ${s.orderBy} ${s.limit}`, s.params);
  }

  /** An agent's commands without a result yet, oldest first; served by agent_commands_open_idx. */
  open(serviceAgentId: string, limit: number): Promise<AgentCommandDto[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM agent_commands c WHERE c.service_agent_id = $1 AND c.status IN ${OPEN}
        ORDER BY c.inserted_at ASC, c.id ASC LIMIT $2`,
      [serviceAgentId, limit],
    );
  }

  async markDelivered(ids: readonly string[]): Promise<void> {
    await this.db.query(
      `UPDATE agent_commands SET status = 'delivered', updated_at = now() WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
      [ids],
    );
  }

  /**
   * Records the agent's result on one of its open commands (in `m`'s transaction); undefined when
   * there is none such. The workspace comes back too, for the completed event.
   */
  async complete(
    m: EntityManager,
    serviceAgentId: string,
    commandId: string,
    status: AgentCommandResultStatus,
    result: unknown,
  ): Promise<{ command: AgentCommandDto; workspaceId: string } | undefined> {
    const [rows] = await m.query(
      `UPDATE agent_commands AS c SET status = $3, result = $4::jsonb, updated_at = now()
        WHERE id = $1 AND service_agent_id = $2 AND status IN ${OPEN} RETURNING ${COLUMNS}, c.workspace_id AS "workspaceId"`,
      [commandId, serviceAgentId, status, jsonb(result)],
    );
    const row = (rows as (AgentCommandDto & { workspaceId: string })[])[0];
    if (!row) return undefined;
    const { workspaceId, ...command } = row;
    return { command, workspaceId };
  }

  async exists(serviceAgentId: string, commandId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM agent_commands WHERE id = $1 AND service_agent_id = $2`, [
      commandId,
      serviceAgentId,
    ]);
    return rows.length > 0;
  }
}
