import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { formatDurationMs } from '../core/text/duration';
import { WorkspaceOperator } from '../sessions';
import { ApprovalsService } from './approvals.service';
import { APPROVAL_LIST, APPROVAL_TTL_MS, ApprovalEnvelopeDto, ApprovalListDto } from './dto/approval.dto';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Approvals of the session's workspace: read by members, approved or denied once by admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/approvals')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's approvals",
    description:
      'Operator session, any member of the workspace. Answers the approvals newest first; `limit` 1-100 (default 50) and `offset`; ' +
      'only the nested filters `filter[status]` and `filter[service_agent_id]` are read, a top-level `status` is ignored.',
  })
  @ApiList(APPROVAL_LIST)
  @ApiOkResponse({ type: ApprovalListDto, description: 'newest first; only the nested filter[...] form is read' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<ApprovalListDto> {
    return this.approvals.list(op.workspaceId, parseList(APPROVAL_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOperation({
    summary: 'Show an approval',
    description:
      'Operator session, any member of the workspace. Answers the approval; 404 `not_found` for an approval of another workspace.',
  })
  @ApiOkResponse({ type: ApprovalEnvelopeDto })
  @ApiNotInWorkspace()
  async show(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<ApprovalEnvelopeDto> {
    return { approval: await this.approvals.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Post(':id/approve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Approve a pending approval',
    description:
      'Operator session, owners and admins. Decides a pending approval once, recording `approval.decided` and who decided; answers the approved approval. ' +
      `409 \`approval_not_pending\` when it was already decided or has expired (${formatDurationMs(APPROVAL_TTL_MS, 'hour')} after the check).`,
  })
  @ApiOkResponse({ type: ApprovalEnvelopeDto, description: 'the approved approval' })
  @ApiConflictResponse({ type: ProblemDto, description: 'approval_not_pending (already decided, or expired)' })
  @ApiNotInWorkspace()
  async approve(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<ApprovalEnvelopeDto> {
    return { approval: await this.approvals.decide(op.workspaceId, id, 'approved', op.userId) };
  }

  @OperatorAuth({ role: 'admin' })
  @Post(':id/deny')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Deny a pending approval',
    description:
      'Operator session, owners and admins. Decides a pending approval once, recording `approval.decided` and who decided; answers the denied approval. ' +
      `409 \`approval_not_pending\` when it was already decided or has expired (${formatDurationMs(APPROVAL_TTL_MS, 'hour')} after the check).`,
  })
  @ApiOkResponse({ type: ApprovalEnvelopeDto, description: 'the denied approval' })
  @ApiConflictResponse({ type: ProblemDto, description: 'approval_not_pending (already decided, or expired)' })
  @ApiNotInWorkspace()
  async deny(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Param('id', uuidParam) id: string): Promise<ApprovalEnvelopeDto> {
    return { approval: await this.approvals.decide(op.workspaceId, id, 'denied', op.userId) };
  }
}
