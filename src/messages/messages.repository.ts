import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { isoColumn, utcIso, utcTextColumn } from '../core/database/sql';
import { statement } from '../core/database/statement';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE, type PagedSubjectData } from '../data-subjects';
import { MESSAGE_LIST, type MessageDto } from './dto/message.dto';
import type { ListQuery } from '../core/listing/list-query';

/** What an erasure leaves of a message body. */
export const ERASED = '[erased]';

/** A message's columns, its time rendered by `insertedAt` (a column helper of core/database/sql). */
const columns = (insertedAt: (table: string, column: string) => string) =>
  `m.id, m.body, m.channel, m.service_agent_id, ${insertedAt('m', 'inserted_at')}`;
const COLUMNS = columns(isoColumn);
/** The list's columns: the same, with the time formatted in Node (utcTextColumn, then utcIso). */
const LIST_COLUMNS = columns(utcTextColumn);
const MESSAGE_ROW = { id: t.uuid, body: t.text, channel: t.text.null, service_agent_id: t.uuid, inserted_at: t.text };

const INSERT_MESSAGE = statement({
  label: 'insert_message',
  lane: 'committed',
  text: `INSERT INTO messages AS m (workspace_id, service_agent_id, body, channel) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.uuid, t.text, t.text.null],
  row: MESSAGE_ROW,
});

/** Newest first, stable under paging; served by messages_list_idx. */
const MESSAGES = listStatements(MESSAGE_LIST, {
  label: 'list_messages',
  columns: LIST_COLUMNS,
  from: 'messages',
  alias: 'm',
  scope: 'm.workspace_id = $1',
  params: [t.uuid],
  row: MESSAGE_ROW,
  lane: 'read',
});

/** A page of the messages a data subject's agents wrote, by id. */
const EXPORT_MESSAGES = keysetStatement({
  label: 'export_messages',
  columns: COLUMNS,
  from: 'messages',
  alias: 'm',
  scope: `m.workspace_id = $1 AND m.service_agent_id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: MESSAGE_ROW,
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure: the bodies and channels of the subject's messages (the rows stay, so lists and counts do). */
const ERASE_MESSAGES = statement({
  label: 'erase_messages',
  text: `UPDATE messages SET body = '${ERASED}', channel = NULL
          WHERE workspace_id = $1 AND service_agent_id = ANY($2::uuid[]) AND (body <> '${ERASED}' OR channel IS NOT NULL)`,
  params: [t.uuid, t.uuidArray],
});

// Data requests: the messages of a subject's agents; an erasure blanks their bodies.
@DataSubjectSection('messages')
@Injectable()
export class MessagesRepository implements PagedSubjectData {
  constructor(private readonly db: Db) {}

  insert(workspaceId: string, serviceAgentId: string, body: string, channel: string | null): Promise<MessageDto> {
    return this.db.one(INSERT_MESSAGE, [workspaceId, serviceAgentId, body, channel]);
  }

  async list(workspaceId: string, q: ListQuery): Promise<MessageDto[]> {
    const rows = await this.db.listRows(MESSAGES, [workspaceId], q);
    for (const row of rows) row.inserted_at = utcIso(row.inserted_at);
    return rows;
  }

  // ---- data requests (issue 22) ----

  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<MessageDto[]> {
    return m.rows(EXPORT_MESSAGES, [s.workspaceId, s.serviceAgentIds, after ?? null]);
  }

  async erase(m: Tx, s: DataSubject): Promise<void> {
    await m.run(ERASE_MESSAGES, [s.workspaceId, s.serviceAgentIds]);
  }
}
