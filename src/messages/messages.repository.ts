import { Injectable } from '@nestjs/common';
import { keysetPage } from '../core/database/list-page';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { isoColumn, utcIso, utcTextColumn } from '../core/database/sql';
import { listSql } from '../core/listing/list-sql';
import { type DataSubject, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import type { ListQuery } from '../core/listing/list-query';
import type { MessageDto } from './dto/message.dto';
import type { EntityManager } from 'typeorm';

/** What an erasure leaves of a message body. */
export const ERASED = '[erased]';

/** A message's columns, its time rendered by `insertedAt` (a column helper of core/database/sql). */
const columns = (insertedAt: (table: string, column: string) => string) =>
  `m.id, m.body, m.channel, m.service_agent_id, ${insertedAt('m', 'inserted_at')}`;
const COLUMNS = columns(isoColumn);
/** The list's columns: the same, with the time formatted in Node (utcTextColumn, then utcIso). */
const LIST_COLUMNS = columns(utcTextColumn);

@Injectable()
export class MessagesRepository implements PagedSubjectData {
  constructor(private readonly sql: PreparedSql) {}

  async insert(workspaceId: string, serviceAgentId: string, body: string, channel: string | null): Promise<MessageDto> {
    const rows = await this.sql.committedRows<MessageDto>(
      'insert_message',
      `INSERT INTO messages AS m (workspace_id, service_agent_id, body, channel) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, serviceAgentId, body, channel],
    );
    return rows[0];
  }

  /** The list's statement text by variant: built once, so the hot path neither concatenates nor rehashes it. */
  private readonly listTexts = new Map<string, string>();

  /** Newest first, stable under paging; served by messages_list_idx. */
  async list(workspaceId: string, q: ListQuery): Promise<MessageDto[]> {
    const s = listSql(q, { sql: 'm.workspace_id = $1', params: [workspaceId], alias: 'm' });
    let text = this.listTexts.get(s.variant);
    if (text === undefined) {
      text = `SELECT ${LIST_COLUMNS} FROM messages m ${s.where} ${s.orderBy} ${s.limit}`;
      this.listTexts.set(s.variant, text);
    }
    const rows = await this.sql.pageRows<MessageDto>(`list_messages${s.variant}`, text, s.params, q.page.offset);
    for (const row of rows) row.inserted_at = utcIso(row.inserted_at);
    return rows;
  }

  // ---- data requests (issue 22) ----

  /** A page of the messages a data subject's agents wrote, by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<MessageDto[]> {
    return keysetPage(
      m,
      {
        columns: COLUMNS,
        table: 'messages',
        alias: 'm',
        scope: `m.workspace_id = $1 AND m.service_agent_id = ANY($2::uuid[])`,
        params: [s.workspaceId, s.serviceAgentIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /** Erasure: the bodies and channels of the subject's messages (the rows stay, so lists and counts do). */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    await m.query(
      `UPDATE messages SET body = '${ERASED}', channel = NULL
        WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND (body <> '${ERASED}' OR channel IS NOT NULL)`,
      [s.workspaceId, s.serviceAgentIds],
    );
  }
}
