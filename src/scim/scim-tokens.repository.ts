import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { listPage } from '../core/database/list-page';
import type { ListQuery } from '../core/listing/list-query';

export interface ScimTokenRow {
  id: string;
  name: string;
  last_used_at: Date | null;
  inserted_at: Date;
}

/** The live token of a hash, with its workspace: what SCIM authentication needs. */
export interface ScimTokenIdentity {
  id: string;
  workspace_id: string;
  last_used_at: Date | null;
}

const COLUMNS = 'id, name, last_used_at, inserted_at';

/** SQL of SCIM tokens; only SHA-256 hashes of the tokens are stored. */
@Injectable()
export class ScimTokensRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(workspaceId: string, name: string, tokenHash: Buffer, createdBy: string): Promise<ScimTokenRow> {
    const rows: ScimTokenRow[] = await this.db.query(
      `INSERT INTO scim_tokens (workspace_id, name, token_hash, created_by) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, name, tokenHash, createdBy],
    );
    return rows[0];
  }

  /** Live (unrevoked) tokens of the workspace, newest first. */
  list(workspaceId: string, q: ListQuery): Promise<{ rows: ScimTokenRow[]; total: number }> {
    return listPage(
      this.db,
      { columns: COLUMNS, table: 'scim_tokens', scope: 'workspace_id = $1 AND revoked_at IS NULL', params: [workspaceId] },
      q,
    );
  }

  /** Revokes a live token of the workspace; false when there is none with that id. */
  async revoke(workspaceId: string, id: string): Promise<boolean> {
    // UPDATE ... RETURNING answers [rows, affected]
    const [rows] = await this.db.query(
      `UPDATE scim_tokens SET revoked_at = now() WHERE id = $1 AND workspace_id = $2 AND revoked_at IS NULL RETURNING id`,
      [id, workspaceId],
    );
    return rows.length > 0;
  }

  async findLive(tokenHash: Buffer): Promise<ScimTokenIdentity | undefined> {
    const rows: ScimTokenIdentity[] = await this.db.query(
      `SELECT id, workspace_id, last_used_at FROM scim_tokens WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash],
    );
    return rows[0];
  }

  /** Records a use, at most once a minute per token. */
  async touch(id: string): Promise<void> {
    await this.db.query(
      `UPDATE scim_tokens SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }
}
