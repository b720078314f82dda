import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { ApiInvalidBody, ApiNotInWorkspace, OperatorResource, uuidParam } from '../core/openapi/operator-docs';
import { WorkspaceOperator } from '../sessions';
import {
  SECURITY_VIOLATION_LIST,
  SecurityViolationEnvelopeDto,
  SecurityViolationListDto,
  UpdateSecurityViolationDto,
} from './dto/security-violation.dto';
import { SecurityViolationsService } from './security-violations.service';
import type { WorkspaceOperatorPrincipal } from '../sessions';

/** Security violations of the session's workspace: read by members, acknowledged and resolved by admins and owners. */
@OperatorResource()
@Controller('api/v1/operator/security_violations')
export class SecurityViolationsController {
  constructor(private readonly violations: SecurityViolationsService) {}

  @OperatorAuth({ role: 'member' })
  @Get()
  @ApiOperation({
    summary: "List the workspace's security violations",
    description:
      "Any member of the workspace (session cookie): answers `{ security_violations, count, pagination }`, newest first. Violations are opened by a gateway deny (medium) and by a revoked or archived key, or a retired robot's credential, being presented (high); repeats in the same hour count on one unresolved violation. " +
      'Only the nested `filter[status]`, `filter[severity]` and `filter[kind]` are read (a top-level `?status=` is ignored); a bad value is 400 `invalid_<name>`.',
  })
  @ApiList(SECURITY_VIOLATION_LIST)
  @ApiOkResponse({ type: SecurityViolationListDto, description: 'newest first; only the nested filter[...] form is read' })
  list(@WorkspaceOperator() op: WorkspaceOperatorPrincipal, @Query() query: Record<string, unknown>): Promise<SecurityViolationListDto> {
    return this.violations.list(op.workspaceId, parseList(SECURITY_VIOLATION_LIST, query));
  }

  @OperatorAuth({ role: 'member' })
  @Get(':id')
  @ApiOperation({
    summary: 'Show a security violation',
    description:
      'Any member of the workspace (session cookie): answers `{ security_violation }` with its detail, occurrences and who acknowledged or resolved it. 404 `not_found` for a violation of another workspace.',
  })
  @ApiOkResponse({ type: SecurityViolationEnvelopeDto })
  @ApiNotInWorkspace()
  async show(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
  ): Promise<SecurityViolationEnvelopeDto> {
    return { security_violation: await this.violations.show(op.workspaceId, id) };
  }

  @OperatorAuth({ role: 'admin' })
  @Patch(':id')
  @ApiOperation({
    summary: 'Acknowledge or resolve a security violation',
    description:
      'Owners and admins of the workspace (session cookie) move a violation with `{ status }`: open → acknowledged → resolved, or open → resolved; the change records who made it and when. ' +
      'Answers `{ security_violation }`; 409 `invalid_transition` for any other move; 404 `not_found` for a violation of another workspace; 422 `validation_failed` for an unknown status.',
  })
  @ApiOkResponse({ type: SecurityViolationEnvelopeDto, description: 'the changed violation' })
  @ApiConflictResponse({ type: ProblemDto, description: 'invalid_transition' })
  @ApiNotInWorkspace()
  @ApiInvalidBody()
  async update(
    @WorkspaceOperator() op: WorkspaceOperatorPrincipal,
    @Param('id', uuidParam) id: string,
    @Body() dto: UpdateSecurityViolationDto,
  ): Promise<SecurityViolationEnvelopeDto> {
    return { security_violation: await this.violations.changeStatus(op.workspaceId, id, dto.status, op.userId) };
  }
}
