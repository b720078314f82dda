import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AuditLog } from '../audit';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { parseScimPage, scimListResponse, ScimListResponse } from '../core/listing/scim-page';
import { ScimAccountsRepository } from './scim-accounts.repository';
import { parseGroupFilter } from './scim-filter';
import { GroupMember, ScimGroupRow, ScimGroupsRepository } from './scim-groups.repository';
import { applyPatch, memberChange, PatchOp, readPatchOperations, rootOf } from './scim-patch';
import { groupResource, patchMeta, ScimGroupResource } from './scim-resources';
import { ScimUrns } from './scim-schemas';
import { ScimAudited, ScimSyncLog, writeTarget } from './scim-sync-log.service';
import { assertScimString, member } from './scim-user-input';
import { ScimInvalidSyntax, ScimInvalidValue } from './scim.errors';
import type { Tx } from '../core/database/db.service';

interface GroupInput {
  displayName: string;
  externalId: string | null;
  /** undefined: the body has no `members` (a PATCH of other attributes leaves them alone) */
  members?: string[];
}

/** A group's attributes as its audit events compare them (members are rows of their own, not compared). */
const AUDITED_GROUP_FIELDS = ['display_name', 'external_id'] as const;
const auditedGroup = (displayName: string, externalId: string | null) => ({ display_name: displayName, external_id: externalId });

/** Most members one request may name. */
const MAX_MEMBERS_PER_REQUEST = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** User ids of a members list; values that are not UUIDs cannot name a User of this workspace and are skipped. */
function memberIds(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  if (v.length > MAX_MEMBERS_PER_REQUEST) throw new ScimInvalidValue(`at most ${MAX_MEMBERS_PER_REQUEST} members per request`);
  const ids = v
    .map((m) => (isObject(m) ? member(m, 'value') : undefined))
    .filter((id): id is string => typeof id === 'string' && isUUID(id.trim()));
  return [...new Set(ids.map((id) => id.trim().toLowerCase()))];
}

function readGroupInput(body: unknown): GroupInput {
  if (!isObject(body)) throw new ScimInvalidSyntax('the body must be a JSON object');
  const displayName = member(body, 'displayName');
  if (typeof displayName !== 'string' || !displayName.trim()) throw new ScimInvalidValue('displayName is required');
  assertScimString(displayName, 'displayName');
  const externalId = member(body, 'externalId');
  if (typeof externalId === 'string') assertScimString(externalId, 'externalId');
  const members = member(body, 'members');
  return {
    displayName: displayName.trim(),
    externalId: typeof externalId === 'string' ? externalId : null,
    members: members === undefined || members === null ? undefined : memberIds(members),
  };
}

/** Ids in a PATCH of members: only UUIDs can name a User; the rest are skipped like unknown ids. */
const uuids = (ids: string[]) => [...new Set(ids.filter((id) => isUUID(id)).map((id) => id.toLowerCase()))];

/**
 * SCIM Groups. Members are User ids of the same workspace (unknown or foreign ids are skipped);
 * membership changes are row inserts and deletes. A group an operator mapped to a role grants it
 * to its members (the highest of their groups; the owner is never demoted), recomputed in the
 * same transaction as every change of members or of the group.
 */
@Injectable()
export class ScimGroupsService {
  constructor(
    private readonly groups: ScimGroupsRepository,
    private readonly accounts: ScimAccountsRepository,
    private readonly sync: ScimSyncLog,
    private readonly config: AppConfig,
  ) {}

  async get(workspaceId: string, id: string, withMembers: boolean): Promise<ScimGroupResource> {
    const row = await this.found(workspaceId, id);
    return this.resource(row, withMembers);
  }

  async list(workspaceId: string, query: Record<string, unknown>, withMembers: boolean): Promise<ScimListResponse<ScimGroupResource>> {
    const page = parseScimPage(query);
    const filter = this.config.scimGroupFilters ? parseGroupFilter(query.filter) : undefined;
    const { rows, total } = await this.groups.list(workspaceId, filter, page);
    const members = withMembers ? await this.groups.members(rows.map((r) => r.id)) : undefined;
    return scimListResponse(
      page,
      rows.map((r) => groupResource(r, members?.get(r.id), this.config.baseUrl)),
      total,
    );
  }

  async create(workspaceId: string, body: unknown, withMembers: boolean): Promise<ScimGroupResource> {
    const { id } = await this.sync.write(workspaceId, 'create', 'Group', writeTarget(body, null), 201, async (tx) => {
      const input = readGroupInput(body);
      const groupId = await this.groups.insert(tx, workspaceId, input.displayName, input.externalId);
      await this.groups.addMembers(tx, groupId, workspaceId, input.members ?? []);
      const changes = AuditLog.changes(null, auditedGroup(input.displayName, input.externalId), AUDITED_GROUP_FIELDS);
      return { id: groupId, externalId: input.externalId, audited: { label: input.displayName, changes } };
    });
    return this.get(workspaceId, id, withMembers);
  }

