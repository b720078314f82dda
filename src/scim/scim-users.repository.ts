import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { keysetPage, scimPage } from '../core/database/list-page';
import { type DataSubject, DataSubjectSection, EXPORT_PAGE_SIZE } from '../data-subjects';
import type { ScimPage } from '../core/listing/scim-page';
import type { UserFilter } from './scim-filter';
import type { ScimEmail, ScimName } from './scim-user-input';

/** A SCIM User row with the groups it belongs to. */
export interface ScimUserRow {
  id: string;
  workspace_id: string;
  user_id: string;
  user_name: string;
  external_id: string | null;
  display_name: string | null;
  name: ScimName;
  emails: ScimEmail[];
  enterprise: Record<string, unknown> | null;
  active: boolean;
  version: number;
  inserted_at: Date;
  updated_at: Date;
  groups: { value: string; display: string }[];
}

/** The stored attributes of a SCIM User. */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  name: ScimName;
  emails: ScimEmail[];
  enterprise: Record<string, unknown> | null;
  active: boolean;
}

const COLUMNS = `su.id, su.workspace_id, su.user_id, su.user_name, su.external_id, su.display_name, su.name, su.emails,
  su.enterprise, su.active, su.version, su.inserted_at, su.updated_at,
  COALESCE((SELECT json_agg(json_build_object('value', g.id, 'display', g.display_name) ORDER BY g.inserted_at, g.id)
              FROM scim_group_members gm JOIN scim_groups g ON g.id = gm.group_id
             WHERE gm.scim_user_id = su.id), '[]'::json) AS groups`;

/** The WHERE of a filter, from parameter $2 on; values are always parameters. */
function filterSql(filter: UserFilter | undefined): { sql: string; params: unknown[] } {
  if (!filter) return { sql: '', params: [] };
  switch (filter.attribute) {
    case 'userName':
      return { sql: ' AND lower(su.user_name) = lower($2)', params: [filter.value] };
    case 'externalId':
      return { sql: ' AND su.external_id = $2', params: [filter.value] };
    case 'email':
      return {
        sql: ` AND EXISTS (SELECT 1 FROM jsonb_array_elements(su.emails) e
                           WHERE lower(e->>'value') = lower($2) AND ($3::text IS NULL OR lower(e->>'type') = lower($3)))`,
        params: [filter.value, filter.type ?? null],
      };
  }
}

/** SQL of SCIM Users: the scim_users rows of one workspace and their group memberships. */
// Data requests about operators (issue 22): their SCIM record in the workspace.
@DataSubjectSection('scim_users')
@Injectable()
export class ScimUsersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(workspaceId: string, id: string, m: EntityManager = this.db.manager, lock = false): Promise<ScimUserRow | undefined> {
    const rows: ScimUserRow[] = await m.query(
      `SELECT ${COLUMNS} FROM scim_users su WHERE su.workspace_id = $1 AND su.id = $2${lock ? ' FOR UPDATE OF su' : ''}`,
      [workspaceId, id],
    );
    return rows[0];
  }

  /** One page in creation order (stable under paging) and the total the filter matches. */
  list(workspaceId: string, filter: UserFilter | undefined, page: ScimPage): Promise<{ rows: ScimUserRow[]; total: number }> {
    const where = filterSql(filter);
    return scimPage(
      this.db,
      {
        columns: COLUMNS,
        table: 'scim_users',
        alias: 'su',
        scope: `su.workspace_id = $1${where.sql}`,
        params: [workspaceId, ...where.params],
      },
      page,
    );
  }

  async insert(m: EntityManager, workspaceId: string, userId: string, f: ScimUserFields): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO scim_users (workspace_id, user_id, user_name, external_id, display_name, name, emails, enterprise, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [workspaceId, userId, f.userName, f.externalId, f.displayName, f.name, JSON.stringify(f.emails), f.enterprise, f.active],
    );
    return rows[0].id;
  }

  async update(m: EntityManager, id: string, f: ScimUserFields): Promise<void> {
    await m.query(
      `UPDATE scim_users SET user_name = $2, external_id = $3, display_name = $4, name = $5, emails = $6, enterprise = $7,
              active = $8, version = version + 1, updated_at = now()
        WHERE id = $1`,
      [id, f.userName, f.externalId, f.displayName, f.name, JSON.stringify(f.emails), f.enterprise, f.active],
    );
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM scim_users WHERE id = $1`, [id]);
  }

  /** Whether another SCIM User of the workspace has this userName (compared case-insensitively). */
  async userNameTaken(m: EntityManager, workspaceId: string, userName: string, except: string | null = null): Promise<boolean> {
    const rows = await m.query(
      `SELECT 1 FROM scim_users WHERE workspace_id = $1 AND lower(user_name) = lower($2) AND ($3::uuid IS NULL OR id <> $3)`,
      [workspaceId, userName, except],
    );
    return rows.length > 0;
  }

  /** The SCIM User of this workspace linked to an account, if any. */
  async findIdByAccount(m: EntityManager, workspaceId: string, userId: string): Promise<string | undefined> {
    const rows: { id: string }[] = await m.query(`SELECT id FROM scim_users WHERE workspace_id = $1 AND user_id = $2`, [
      workspaceId,
      userId,
    ]);
    return rows[0]?.id;
  }

  /** Of the given ids, those that are SCIM Users of this workspace (others are skipped). */
  async existingIds(m: EntityManager, workspaceId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: { id: string }[] = await m.query(`SELECT id FROM scim_users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [
      workspaceId,
      ids,
    ]);
    return rows.map((r) => r.id);
  }

  // ---- data requests (issue 22) ----

  /** A page of the SCIM records of a data subject (an operator) in the workspace, as the identity provider sent them; by id. */
  exportPage(m: EntityManager, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return keysetPage(
      m,
      {
        columns: `id, user_name, external_id, display_name, name, emails, enterprise, active, inserted_at, updated_at`,
        table: 'scim_users',
        alias: 'scim_users',
        scope: `workspace_id = $1 AND user_id = ANY($2::uuid[])`,
        params: [s.workspaceId, s.userIds],
      },
      after,
      EXPORT_PAGE_SIZE,
    );
  }

  /**
   * Erasure: the subject's SCIM record in the workspace (and its group memberships) is deleted,
   * and the sync log of its writes keeps no external id or detail.
   */
  async erase(m: EntityManager, s: DataSubject): Promise<void> {
    const [rows] = await m.query(`DELETE FROM scim_users WHERE workspace_id = $1 AND user_id = ANY($2::uuid[]) RETURNING id`, [
      s.workspaceId,
      s.userIds,
    ]);
    const ids = (rows as { id: string }[]).map((r) => r.id);
    if (ids.length === 0) return;
    await m.query(
      `UPDATE scim_sync_events SET external_id = NULL, detail = NULL WHERE workspace_id = $1 AND resource_id = ANY($2::uuid[])`,
      [s.workspaceId, ids],
    );
  }
}
