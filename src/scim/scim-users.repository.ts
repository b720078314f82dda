import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '../core/database/db.service';
import { keysetStatement, scimListStatements } from '../core/database/list-statements';
import { type PgType, t } from '../core/database/pg-types';
import { statement } from '../core/database/statement';
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
const USER_ROW = {
  id: t.uuid,
  workspace_id: t.uuid,
  user_id: t.uuid,
  user_name: t.text,
  external_id: t.text.null,
  display_name: t.text.null,
  name: t.json.of<ScimName>(),
  emails: t.json.of<ScimEmail[]>(),
  enterprise: t.json.of<Record<string, unknown>>().null,
  active: t.bool,
  version: t.int,
  inserted_at: t.timestamptz,
  updated_at: t.timestamptz,
  groups: t.json.of<{ value: string; display: string }[]>(),
};

const FIND_USER = statement({
  label: 'scim_find_user',
  text: `SELECT ${COLUMNS} FROM scim_users su WHERE su.workspace_id = $1 AND su.id = $2`,
  params: [t.uuid, t.uuid],
  row: USER_ROW,
});

const LOCK_USER = statement({
  label: 'scim_lock_user',
  text: `SELECT ${COLUMNS} FROM scim_users su WHERE su.workspace_id = $1 AND su.id = $2 FOR UPDATE OF su`,
  params: [t.uuid, t.uuid],
  row: USER_ROW,
});

/**
 * A SCIM page of the workspace's users in creation order, one per filter scim-filter.ts parses
 * (its WHERE from parameter $2 on; values are always parameters).
 */
const scimUsers = <const P extends readonly PgType<unknown, unknown>[]>(label: string, filter: string, params: P) =>
  scimListStatements({
    label,
    columns: COLUMNS,
    from: 'scim_users',
    alias: 'su',
    scope: `su.workspace_id = $1${filter}`,
    params,
    row: USER_ROW,
  });
const USERS = scimUsers('scim_list_users', '', [t.uuid]);
/** userName: compared case-insensitively. */
const USERS_BY_USER_NAME = scimUsers('scim_list_users_by_user_name', ' AND lower(su.user_name) = lower($2)', [t.uuid, t.text]);
/** externalId: compared exactly. */
const USERS_BY_EXTERNAL_ID = scimUsers('scim_list_users_by_external_id', ' AND su.external_id = $2', [t.uuid, t.text]);
/** Any of the user's emails, compared case-insensitively; a type ($3), when given, narrows to emails of that type. */
const USERS_BY_EMAIL = scimUsers(
  'scim_list_users_by_email',
  ` AND EXISTS (SELECT 1 FROM jsonb_array_elements(su.emails) e
                           WHERE lower(e->>'value') = lower($2) AND ($3::text IS NULL OR lower(e->>'type') = lower($3)))`,
  [t.uuid, t.text, t.text.null],
);

const INSERT_USER = statement({
  label: 'scim_insert_user',
  text: `INSERT INTO scim_users (workspace_id, user_id, user_name, external_id, display_name, name, emails, enterprise, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
  params: [t.uuid, t.uuid, t.text, t.text.null, t.text.null, t.json, t.json, t.json.null, t.bool],
  row: { id: t.uuid },
});

const UPDATE_USER = statement({
  label: 'scim_update_user',
  text: `UPDATE scim_users SET user_name = $2, external_id = $3, display_name = $4, name = $5, emails = $6, enterprise = $7,
              active = $8, version = version + 1, updated_at = now()
        WHERE id = $1`,
  params: [t.uuid, t.text, t.text.null, t.text.null, t.json, t.json, t.json.null, t.bool],
});

const DELETE_USER = statement({
  label: 'scim_delete_user',
  text: `DELETE FROM scim_users WHERE id = $1`,
  params: [t.uuid],
});

const USER_NAME_TAKEN = statement({
  label: 'scim_user_name_taken',
  text: `SELECT 1 AS taken FROM scim_users WHERE workspace_id = $1 AND lower(user_name) = lower($2) AND ($3::uuid IS NULL OR id <> $3)`,
  params: [t.uuid, t.text, t.uuid.null],
  row: { taken: t.int },
});

const USER_ID_BY_ACCOUNT = statement({
  label: 'scim_user_id_by_account',
  text: `SELECT id FROM scim_users WHERE workspace_id = $1 AND user_id = $2`,
  params: [t.uuid, t.uuid],
  row: { id: t.uuid },
});

const EXISTING_USER_IDS = statement({
  label: 'scim_existing_user_ids',
  text: `SELECT id FROM scim_users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid },
});

