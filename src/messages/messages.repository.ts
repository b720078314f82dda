import { Injectable } from '@nestjs/common';
import type { ListQuery } from '../core/listing/list-query';
import { listSql } from '../core/listing/list-sql';
import { PreparedSql } from '../core/database/prepared-sql.service';
import { isoColumn } from '../core/database/sql';
import type { MessageDto } from './dto/message.dto';

const COLUMNS = `m.id, m.body, m.channel, m.service_agent_id, ${isoColumn('m', 'inserted_at')}`;

@Injectable()
export class MessagesRepository {
  constructor(private readonly sql: PreparedSql) {}

  async insert(workspaceId: string, serviceAgentId: string, body: string, channel: string | null): Promise<MessageDto> {
    const rows = await this.sql.rows<MessageDto>(
      'insert_message',
      `INSERT INTO messages AS m (workspace_id, service_agent_id, body, channel) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, serviceAgentId, body, channel],
    );
    return rows[0];
  }

  /** Newest first, stable under paging; served by messages_list_idx. */
  list(workspaceId: string, q: ListQuery): Promise<MessageDto[]> {
    const s = listSql(q, { sql: 'm.workspace_id = $1', params: [workspaceId], alias: 'm' });
    return this.sql.pageRows<MessageDto>(
      `list_messages${s.variant}`,
      `SELECT ${COLUMNS} FROM messages m ${s.where} ${s.orderBy} ${s.limit}`,
      s.params,
      q.page.offset,
    );
  }
}