  /** PUT: displayName, externalId and members replaced (members omitted: none). */
  async replace(workspaceId: string, id: string, body: unknown, withMembers: boolean): Promise<ScimGroupResource> {
    await this.sync.write(workspaceId, 'replace', 'Group', writeTarget(body, id), 200, async (tx) => {
      const row = await this.found(workspaceId, id, tx);
      const input = readGroupInput(body);
      await this.groups.update(tx, row.id, input.displayName, input.externalId);
      await this.setMembers(tx, row, input.members ?? []);
      return { id: row.id, externalId: input.externalId, audited: this.audited(row, input.displayName, input.externalId) };
    });
    return this.get(workspaceId, id, withMembers);
  }

  /**
   * PATCH: `members` operations become row inserts and deletes; the others (displayName,
   * externalId) are applied to the group by scim-patch.
   */
  async patch(workspaceId: string, id: string, body: unknown, withMembers: boolean): Promise<ScimGroupResource> {
    await this.sync.write(workspaceId, 'patch', 'Group', { resourceId: id }, 200, async (tx) => {
      const row = await this.found(workspaceId, id, tx);
      const ops = readPatchOperations(body, ScimUrns.group);
      const memberOps = ops.filter((op) => rootOf(op.path ?? '') === 'members');
      const otherOps = ops.filter((op) => rootOf(op.path ?? '') !== 'members');
      let externalId = row.external_id;
      let displayName = row.display_name;
      if (otherOps.length > 0) {
        const current = groupResource(row, undefined, this.config.baseUrl);
        const patched = applyPatch({ ...current, meta: patchMeta(current.meta) }, otherOps);
        const input = readGroupInput(patched);
        externalId = input.externalId;
        displayName = input.displayName;
        await this.groups.update(tx, row.id, input.displayName, input.externalId);
      } else {
        await this.groups.touch(tx, row.id);
      }
      for (const op of memberOps) await this.applyMemberOp(tx, row, op);
      return { id: row.id, externalId, audited: this.audited(row, displayName, externalId) };
    });
    return this.get(workspaceId, id, withMembers);
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    await this.sync.write(workspaceId, 'delete', 'Group', { resourceId: id }, 204, async (tx) => {
      const row = await this.found(workspaceId, id, tx);
      const members = await this.groups.memberIds(tx, row.id);
      await this.groups.delete(tx, row.id);
      await this.accounts.recomputeRoles(tx, workspaceId, members);
      return { id: row.id, externalId: row.external_id, audited: { label: row.display_name, changes: null } };
    });
  }

  /** An update's audit: the group's attributes before and after. */
  private audited(row: ScimGroupRow, displayName: string, externalId: string | null): ScimAudited {
    return {
      label: displayName,
      changes: AuditLog.changes(
        auditedGroup(row.display_name, row.external_id),
        auditedGroup(displayName, externalId),
        AUDITED_GROUP_FIELDS,
      ),
    };
  }

  private async applyMemberOp(tx: Tx, row: ScimGroupRow, op: PatchOp): Promise<void> {
    const change = memberChange(op);
    switch (change.kind) {
      case 'add':
        await this.changed(tx, row, await this.groups.addMembers(tx, row.id, row.workspace_id, uuids(change.ids)));
        return;
      case 'remove':
        await this.changed(tx, row, await this.groups.removeMembers(tx, row.id, uuids(change.ids)));
        return;
      case 'remove_all':
        await this.changed(tx, row, await this.groups.removeMembers(tx, row.id));
        return;
      case 'replace':
        await this.setMembers(tx, row, uuids(change.ids));
    }
  }

  private async setMembers(tx: Tx, row: ScimGroupRow, ids: string[]): Promise<void> {
    const removed = await this.groups.removeMembers(tx, row.id);
    const added = await this.groups.addMembers(tx, row.id, row.workspace_id, ids);
    await this.changed(tx, row, [...removed, ...added]);
  }

  /** Members who joined or left a group that grants a role get their role recomputed. */
  private async changed(tx: Tx, row: ScimGroupRow, scimUserIds: string[]): Promise<void> {
    if (row.role !== null) await this.accounts.recomputeRoles(tx, row.workspace_id, scimUserIds);
  }

  private async found(workspaceId: string, id: string, tx?: Tx): Promise<ScimGroupRow> {
    if (!isUUID(id)) throw new NotFoundProblem();
    const row = tx
      ? await this.groups.findForUpdate(tx, workspaceId, id.toLowerCase())
      : await this.groups.find(workspaceId, id.toLowerCase());
    if (!row) throw new NotFoundProblem();
    return row;
  }

  private async resource(row: ScimGroupRow, withMembers: boolean): Promise<ScimGroupResource> {
    const members: GroupMember[] | undefined = withMembers ? (await this.groups.members([row.id])).get(row.id) : undefined;
    return groupResource(row, members, this.config.baseUrl);
  }
}
