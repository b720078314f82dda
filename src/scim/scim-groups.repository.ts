import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { listStatements, scimListStatements } from '../core/database/list-statements';
import { type PgType, t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
import { SCIM_GROUP_LIST } from './dto/scim-operator.dto';
import type { ListQuery } from '../core/listing/list-query';
import type { ScimPage } from '../core/listing/scim-page';
import type { GroupRole } from './dto/scim-operator.dto';
import type { GroupFilter } from './scim-filter';

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
const GROUP_ROW = {
  id: t.uuid,
  workspace_id: t.uuid,
  display_name: t.text,
  external_id: t.text.null,
  role: t.text.of<GroupRole>().null,
  version: t.int,
  inserted_at: t.timestamptz,
  updated_at: t.timestamptz,
};
const OPERATOR_GROUP_ROW = {
  id: t.uuid,
  display_name: t.text,
  external_id: t.text.null,
  role: t.text.of<GroupRole>().null,
  inserted_at: t.timestamptz,
  updated_at: t.timestamptz,
  member_count: t.int,
};

const FIND_GROUP = statement({
  label: 'scim_find_group',
  text: `SELECT ${COLUMNS} FROM scim_groups g WHERE g.workspace_id = $1 AND g.id = $2`,
  params: [t.uuid, t.uuid],
  row: GROUP_ROW,
});

const LOCK_GROUP = statement({
  label: 'scim_lock_group',
  text: `SELECT ${COLUMNS} FROM scim_groups g WHERE g.workspace_id = $1 AND g.id = $2 FOR UPDATE`,
  params: [t.uuid, t.uuid],
  row: GROUP_ROW,
});

/** A SCIM page of the workspace's groups, one per filter it supports (scim-filter.ts); values are parameters. */
const scimGroups = <const P extends readonly PgType<unknown, unknown>[]>(label: string, filter: string, params: P) =>
  scimListStatements({
    label,
    columns: COLUMNS,
    from: 'scim_groups',
    alias: 'g',
    scope: `g.workspace_id = $1${filter}`,
    params,
    row: GROUP_ROW,
  });
const GROUPS = scimGroups('scim_list_groups', '', [t.uuid]);
const GROUPS_BY_DISPLAY_NAME = scimGroups('scim_list_groups_by_display_name', ' AND lower(g.display_name) = lower($2)', [t.uuid, t.text]);
const GROUPS_BY_EXTERNAL_ID = scimGroups('scim_list_groups_by_external_id', ' AND g.external_id = $2', [t.uuid, t.text]);

/** The members of each group, in the order they joined. */
const GROUP_MEMBERS = statement({
  label: 'scim_group_members',
  text: `SELECT gm.group_id, su.id AS value, COALESCE(su.display_name, su.user_name) AS display
         FROM scim_group_members gm JOIN scim_users su ON su.id = gm.scim_user_id
        WHERE gm.group_id = ANY($1::uuid[]) ORDER BY gm.inserted_at, su.id`,
  params: [t.uuidArray],
  row: { group_id: t.uuid, value: t.uuid, display: t.text },
});

const INSERT_GROUP = statement({
  label: 'scim_insert_group',
  text: `INSERT INTO scim_groups (workspace_id, display_name, external_id) VALUES ($1, $2, $3) RETURNING id`,
  params: [t.uuid, t.text, t.text.null],
  row: { id: t.uuid },
});

const UPDATE_GROUP = statement({
  label: 'scim_update_group',
  text: `UPDATE scim_groups SET display_name = $2, external_id = $3, version = version + 1, updated_at = now() WHERE id = $1`,
  params: [t.uuid, t.text, t.text.null],
});

const TOUCH_GROUP = statement({
  label: 'scim_touch_group',
  text: `UPDATE scim_groups SET version = version + 1, updated_at = now() WHERE id = $1`,
  params: [t.uuid],
});

const DELETE_GROUP = statement({
  label: 'scim_delete_group',
  text: `DELETE FROM scim_groups WHERE id = $1`,
  params: [t.uuid],
});

const ADD_MEMBERS = statement({
  label: 'scim_add_group_members',
  text: `INSERT INTO scim_group_members (group_id, scim_user_id)
       SELECT $1, su.id FROM scim_users su WHERE su.workspace_id = $2 AND su.id = ANY($3::uuid[])
       ON CONFLICT DO NOTHING RETURNING scim_user_id`,
  params: [t.uuid, t.uuid, t.uuidArray],
  row: { scim_user_id: t.uuid },
});

const REMOVE_MEMBERS = statement({
  label: 'scim_remove_group_members',
  text: `DELETE FROM scim_group_members WHERE group_id = $1 AND scim_user_id = ANY($2::uuid[]) RETURNING scim_user_id`,
  params: [t.uuid, t.uuidArray],
  row: { scim_user_id: t.uuid },
});

const REMOVE_ALL_MEMBERS = statement({
  label: 'scim_remove_all_group_members',
  text: `DELETE FROM scim_group_members WHERE group_id = $1 RETURNING scim_user_id`,
  params: [t.uuid],
  row: { scim_user_id: t.uuid },
});

const MEMBER_IDS = statement({
  label: 'scim_group_member_ids',
  text: `SELECT scim_user_id FROM scim_group_members WHERE group_id = $1`,
  params: [t.uuid],
  row: { scim_user_id: t.uuid },
});

/** Groups of the workspace for the operator console, with their member counts. */
const OPERATOR_GROUPS = listStatements(SCIM_GROUP_LIST, {
  label: 'list_scim_groups',
  columns: `id, display_name, external_id, role, inserted_at, updated_at,
                  (SELECT count(*)::int FROM scim_group_members gm WHERE gm.group_id = scim_groups.id) AS member_count`,
  from: 'scim_groups',
  scope: 'workspace_id = $1',
  params: [t.uuid],
  row: OPERATOR_GROUP_ROW,
});

const SET_GROUP_ROLE = statement({
  label: 'scim_set_group_role',
  text: `UPDATE scim_groups SET role = $3, updated_at = now() WHERE id = $1 AND workspace_id = $2 RETURNING id`,
  params: [t.uuid, t.uuid, t.text.of<GroupRole>().null],
  row: { id: t.uuid },
});

const FIND_OPERATOR_GROUP = statement({
  label: 'scim_find_operator_group',
  text: `SELECT id, display_name, external_id, role, inserted_at, updated_at,
              (SELECT count(*)::int FROM scim_group_members gm WHERE gm.group_id = g.id) AS member_count
         FROM scim_groups g WHERE g.workspace_id = $1 AND g.id = $2`,
  params: [t.uuid, t.uuid],
  row: OPERATOR_GROUP_ROW,
});

/**
 * SQL of SCIM Groups. Membership is rows of scim_group_members, changed by statements that add or
 * remove exactly the named members (never a read-modify-write of a list), so concurrent PATCHes of
 * one group's members cannot lose each other's changes.
 */
@Injectable()
export class ScimGroupsRepository {
  constructor(private readonly db: Db) {}

  find(workspaceId: string, id: string): Promise<ScimGroupRow | undefined> {
    return this.db.maybe(FIND_GROUP, [workspaceId, id]);
  }

  /** The group, row-locked until the write's transaction ends. */
  findForUpdate(tx: Tx, workspaceId: string, id: string): Promise<ScimGroupRow | undefined> {
    return tx.maybe(LOCK_GROUP, [workspaceId, id]);
  }

  list(workspaceId: string, filter: GroupFilter | undefined, page: ScimPage): Promise<{ rows: ScimGroupRow[]; total: number }> {
    if (!filter) return this.db.scimList(GROUPS, [workspaceId], page);
    return filter.attribute === 'displayName'
      ? this.db.scimList(GROUPS_BY_DISPLAY_NAME, [workspaceId, filter.value], page)
      : this.db.scimList(GROUPS_BY_EXTERNAL_ID, [workspaceId, filter.value], page);
  }

  /** The members of each group, in the order they joined. */
  async members(groupIds: string[]): Promise<Map<string, GroupMember[]>> {
    const out = new Map<string, GroupMember[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return out;
    for (const r of await this.db.rows(GROUP_MEMBERS, [groupIds])) out.get(r.group_id)!.push({ value: r.value, display: r.display });
    return out;
  }

  async insert(tx: Tx, workspaceId: string, displayName: string, externalId: string | null): Promise<string> {
    return (await tx.one(INSERT_GROUP, [workspaceId, displayName, externalId])).id;
  }

  async update(tx: Tx, id: string, displayName: string, externalId: string | null): Promise<void> {
    await tx.run(UPDATE_GROUP, [id, displayName, externalId]);
  }

  /** Marks a change of members only (meta.version and lastModified move). */
  async touch(tx: Tx, id: string): Promise<void> {
    await tx.run(TOUCH_GROUP, [id]);
  }

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.run(DELETE_GROUP, [id]);
  }

  /** Adds those of `userIds` that are SCIM Users of the group's workspace; returns the ones added. */
  async addMembers(tx: Tx, groupId: string, workspaceId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    return (await tx.rows(ADD_MEMBERS, [groupId, workspaceId, userIds])).map((r) => r.scim_user_id);
  }

  /** Removes the named members (all when `userIds` is undefined); returns the ones removed. */
  async removeMembers(tx: Tx, groupId: string, userIds?: string[]): Promise<string[]> {
    if (userIds && userIds.length === 0) return [];
    const rows = userIds ? await tx.rows(REMOVE_MEMBERS, [groupId, userIds]) : await tx.rows(REMOVE_ALL_MEMBERS, [groupId]);
    return rows.map((r) => r.scim_user_id);
  }

  async memberIds(tx: Tx, groupId: string): Promise<string[]> {
    return (await tx.rows(MEMBER_IDS, [groupId])).map((r) => r.scim_user_id);
  }

  /** Groups of the workspace for the operator console, with their member counts. */
  listForOperators(workspaceId: string, q: ListQuery): Promise<{ rows: OperatorScimGroupRow[]; total: number }> {
    return this.db.list(OPERATOR_GROUPS, [workspaceId], q);
  }

  /** Sets the workspace role a group grants; false when the group is not in the workspace. */
  async setRole(tx: Tx, workspaceId: string, id: string, role: GroupRole | null): Promise<boolean> {
    return (await tx.rows(SET_GROUP_ROLE, [id, workspaceId, role])).length > 0;
  }

  findForOperators(workspaceId: string, id: string): Promise<OperatorScimGroupRow | undefined> {
    return this.db.maybe(FIND_OPERATOR_GROUP, [workspaceId, id]);
  }
}
