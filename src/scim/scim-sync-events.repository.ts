import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { listPage } from '../core/database/list-page';
import type { ListQuery } from '../core/listing/list-query';

export type ScimOperation = 'create' | 'replace' | 'patch' | 'delete';
export type ScimResourceType = 'User' | 'Group';

export interface ScimSyncEventRow {
  id: string;
  operation: ScimOperation;
  resource_type: ScimResourceType;
  resource_id: string | null;
  external_id: string | null;
  status: 'success' | 'failure';
  status_code: number;
  detail: string | null;
  inserted_at: Date;
}

export interface ScimSyncEventInput {
  operation: ScimOperation;
  resourceType: ScimResourceType;
  resourceId: string | null;
  externalId: string | null;
  status: 'success' | 'failure';
  statusCode: number;
  detail: string | null;
}

const COLUMNS = 'id, operation, resource_type, resource_id, external_id, status, status_code, detail, inserted_at';

/** SQL of the SCIM sync log: one row per SCIM write and refused write. */
@Injectable()
export class ScimSyncEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(workspaceId: string, e: ScimSyncEventInput, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(
      `INSERT INTO scim_sync_events (workspace_id, operation, resource_type, resource_id, external_id, status, status_code, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [workspaceId, e.operation, e.resourceType, e.resourceId, e.externalId, e.status, e.statusCode, e.detail],
    );
  }

  list(workspaceId: string, q: ListQuery): Promise<{ rows: ScimSyncEventRow[]; total: number }> {
    return listPage(this.db, { columns: COLUMNS, table: 'scim_sync_events', scope: 'workspace_id = $1', params: [workspaceId] }, q);
  }
}
