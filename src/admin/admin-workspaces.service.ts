import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '../core/common/problem/problem.error';
import { listEnvelope } from '../core/listing/list-envelope';
import { WorkspacesService } from '../identity';
import { AdminWorkspacesRepository } from './admin-workspaces.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { WorkspaceStatus } from '../identity';
import type { ADMIN_WORKSPACE_LIST, AdminWorkspaceDto, AdminWorkspaceListDto } from './dto/admin.dto';

/**
 * The platform admin's view of every workspace (the controller's @OperatorAuth admits platform
 * admins only). A change goes through WorkspacesService, so it reaches machine traffic on every
 * node as any workspace change does.
 */
@Injectable()
export class AdminWorkspacesService {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly repo: AdminWorkspacesRepository,
  ) {}

  /** A page of all workspaces, newest first, with the total. */
  async list(q: ListQuery<typeof ADMIN_WORKSPACE_LIST.key, true>): Promise<AdminWorkspaceListDto> {
    const { workspaces, total } = await this.repo.listNewestFirst(q);
    return listEnvelope(q, workspaces, total);
  }

  /** One workspace, or 404 not_found. */
  async find(id: string): Promise<AdminWorkspaceDto> {
    const workspace = await this.repo.findById(id);
    if (!workspace) throw new NotFoundProblem();
    return workspace;
  }

  /** Sets the status and/or plan (404 not_found for an unknown workspace). */
  update(id: string, changes: { status?: WorkspaceStatus; plan?: string }): Promise<AdminWorkspaceDto> {
    return this.workspaces.update(id, changes);
  }
}
