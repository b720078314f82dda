import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage } from '../core/database/list-page';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { isoColumn } from '../core/database/sql';
import { listSql } from '../core/listing/list-sql';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import { recordEventsSql } from '../events';
import type { SqlExecutor } from '../core/database/pipeline/pipelined-transaction';
import type { ListQuery } from '../core/listing/list-query';
import type { AgentCommandDto, AgentCommandResultStatus } from './dto/agent-command.dto';

const COLUMNS = `c.id, c.service_agent_id, c.name, c.payload, c.status, c.result, c.created_by,
  ${isoColumn('c', 'inserted_at')}, ${isoColumn('c', 'updated_at')}`;
const OPEN = `('pending', 'delivered')`;

/** JSON values go to jsonb as text: node-pg would turn a JS array into a Postgres array literal. */
const jsonb = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * One command per visible, active agent of the workspace among $2, each with its
 * `agent_command.created` event (data `{ agent_command }`: the row exactly as RETURNING gives it).
 */
const INSERT_COMMANDS = `WITH c AS (
    INSERT INTO agent_commands AS c (workspace_id, service_agent_id, name, payload, created_by)
    SELECT a.workspace_id, a.id, $3, $4::jsonb, $5 FROM service_agents a
     WHERE a.id = ANY($2::uuid[]) AND a.workspace_id = $1 AND NOT a.hidden AND a.status = 'active'
    RETURNING ${COLUMNS}
  ), ${recordEventsSql('agent_command.created', { name: 'created_events', from: 'c', workspaceId: '$1', data: `jsonb_build_object('agent_command', to_jsonb(c))` })}
  SELECT * FROM c`;

/**
 * The agent's result on one of its open commands, with its `agent_command.completed` event (data
 * `{ agent_command }`: the row as RETURNING gives it, less the workspace), in one statement.
 */
const COMPLETE_COMMAND = `WITH c AS (
    UPDATE agent_commands AS c SET status = $3, result = $4::jsonb, updated_at = now()
     WHERE id = $1 AND service_agent_id = $2 AND status IN ${OPEN}
    RETURNING ${COLUMNS}, c.workspace_id AS "workspaceId"
  ), ${recordEventsSql('agent_command.completed', { name: 'completed_events', from: 'c', workspaceId: 'c."workspaceId"', data: `jsonb_build_object('agent_command', to_jsonb(c) - 'workspaceId')` })}
  SELECT * FROM c`;

export type NewCommands = {
  workspaceId: string;
  serviceAgentIds: readonly string[];
  name: string;
  payload: Record<string, unknown>;
  createdBy: string | null;
};

// Data requests: commands sent to a subject's agents (payload and result erased), and an operator's name on those they sent.
@DataSubjectSection('agent_commands')
@Injectable()
export class AgentCommandsRepository implements PagedSubjectData {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  /**
   * Inserts one command per visible, active agent of the workspace among `serviceAgentIds`, and
   * its `agent_command.created` event, in one statement; agents that are not such get none. In
   * `m`'s transaction when given, else committed by the statement itself (one round trip, on a
   * pooled connection: the commit waits for its WAL flush).
   */
  insertMany(m: SqlExecutor | undefined, c: NewCommands): Promise<AgentCommandDto[]> {
    const values = [c.workspaceId, c.serviceAgentIds, c.name, jsonb(c.payload), c.createdBy];
    return m ? m.query(INSERT_COMMANDS, values) : this.sql.pooledRows('insert_agent_commands', INSERT_COMMANDS, values);
  }

  /** Visible agents of the workspace among `ids`, with their status. */
  async agentStatuses(m: SqlExecutor = this.db.manager, workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const rows: { id: string; status: string }[] = await m.query(
      `SELECT id, status FROM service_agents WHERE id = ANY($2::uuid[]) AND workspace_id = $1 AND NOT hidden`,
      [workspaceId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  /** Finishes an open command in `m`'s transaction (its work ended elsewhere, e.g. an OTA update). */
  async finishIn(m: SqlExecutor, commandId: string, status: AgentCommandResultStatus, result: unknown): Promise<void> {
    await m.query(`UPDATE agent_commands SET status = $2, result = $3::jsonb, updated_at = now() WHERE id = $1 AND status IN ${OPEN}`, [
      commandId,
      status,
      jsonb(result),
    ]);
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
   * Records the agent's result on one of its open commands, with its `agent_command.completed`
   * event, in one statement that commits by itself (one round trip; tell Outbox.relayAfter once it
   * has answered); undefined when the agent has no such open command.
   */
  async complete(
    serviceAgentId: string,
    commandId: string,
    status: AgentCommandResultStatus,
    result: unknown,
  ): Promise<AgentCommandDto | undefined> {
    const rows = await this.sql.pooledRows<AgentCommandDto & { workspaceId: string }>('complete_agent_command', COMPLETE_COMMAND, [
      commandId,
      serviceAgentId,
      status,
      jsonb(result),
    ]);
    if (rows.length === 0) return undefined;
    const { workspaceId: _workspaceId, ...command } = rows[0];
    return command;
  }

  async exists(serviceAgentId: string, commandId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM agent_commands WHERE id = $1 AND service_agent_id = $2`, [commandId, serviceAgentId]);
    return rows.length > 0;
  }

  // ---- data requests (issue 22) ----

  /** A page of the commands sent to a data subject's agents, or created by the subject (an operator); by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<AgentCommandDto[]> {
    return keysetPage(
      m,
      {
        columns: COLUMNS,
        table: 'agent_commands',
        alias: 'c',
        scope: `c.workspace_id = $1 AND (c.service_agent_id = ANY($2::uuid[]) OR c.created_by = ANY($3::uuid[]))`,
        params: [s.workspaceId, s.serviceAgentIds, s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /** Erasure: what the subject's agents were sent and answered (payload, result), and an operator's name on commands. */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE agent_commands SET payload = '{}'::jsonb, result = NULL, updated_at = now()
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND (payload <> '{}'::jsonb OR result IS NOT NULL)`,
      [s.workspaceId, s.serviceAgentIds],
    );
    await m.query(`UPDATE agent_commands SET created_by = NULL WHERE workspace_id = $1 AND created_by = ANY($2::uuid[])`, [
      s.workspaceId,
      s.userIds,
    ]);
  }
}
