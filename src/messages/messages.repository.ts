import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Page } from '../common/pagination/pagination';
import { isoColumn } from '../database/sql';
import type { MessageDto } from './dto/message.dto';

const COLUMNS = `id, body, channel, service_agent_id, ${isoColumn('inserted_at')}`;

@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(workspaceId: string, serviceAgentId: string, body: string, channel: string | null): Promise<MessageDto> {
    const rows = await this.db.query(
      `INSERT INTO messages (workspace_id, service_agent_id, body, channel) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, serviceAgentId, body, channel],
    );
    return rows[0];
  }

  /** Newest first, stable under paging; served by messages_list_idx. */
  list(workspaceId: string, page: Page): Promise<MessageDto[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM messages WHERE workspace_id = $1
        ORDER BY inserted_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [workspaceId, page.limit, page.offset],
    );
  }
}