/** A page of the SCIM records of a data subject (an operator) in the workspace, as the identity provider sent them; by id. */
const EXPORT_SCIM_USERS = keysetStatement({
  label: 'export_scim_users',
  columns: `id, user_name, external_id, display_name, name, emails, enterprise, active, inserted_at, updated_at`,
  from: 'scim_users',
  alias: 'scim_users',
  scope: `workspace_id = $1 AND user_id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
  row: {
    id: t.uuid,
    user_name: t.text,
    external_id: t.text.null,
    display_name: t.text.null,
    name: t.json,
    emails: t.json,
    enterprise: t.json.null,
    active: t.bool,
    inserted_at: t.timestamptz,
    updated_at: t.timestamptz,
  },
  limit: EXPORT_PAGE_SIZE,
});

/** Erasure, first: the subject's SCIM records in the workspace (their group memberships go with them). */
const ERASE_SCIM_USERS = statement({
  label: 'erase_scim_users',
  text: `DELETE FROM scim_users WHERE workspace_id = $1 AND user_id = ANY($2::uuid[]) RETURNING id`,
  params: [t.uuid, t.uuidArray],
  row: { id: t.uuid },
});

/** Erasure, then: the sync log of their writes keeps no external id or detail. */
const ERASE_SCIM_SYNC_EVENTS = statement({
  label: 'erase_scim_sync_events',
  text: `UPDATE scim_sync_events SET external_id = NULL, detail = NULL WHERE workspace_id = $1 AND resource_id = ANY($2::uuid[])`,
  params: [t.uuid, t.uuidArray],
});

/** SQL of SCIM Users: the scim_users rows of one workspace and their group memberships. */
// Data requests about operators (issue 22): their SCIM record in the workspace.
@DataSubjectSection('scim_users')
@Injectable()
export class ScimUsersRepository {
  constructor(private readonly db: Db) {}

  find(workspaceId: string, id: string): Promise<ScimUserRow | undefined> {
    return this.db.maybe(FIND_USER, [workspaceId, id]);
  }

  /** The SCIM User, row-locked until the write's transaction ends. */
  findForUpdate(tx: Tx, workspaceId: string, id: string): Promise<ScimUserRow | undefined> {
    return tx.maybe(LOCK_USER, [workspaceId, id]);
  }

  /** One page in creation order (stable under paging) and the total the filter matches. */
  list(workspaceId: string, filter: UserFilter | undefined, page: ScimPage): Promise<{ rows: ScimUserRow[]; total: number }> {
    if (!filter) return this.db.scimList(USERS, [workspaceId], page);
    switch (filter.attribute) {
      case 'userName':
        return this.db.scimList(USERS_BY_USER_NAME, [workspaceId, filter.value], page);
      case 'externalId':
        return this.db.scimList(USERS_BY_EXTERNAL_ID, [workspaceId, filter.value], page);
      case 'email':
        return this.db.scimList(USERS_BY_EMAIL, [workspaceId, filter.value, filter.type ?? null], page);
    }
  }

  async insert(tx: Tx, workspaceId: string, userId: string, f: ScimUserFields): Promise<string> {
    const row = await tx.one(INSERT_USER, [
      workspaceId,
      userId,
      f.userName,
      f.externalId,
      f.displayName,
      f.name,
      JSON.stringify(f.emails),
      f.enterprise,
      f.active,
    ]);
    return row.id;
  }

  async update(tx: Tx, id: string, f: ScimUserFields): Promise<void> {
    await tx.run(UPDATE_USER, [id, f.userName, f.externalId, f.displayName, f.name, JSON.stringify(f.emails), f.enterprise, f.active]);
  }

  async delete(tx: Tx, id: string): Promise<void> {
    await tx.run(DELETE_USER, [id]);
  }

  /** Whether another SCIM User of the workspace has this userName (compared case-insensitively). */
  async userNameTaken(tx: Tx, workspaceId: string, userName: string, except: string | null = null): Promise<boolean> {
    return (await tx.rows(USER_NAME_TAKEN, [workspaceId, userName, except])).length > 0;
  }

  /** The SCIM User of this workspace linked to an account, if any. */
  async findIdByAccount(tx: Tx, workspaceId: string, userId: string): Promise<string | undefined> {
    return (await tx.maybe(USER_ID_BY_ACCOUNT, [workspaceId, userId]))?.id;
  }

  /** Of the given ids, those that are SCIM Users of this workspace (others are skipped). */
  async existingIds(tx: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await tx.rows(EXISTING_USER_IDS, [workspaceId, ids])).map((r) => r.id);
  }

  // ---- data requests (issue 22) ----

  /** A page of the SCIM records of a data subject (an operator) in the workspace, as the identity provider sent them; by id. */
  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return m.rows(EXPORT_SCIM_USERS, [s.workspaceId, s.userIds, after ?? null]);
  }

  /**
   * Erasure: the subject's SCIM record in the workspace (and its group memberships) is deleted,
   * and the sync log of its writes keeps no external id or detail.
   */
  async erase(m: Tx, s: DataSubject): Promise<void> {
    const tx = m;
    const ids = (await tx.rows(ERASE_SCIM_USERS, [s.workspaceId, s.userIds])).map((r) => r.id);
    if (ids.length === 0) return;
    await tx.run(ERASE_SCIM_SYNC_EVENTS, [s.workspaceId, ids]);
  }
}
