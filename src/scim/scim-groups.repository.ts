import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { listPage, scimPage } from '../core/database/list-page';
import type { ListQuery } from '../core/listing/list-query';
import type { ScimPage } from '../core/listing/scim-page';
import type { GroupFilter } from './scim-filter';

export type GroupRole = 'admin' | 'member';

export interface ScimGroupRow {
  id: string;
  workspace_id: string;
  display_name: string;
  external_id: string | null;
  role: GroupRole | null;
  version: number;
  inserted_at: Date;
  updated_at: Date;
}

export interface GroupMember {
  value: string;
  display: string;
}

/** A group as the operator console lists it. */
export interface OperatorScimGroupRow {
  id: string;
  display_name: string;
  external_id: string | null;
  role: GroupRole | null;
  member_count: number;
  inserted_at: Date;
  updated_at: Date;
}

const COLUMNS = 'g.id, g.workspace_id, g.display_name, g.external_id, g.role, g.version, g.inserted_at, g.updated_at';

function filterSql(filter: GroupFilter | undefined): { sql: string; params: unknown[] } {
  if (!filter) return { sql: '', params: [] };
  return filter.attribute === 'displayName'
    ? { sql: ' AND lower(g.display_name) = lower($2)', params: [filter.value] }
    : { sql: ' AND g.external_id = $2', params: [filter.value] };
}

/**
 * SQL of SCIM Groups. Membership is rows of scim_group_members, changed by statements that add or
 * remove exactly the named members (never a read-modify-write of a list), so concurrent PATCHes of
 * one group's members cannot lose each other's changes.
 */
@Injectable()
export class ScimGroupsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(workspaceId: string, id: string, m: EntityManager = this.db.manager, lock = false): Promise<ScimGroupRow | undefined> {
    const rows: ScimGroupRow[] = await m.query(
      `SELECT ${COLUMNS} FROM scim_groups g WHERE g.workspace_id = $1 AND g.id = $2${lock ? ' FOR UPDATE' : ''}`,
      [workspaceId, id],
    );
    return rows[0];
  }

  list(workspaceId: string, filter: GroupFilter | undefined, page: ScimPage): Promise<{ rows: ScimGroupRow[]; total: number }> {
    const where = filterSql(filter);
    return scimPage(
      this.db,
      {
        columns: COLUMNS,
        table: 'scim_groups',
        alias: 'g',
        scope: `g.workspace_id = $1${where.sql}`,
        params: [workspaceId, ...where.params],
      },
      page,
    );
  }

  /** The members of each group, in the order they joined. */
  async members(groupIds: string[], m: EntityManager = this.db.manager): Promise<Map<string, GroupMember[]>> {
    const out = new Map<string, GroupMember[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return out;
    const rows: { group_id: string; value: string; display: string }[] = await m.query(
      `SELECT gm.group_id, su.id AS value, COALESCE(su.display_name, su.user_name) AS display
         FROM scim_group_members gm JOIN scim_users su ON su.id = gm.scim_user_id
        WHERE gm.group_id = ANY($1::uuid[]) ORDER BY gm.inserted_at, su.id`,
      [groupIds],
    );
    for (const r of rows) out.get(r.group_id)!.push({ value: r.value, display: r.display });
    return out;
  }

  async insert(m: EntityManager, workspaceId: string, displayName: string, externalId: string | null): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO scim_groups (workspace_id, display_name, external_id) VALUES ($1, $2, $3) RETURNING id`,
      [workspaceId, displayName, externalId],
    );
    return rows[0].id;
  }

  async update(m: EntityManager, id: string, displayName: string, externalId: string | null): Promise<void> {
    await m.query(`UPDATE scim_groups SET display_name = $2, external_id = $3, version = version + 1, updated_at = now() WHERE id = $1`, [
      id,
      displayName,
      externalId,
    ]);
  }

  /** Marks a change of members only (meta.version and lastModified move). */
  async touch(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE scim_groups SET version = version + 1, updated_at = now() WHERE id = $1`, [id]);
  }

  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM scim_groups WHERE id = $1`, [id]);
  }

  /** Adds those of `userIds` that are SCIM Users of the group's workspace; returns the ones added. */
  async addMembers(m: EntityManager, groupId: string, workspaceId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows: { scim_user_id: string }[] = await m.query(
      `INSERT INTO scim_group_members (group_id, scim_user_id)
       SELECT $1, su.id FROM scim_users su WHERE su.workspace_id = $2 AND su.id = ANY($3::uuid[])
       ON CONFLICT DO NOTHING RETURNING scim_user_id`,
      [groupId, workspaceId, userIds],
    );
    return rows.map((r) => r.scim_user_id);
  }

  /** Removes the named members (all when `userIds` is undefined); returns the ones removed. */
  async removeMembers(m: EntityManager, groupId: string, userIds?: string[]): Promise<string[]> {
    if (userIds && userIds.length === 0) return [];
    const [rows]: [{ scim_user_id: string }[]] = await m.query(
      userIds
        ? `DELETE FROM scim_group_members WHERE group_id = $1 AND scim_user_id = ANY($2::uuid[]) RETURNING scim_user_id`
        : `DELETE FROM scim_group_members WHERE group_id = $1 RETURNING scim_user_id`,
      userIds ? [groupId, userIds] : [groupId],
    );
    return rows.map((r) => r.scim_user_id);
  }

  async memberIds(m: EntityManager, groupId: string): Promise<string[]> {
    const rows: { scim_user_id: string }[] = await m.query(`SELECT scim_user_id FROM scim_group_members WHERE group_id = $1`, [groupId]);
    return rows.map((r) => r.scim_user_id);
  }

  /** Groups of the workspace for the operator console, with their member counts. */
  listForOperators(workspaceId: string, q: ListQuery): Promise<{ rows: OperatorScimGroupRow[]; total: number }> {
    return listPage(
      this.db,
      {
        columns: `id, display_name, external_id, role, inserted_at, updated_at,
                  (SELECT count(*)::int FROM scim_group_members gm WHERE gm.group_id = scim_groups.id) AS member_count`,
        table: 'scim_groups',
        scope: 'workspace_id = $1',
        params: [workspaceId],
      },
      q,
    );
  }

  /** Sets the workspace role a group grants; undefined when the group is not in the workspace. */
  async setRole(m: EntityManager, workspaceId: string, id: string, role: GroupRole | null): Promise<boolean> {
    const [rows] = await m.query(`UPDATE scim_groups SET role = $3, updated_at = now() WHERE id = $1 AND workspace_id = $2 RETURNING id`, [
      id,
      workspaceId,
      role,
    ]);
    return rows.length > 0;
  }

  async findForOperators(workspaceId: string, id: string): Promise<OperatorScimGroupRow | undefined> {
    const rows: OperatorScimGroupRow[] = await this.db.query(
      `SELECT id, display_name, external_id, role, inserted_at, updated_at,
              (SELECT count(*)::int FROM scim_group_members gm WHERE gm.group_id = g.id) AS member_count
         FROM scim_groups g WHERE g.workspace_id = $1 AND g.id = $2`,
      [workspaceId, id],
    );
    return rows[0];
  }
}
