import { Injectable } from '@nestjs/common';
import { type Tx, Db } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import { recordEventsSql } from '../events';
import { AGENT_COMMAND_LIST, type AgentCommandDto, type AgentCommandResultStatus, type AgentCommandStatus } from './dto/agent-command.dto';
import type { ListQuery } from '../core/listing/list-query';

const COLUMNS = `c.id, c.service_agent_id, c.name, c.payload, c.status, c.result, c.created_by,
  ${isoColumn('c', 'inserted_at')}, ${isoColumn('c', 'updated_at')}`;
const OPEN = `('pending', 'delivered')`;
const COMMAND_ROW = {
  id: t.uuid,
  service_agent_id: t.uuid,
  name: t.text,
  payload: t.json.of<Record<string, unknown>>(),
  status: t.text.of<AgentCommandStatus>(),
  result: t.json.null,
  created_by: t.uuid.null,
  inserted_at: t.text,
  updated_at: t.text,
} as const;

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
    RETURNING ${COLUMNS}, c.workspace_id
  ), ${recordEventsSql('agent_command.completed', { name: 'completed_events', from: 'c', workspaceId: 'c.workspace_id', data: `jsonb_build_object('agent_command', to_jsonb(c) - 'workspace_id')` })}
  SELECT * FROM c`;

const INSERT_COMMANDS_STATEMENT = statement({
  label: 'insert_agent_commands',
  text: INSERT_COMMANDS,
  params: [t.uuid, t.uuidArray, t.text, t.json, t.uuid.null],
  row: COMMAND_ROW,
});

const COMPLETE_COMMAND_STATEMENT = statement({
  label: 'complete_agent_command',
  text: COMPLETE_COMMAND,
  params: [t.uuid, t.uuid, t.text, t.json],
  row: { ...COMMAND_ROW, workspace_id: t.uuid },
});

const AGENT_STATUSES = statement({
  label: 'agent_command_agent_statuses',
  text: `SELECT id, status FROM service_agents WHERE id = ANY($2::uuid[]) AND workspace_id = $1 AND NOT hidden`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid, status: t.text },
});

const FINISH_COMMAND = statement({
  label: 'finish_agent_command',
  text: `UPDATE agent_commands SET status = $2, result = $3::jsonb, updated_at = now() WHERE id = $1 AND status IN ${OPEN}`,
  params: [t.uuid, t.text, t.json],
});

/** Newest first, stable; served by agent_commands_list_idx. */
const COMMANDS = listStatements(AGENT_COMMAND_LIST, {
  label: 'list_agent_commands',
  columns: COLUMNS,
  from: 'agent_commands',
  alias: 'c',
  scope: 'c.workspace_id = $1',
  params: [t.uuid],
  row: COMMAND_ROW,
});

/** An agent's commands without a result yet, oldest first; served by agent_commands_open_idx. */
const OPEN_COMMANDS = statement({
  label: 'open_agent_commands',
  text: `SELECT ${COLUMNS} FROM agent_commands c WHERE c.service_agent_id = $1 AND c.status IN ${OPEN}
        ORDER BY c.inserted_at ASC, c.id ASC LIMIT $2`,
  params: [t.uuid, t.bigint],
  row: COMMAND_ROW,
});

const MARK_DELIVERED = statement({
  label: 'mark_agent_commands_delivered',
  text: `UPDATE agent_commands SET status = 'delivered', updated_at = now() WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
  params: [t.uuidArray],
});

const COMMAND_EXISTS = statement({
  label: 'agent_command_exists',
  text: `SELECT 1 FROM agent_commands WHERE id = $1 AND service_agent_id = $2`,
  params: [t.uuid, t.uuid],
  row: { '?column?': t.int },
});

