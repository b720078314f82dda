import { Injectable } from '@nestjs/common';
import { Db, type Queryable } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { SCIM_TOKEN_LIST } from './dto/scim-operator.dto';
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
const TOKEN_ROW = { id: t.uuid, name: t.text, last_used_at: t.timestamptz.null, inserted_at: t.timestamptz };

const INSERT_TOKEN = statement({
  label: 'insert_scim_token',
  text: `INSERT INTO scim_tokens (workspace_id, name, token_hash, created_by) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
  params: [t.uuid, t.text, t.bytea, t.uuid],
  row: TOKEN_ROW,
});

/** Live (unrevoked) tokens of the workspace, newest first. */
const TOKENS = listStatements(SCIM_TOKEN_LIST, {
  label: 'list_scim_tokens',
  columns: COLUMNS,
  from: 'scim_tokens',
  scope: 'workspace_id = $1 AND revoked_at IS NULL',
  params: [t.uuid],
  row: TOKEN_ROW,
});

const REVOKE_TOKEN = statement({
  label: 'revoke_scim_token',
  text: `UPDATE scim_tokens SET revoked_at = now() WHERE id = $1 AND workspace_id = $2 AND revoked_at IS NULL RETURNING id, name`,
  params: [t.uuid, t.uuid],
  row: { id: t.uuid, name: t.text },
});

/** Every SCIM request's authentication (ScimAuthStrategy). */
const FIND_LIVE_TOKEN = statement({
  label: 'find_live_scim_token',
  text: `SELECT id, workspace_id, last_used_at FROM scim_tokens WHERE token_hash = $1 AND revoked_at IS NULL`,
  params: [t.bytea],
  row: { id: t.uuid, workspace_id: t.uuid, last_used_at: t.timestamptz.null },
});

const TOUCH_TOKEN = statement({
  label: 'touch_scim_token',
  text: `UPDATE scim_tokens SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
  params: [t.uuid],
});

/** SQL of SCIM tokens; only SHA-256 hashes of the tokens are stored. */
@Injectable()
export class ScimTokensRepository {
  constructor(private readonly db: Db) {}

  /** In `q`'s transaction (with its audit event). */
  insert(q: Queryable, workspaceId: string, name: string, tokenHash: Buffer, createdBy: string): Promise<ScimTokenRow> {
    return q.one(INSERT_TOKEN, [workspaceId, name, tokenHash, createdBy]);
  }

  /** Live (unrevoked) tokens of the workspace, newest first. */
  list(workspaceId: string, q: ListQuery): Promise<{ rows: ScimTokenRow[]; total: number }> {
    return this.db.list(TOKENS, [workspaceId], q);
  }

  /** Revokes a live token of the workspace, in `q`'s transaction; undefined when there is none with that id. */
  revoke(q: Queryable, workspaceId: string, id: string): Promise<{ id: string; name: string } | undefined> {
    return q.maybe(REVOKE_TOKEN, [id, workspaceId]);
  }

  findLive(tokenHash: Buffer): Promise<ScimTokenIdentity | undefined> {
    return this.db.maybe(FIND_LIVE_TOKEN, [tokenHash]);
  }

  /** Records a use, at most once a minute per token. */
  async touch(id: string): Promise<void> {
    await this.db.run(TOUCH_TOKEN, [id]);
  }
}
