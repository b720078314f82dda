import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { ScimAccountsRepository } from './scim-accounts.repository';
import { OperatorScimGroupRow, ScimGroupsRepository } from './scim-groups.repository';
import { ScimSyncEventRow, ScimSyncEventsRepository } from './scim-sync-events.repository';
import type { ListQuery } from '../core/listing/list-query';
import type {
  GroupRole,
  ScimGroupDto,
  ScimGroupListDto,
  ScimSyncEventDto,
  ScimSyncEventListDto,
  SCIM_EVENT_LIST,
  SCIM_GROUP_LIST,
} from './dto/scim-operator.dto';

const iso = (d: Date) => new Date(d).toISOString();
const groupDto = (r: OperatorScimGroupRow): ScimGroupDto => ({ ...r, inserted_at: iso(r.inserted_at), updated_at: iso(r.updated_at) });
const eventDto = (r: ScimSyncEventRow): ScimSyncEventDto => ({ ...r, inserted_at: iso(r.inserted_at) });

/** What operators see and decide of the SCIM plane: the groups (and the role each grants) and the sync log. */
@Injectable()
export class ScimConsoleService {
  constructor(
    private readonly db: Db,
    private readonly groups: ScimGroupsRepository,
    private readonly accounts: ScimAccountsRepository,
    private readonly events: ScimSyncEventsRepository,
    private readonly audit: AuditLog,
  ) {}

  async listGroups(workspaceId: string, q: ListQuery<typeof SCIM_GROUP_LIST.key, true>): Promise<ScimGroupListDto> {
    const { rows, total } = await this.groups.listForOperators(workspaceId, q);
    return listEnvelope(q, rows.map(groupDto), total);
  }

  /**
   * Maps a group to a role (or none): its members' roles are recomputed in the same transaction,
   * with the operator's `scim_group.update` event naming the role before and after.
   */
  async mapGroup(workspaceId: string, id: string, role: GroupRole | null): Promise<ScimGroupDto> {
    await this.db.transaction(async (tx) => {
      const before = await this.groups.findForUpdate(tx, workspaceId, id);
      if (!before || !(await this.groups.setRole(tx, workspaceId, id, role))) throw new NotFoundProblem();
      await this.accounts.recomputeRoles(tx, workspaceId, await this.groups.memberIds(tx, id));
      await this.audit.record(tx, {
        workspaceId,
        action: 'scim_group.update',
        target: { type: 'scim_group', id, label: before.display_name },
        changes: AuditLog.changes({ role: before.role }, { role }, ['role']),
      });
    });
    return groupDto((await this.groups.findForOperators(workspaceId, id))!);
  }

  async listEvents(workspaceId: string, q: ListQuery<typeof SCIM_EVENT_LIST.key, true>): Promise<ScimSyncEventListDto> {
    const { rows, total } = await this.events.list(workspaceId, q);
    return listEnvelope(q, rows.map(eventDto), total);
  }
}