/** A page of the commands sent to a data subject's agents, or created by the subject (an operator); by id. */
const EXPORT_COMMANDS = keysetStatement({
  label: 'export_agent_commands',
  columns: COLUMNS,
  from: 'agent_commands',
  alias: 'c',
  scope: `c.workspace_id = $1 AND (c.service_agent_id = ANY($2::uuid[]) OR c.created_by = ANY($3::uuid[]))`,
  params: [t.uuid, t.uuidArray, t.uuidArray],
  row: COMMAND_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: what the subject's agents were sent and answered (payload, result). */
const ERASE_COMMANDS = statement({
  label: 'erase_agent_commands',
  text: `UPDATE agent_commands SET payload = '{}'::jsonb, result = NULL, updated_at = now()
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND (payload <> '{}'::jsonb OR result IS NOT NULL)`,
  params: [t.uuid, t.uuidArray],
});

/** Erasure: an operator's name on the commands they sent. */
const ERASE_COMMAND_CREATORS = statement({
  label: 'erase_agent_command_creators',
  text: `UPDATE agent_commands SET created_by = NULL WHERE workspace_id = $1 AND created_by = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
});

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
  constructor(private readonly db: Db) {}

  /**
   * Inserts one command per visible, active agent of the workspace among `serviceAgentIds`, and
   * its `agent_command.created` event, in one statement; agents that are not such get none. In
   * `m`'s transaction when given, else committed by the statement itself (one round trip, on a
   * pooled connection: the commit waits for its WAL flush).
   */
  insertMany(m: Tx | undefined, c: NewCommands): Promise<AgentCommandDto[]> {
    return (m ? m : this.db).rows(INSERT_COMMANDS_STATEMENT, [c.workspaceId, c.serviceAgentIds, c.name, jsonb(c.payload), c.createdBy]);
  }

  /** Visible agents of the workspace among `ids`, with their status (in `m`'s transaction when given). */
  async agentStatuses(m: Tx | undefined, workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await (m ? m : this.db).rows(AGENT_STATUSES, [workspaceId, ids]);
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  /** Finishes an open command in `m`'s transaction (its work ended elsewhere, e.g. an OTA update). */
  async finishIn(m: Tx, commandId: string, status: AgentCommandResultStatus, result: unknown): Promise<void> {
    await m.run(FINISH_COMMAND, [commandId, status, jsonb(result)]);
  }

  /** Newest first, stable; served by agent_commands_list_idx. */
  list(workspaceId: string, q: ListQuery): Promise<AgentCommandDto[]> {
    return this.db.listRows(COMMANDS, [workspaceId], q);
  }

  /** An agent's commands without a result yet, oldest first; served by agent_commands_open_idx. */
  open(serviceAgentId: string, limit: number): Promise<AgentCommandDto[]> {
    return this.db.rows(OPEN_COMMANDS, [serviceAgentId, limit]);
  }

  async markDelivered(ids: readonly string[]): Promise<void> {
    await this.db.run(MARK_DELIVERED, [ids]);
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
    const row = await this.db.maybe(COMPLETE_COMMAND_STATEMENT, [commandId, serviceAgentId, status, jsonb(result)]);
    if (!row) return undefined;
    const { workspace_id: _workspaceId, ...command } = row;
    return command;
  }

  async exists(serviceAgentId: string, commandId: string): Promise<boolean> {
    return (await this.db.maybe(COMMAND_EXISTS, [commandId, serviceAgentId])) !== undefined;
  }

  // ---- data requests (issue 22) ----

  /** A page of the commands sent to a data subject's agents, or created by the subject (an operator); by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<AgentCommandDto[]> {
    return m.rows(EXPORT_COMMANDS, [s.workspaceId, s.serviceAgentIds, s.userIds, after ?? null]);
  }

  /** Erasure: what the subject's agents were sent and answered (payload, result), and an operator's name on commands. */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    await m.run(ERASE_COMMANDS, [s.workspaceId, s.serviceAgentIds]);
    await m.run(ERASE_COMMAND_CREATORS, [s.workspaceId, s.userIds]);
  }
}
