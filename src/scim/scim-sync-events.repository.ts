import { Injectable } from '@nestjs/common';
import { Db, type Queryable } from '../core/database/db.service';
import { listStatements } from '../core/database/list-statements';
import { t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { SCIM_EVENT_LIST } from './dto/scim-operator.dto';
import type { ListQuery } from '../core/listing/list-query';

export type ScimOperation = 'create' | 'replace' | 'patch' | 'delete';
export type ScimResourceType = 'User' | 'Group';
type SyncStatus = 'success' | 'failure';

export interface ScimSyncEventRow {
  id: string;
  operation: ScimOperation;
  resource_type: ScimResourceType;
  resource_id: string | null;
  external_id: string | null;
  status: SyncStatus;
  status_code: number;
  detail: string | null;
  inserted_at: Date;
}

export interface ScimSyncEventInput {
  operation: ScimOperation;
  resourceType: ScimResourceType;
  resourceId: string | null;
  externalId: string | null;
  status: SyncStatus;
  statusCode: number;
  detail: string | null;
}

const INSERT_SYNC_EVENT = statement({
  label: 'insert_scim_sync_event',
  text: `INSERT INTO scim_sync_events (workspace_id, operation, resource_type, resource_id, external_id, status, status_code, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  params: [
    t.uuid,
    t.text.of<ScimOperation>(),
    t.text.of<ScimResourceType>(),
    t.uuid.null,
    t.text.null,
    t.text.of<SyncStatus>(),
    t.int,
    t.text.null,
  ],
});

const SYNC_EVENTS = listStatements(SCIM_EVENT_LIST, {
  label: 'list_scim_sync_events',
  columns: 'id, operation, resource_type, resource_id, external_id, status, status_code, detail, inserted_at',
  from: 'scim_sync_events',
  scope: 'workspace_id = $1',
  params: [t.uuid],
  row: {
    id: t.uuid,
    operation: t.text.of<ScimOperation>(),
    resource_type: t.text.of<ScimResourceType>(),
    resource_id: t.uuid.null,
    external_id: t.text.null,
    status: t.text.of<SyncStatus>(),
    status_code: t.int,
    detail: t.text.null,
    inserted_at: t.timestamptz,
  },
});

/** SQL of the SCIM sync log: one row per SCIM write and refused write. */
@Injectable()
export class ScimSyncEventsRepository {
  constructor(private readonly db: Db) {}

  /** In `q`'s transaction (a success commits with its write), or on its own (a refusal, after the rollback). */
  async insert(workspaceId: string, e: ScimSyncEventInput, q: Queryable = this.db): Promise<void> {
    await q.run(INSERT_SYNC_EVENT, [
      workspaceId,
      e.operation,
      e.resourceType,
      e.resourceId,
      e.externalId,
      e.status,
      e.statusCode,
      e.detail,
    ]);
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: ScimSyncEventRow[]; total: number }> {
    return this.db.list(SYNC_EVENTS, [workspaceId], q);
  }
}
